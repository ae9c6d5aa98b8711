import type { APIPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../resource.js';
import type { SmsWebhook, SmsWebhookCreateParams } from '../models/sms.js';

export type {
  SmsWebhook,
  SmsWebhookEventName,
  SmsWebhookRetryConfig,
  SmsWebhookCreateParams,
} from '../models/sms.js';

/** SMS webhooks: where the service POSTs message events. */
export class SmsWebhooks extends APIResource {
  /**
   * Gets one SMS webhook (GET /sms/webhooks/{webhook_id}).
   *
   * @example const hook = await client.sms.webhooks.retrieve('wh_123')
   */
  retrieve(webhookId: string, opts?: RequestOptions): APIPromise<SmsWebhook> {
    return this._request('sms.webhooks.retrieve', { path: [{ webhookId }] }, opts);
  }

  /**
   * Registers an SMS webhook (POST /sms/webhooks). Keep the returned `secret`: it verifies deliveries.
   * The reference does not show this answer, so any 2xx resolves: with the webhook when the service
   * sends it, else `undefined` (the webhook was registered all the same).
   *
   * @example
   * await client.sms.webhooks.create({
   *   url: 'https://example.com/hooks/sms',
   *   events: ['message.delivered', 'message.failed'],
   * });
   */
  create(body: SmsWebhookCreateParams, opts?: RequestOptions): APIPromise<SmsWebhook | undefined> {
    return this._request('sms.webhooks.create', { body }, opts);
  }
}
