import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import { path } from '../../core/path.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../../core/resource.js';
import { intRange, oneOf, openEnum, parseInput, wireDateTime } from '../../core/schema.js';
import { httpsUrl, nullableString } from './fields.js';

/** SMS webhooks: where the service POSTs message events. */
export class SmsWebhooks extends APIResource {
  protected readonly area = 'sms';

  /**
   * Gets one SMS webhook (GET /sms/webhooks/{webhook_id}).
   *
   * @example const hook = await client.sms.webhooks.retrieve('wh_123')
   */
  retrieve(webhookId: string, opts?: RequestOptions): APIPromise<SmsWebhook> {
    return this._request('GET', () => ({ path: path`sms/webhooks/${{ webhookId }}` }), SmsWebhook, opts);
  }

  /**
   * Registers an SMS webhook (POST /sms/webhooks). Keep the returned `secret`: it verifies deliveries.
   *
   * @example await client.sms.webhooks.create({ url: 'https://example.com/hooks/sms', events: ['message.delivered', 'message.failed'] })
   */
  create(body: SmsWebhookCreateParams, opts?: RequestOptions): APIPromise<SmsWebhook> {
    return this._request(
      'POST',
      () => ({
        path: 'sms/webhooks',
        body: parseInput(SmsWebhookCreateParams, body, 'SmsWebhookCreateParams'),
      }),
      SmsWebhook,
      opts,
    );
  }
}

/** The events an SMS webhook can subscribe to, as the reference names them. */
const SMS_WEBHOOK_EVENTS = [
  'message.queued',
  'message.sent',
  'message.delivered',
  'message.failed',
  'message.expired',
] as const;
/** An event an SMS webhook can subscribe to. */
export type SmsWebhookEventName = (typeof SMS_WEBHOOK_EVENTS)[number] | (string & {});

/** An SMS webhook as the service returns it. */
export const SmsWebhook = z.looseObject({
  /** Unique webhook identifier. */
  id: z.string(),
  /** Callback URL (HTTPS). */
  url: z.string(),
  /** The events delivered to `url`. */
  events: z.array(openEnum(SMS_WEBHOOK_EVENTS)),
  /** Whether the webhook is active. */
  enabled: z.boolean(),
  /** The secret that signs deliveries: pass it to `Webhooks.constructEvent`. */
  secret: z.optional(z.string()),
  /** Retry configuration for failed deliveries. */
  retry_config: z.optional(
    z.looseObject({
      /** Most delivery attempts. */
      max_attempts: z.optional(z.number()),
      /** Seconds between attempts. */
      backoff_seconds: z.optional(z.number()),
    }),
  ),
  /** Last successful delivery, ISO 8601, or null. */
  last_triggered_at: nullableString(),
  /** Consecutive failed deliveries. */
  failure_count: z.optional(z.number()),
  /** Creation time, ISO 8601. */
  created_at: z.optional(wireDateTime()),
});
/**
 * An SMS webhook as the service returns it.
 *
 * @interface
 */
export type SmsWebhook = z.output<typeof SmsWebhook>;

const nonNegativeInt = intRange(0, Number.MAX_SAFE_INTEGER, 'must be a whole number of 0 or more');

/** Body of `sms.webhooks.create`; `enabled` and `retry_config` are passed through as given. */
export const SmsWebhookCreateParams = z.looseObject({
  /** Where to POST events: an absolute `https://` URL. */
  url: httpsUrl,
  /** Events to deliver: `message.queued`, `message.sent`, `message.delivered`, `message.failed`, `message.expired`. */
  events: z.array(
    oneOf(
      SMS_WEBHOOK_EVENTS,
      `must be one of ${SMS_WEBHOOK_EVENTS.join(', ')} (balance.low cannot be subscribed here)`,
    ),
  ),
  /** Whether the webhook is active (passed through; the reference does not show it). */
  enabled: z.optional(z.boolean()),
  /** Retry configuration (passed through; the reference does not show it). */
  retry_config: z.optional(
    z.looseObject({
      /** Most delivery attempts, 0 or more. */
      max_attempts: z.optional(nonNegativeInt),
      /** Seconds between attempts, 0 or more. */
      backoff_seconds: z.optional(nonNegativeInt),
    }),
  ),
});
/**
 * Body of `sms.webhooks.create`.
 *
 * @interface
 */
export type SmsWebhookCreateParams = z.input<typeof SmsWebhookCreateParams>;
