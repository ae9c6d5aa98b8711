import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import { path } from '../../internal/path.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../../internal/resource.js';
import type { UnknownEnumValue } from '../../core/open-enum.js';
import {
  type Accepts,
  type Assert,
  intRange,
  oneOf,
  openEnum,
  parseInput,
  type ParsesTo,
  wireDateTime,
  typedAs,
  closedObject,
} from '../../internal/schema.js';
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
    return this._request(
      'GET',
      () => ({ path: path`sms/webhooks/${{ webhookId }}` }),
      SmsWebhookSchema,
      opts,
    );
  }

  /**
   * Registers an SMS webhook (POST /sms/webhooks). Keep the returned `secret`: it verifies deliveries.
   *
   * @example
   * await client.sms.webhooks.create({
   *   url: 'https://example.com/hooks/sms',
   *   events: ['message.delivered', 'message.failed'],
   * });
   */
  create(body: SmsWebhookCreateParams, opts?: RequestOptions): APIPromise<SmsWebhook> {
    return this._request(
      'POST',
      () => ({
        path: 'sms/webhooks',
        body: parseInput(SmsWebhookCreateParamsSchema, body, 'SmsWebhookCreateParams'),
      }),
      SmsWebhookSchema,
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
/**
 * An event an SMS webhook can subscribe to: `message.queued`, `.sent`, `.delivered`, `.failed`, `.expired`,
 * or one added later.
 */
export type SmsWebhookEventName =
  (typeof SMS_WEBHOOK_EVENTS)[number] | UnknownEnumValue<'SmsWebhookEventName'>;

/** How the service retries failed deliveries to an SMS webhook. */
export interface SmsWebhookRetryConfig {
  /** Most delivery attempts, 0 or more. */
  max_attempts?: number | undefined;
  /** Seconds between attempts, 0 or more. */
  backoff_seconds?: number | undefined;
}

const retryConfig = z.looseObject({
  max_attempts: z.optional(z.number()),
  backoff_seconds: z.optional(z.number()),
});
// A compile error here means the schema and the interface above no longer name the same fields.
type _RetryConfigTie = Assert<ParsesTo<typeof retryConfig, SmsWebhookRetryConfig>>;
const RetryConfigSchema = typedAs<SmsWebhookRetryConfig>(retryConfig);

/**
 * An SMS webhook as the service returns it. Fields the service adds later are kept on the object
 * at run time without being typed: reach one with `'field' in hook` (docs/decisions.md, Types).
 */
export interface SmsWebhook {
  /** Unique webhook identifier. */
  id: string;
  /** Callback URL (HTTPS). */
  url: string;
  /** The events delivered to `url`. */
  events: SmsWebhookEventName[];
  /** Whether the webhook is active. */
  enabled: boolean;
  /** The secret that signs deliveries: pass it to `Webhooks.constructEvent`. */
  secret?: string;
  /** Retry configuration for failed deliveries. */
  retry_config?: SmsWebhookRetryConfig;
  /** Last successful delivery, ISO 8601, or null. */
  last_triggered_at?: string | null;
  /** Consecutive failed deliveries. */
  failure_count?: number;
  /** Creation time, ISO 8601. */
  created_at?: string;
}

const smsWebhook = z.looseObject({
  id: z.string(),
  url: z.string(),
  events: z.array(openEnum<SmsWebhookEventName>()),
  enabled: z.boolean(),
  secret: z.optional(z.string()),
  retry_config: z.optional(RetryConfigSchema),
  last_triggered_at: nullableString(),
  failure_count: z.optional(z.number()),
  created_at: z.optional(wireDateTime()),
});
type _SmsWebhookTie = Assert<ParsesTo<typeof smsWebhook, SmsWebhook>>;
/** Parses an SmsWebhook; loose, so fields the service adds later are kept. */
export const SmsWebhookSchema = typedAs<SmsWebhook>(smsWebhook);

const nonNegativeInt = intRange(0, Number.MAX_SAFE_INTEGER, 'must be a whole number of 0 or more');

/** Body of `sms.webhooks.create`. */
export interface SmsWebhookCreateParams {
  /** Where to POST events: an absolute `https://` URL. */
  url: string;
  /** Events to deliver: `message.queued`, `message.sent`, `message.delivered`, `message.failed`, `message.expired`. */
  events: SmsWebhookEventName[];
  /**
   * Whether the webhook is active; the service decides when absent (the reference names the field, not its
   * default).
   */
  enabled?: boolean | undefined;
  /** How failed deliveries are retried (the reference names the fields, not how they relate to its schedule). */
  retry_config?: SmsWebhookRetryConfig | undefined;
}

/**
 * Checks a `sms.webhooks.create` body. Open: the reference leaves this request's further fields
 * "not shown", so a property it does not name is sent as given, unless it is a near miss of a
 * documented one (`Enabled`, `retryConfig`), which is refused. `retry_config` is closed.
 */
export const SmsWebhookCreateParamsSchema = z.looseObject({
  url: httpsUrl,
  events: z.array(
    oneOf<SmsWebhookEventName>(
      SMS_WEBHOOK_EVENTS,
      `must be one of ${SMS_WEBHOOK_EVENTS.join(', ')} (balance.low cannot be subscribed here)`,
    ),
  ),
  enabled: z.optional(z.boolean()),
  retry_config: z.optional(
    closedObject({
      max_attempts: z.optional(nonNegativeInt),
      backoff_seconds: z.optional(nonNegativeInt),
    }),
  ),
});
type _SmsWebhookCreateParamsTie = Assert<
  Accepts<typeof SmsWebhookCreateParamsSchema, SmsWebhookCreateParams>
>;
