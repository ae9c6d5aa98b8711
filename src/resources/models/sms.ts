// The sms models: what the service returns (Message, BulkJob, SmsWebhook) and what each method
// accepts, with their schemas. The resources import only their types: the schemas load with the
// engine on the first request (resources/engine.ts). In a module of their own, so that the
// resources, the campaigns (src/campaigns/) and webhooks/events.ts import them without importing
// each other: the import graph has no cycle (scripts/house/import-cycles.mjs).
import * as z from 'zod/mini';
import type { UnknownEnumValue } from '../../core/open-enum.js';
import {
  type Accepts,
  answerNotShown,
  type Assert,
  closedObject,
  cursorPage,
  fail,
  inputDateTime,
  intRange,
  list,
  nullableString,
  oneOf,
  optional,
  type OpenEnum,
  type ParsesTo,
  rule,
  typedAs,
  wireBoolean,
  wireNumber,
  wireString,
} from '../../internal/schema.js';
import { isObject } from '../../internal/exact-check.js';
import { LIMITS } from '../../limits.js';
import { pageLimit } from './fields.js';
import {
  futureScheduleAt,
  httpsUrl,
  type MessageStatus,
  loosePhone,
  messageStatus,
  messageText,
  phone,
  referenceId,
  type Route,
  route,
  routeParam,
  scheduleAt,
  senderId,
} from './sms-fields.js';
import { BULK_ROUTES, SMS_WEBHOOK_EVENTS } from './sms-rules.js';

export type { MessageStatus, Route } from './sms-fields.js';

// A response date-time is kept as the wire string: a plain wireString.

/**
 * An SMS message as the service returns it. Fields the service adds later are kept on the object
 * at run time without being typed: reach one with `'field' in message` (docs/decisions/closed-responses.md).
 */
export interface Message {
  /** Unique message identifier. */
  id: string;
  /** Recipient number in international format, without `+`. */
  to: string;
  /** Sender ID, alphanumeric or numeric. */
  from: string;
  /** Message content (sent as `message` on create). */
  body: string;
  /** Delivery status: `queued`, `sent`, `delivered`, `failed`, `expired`, or a value added later. */
  status: MessageStatus;
  /** Creation time, ISO 8601. */
  created_at: string;
  /** The route used. */
  route?: Route;
  /** Number of SMS segments (160 characters each). */
  segments?: number;
  /** Cost in the account currency. */
  cost?: number;
  /** Scheduled delivery time (ISO 8601), or null when sent at once. */
  scheduled_at?: string | null;
  /** When the message was handed to the carrier, or null. */
  sent_at?: string | null;
  /** When the message was delivered, or null. */
  delivered_at?: string | null;
  /** Why delivery failed (e.g. `number_unreachable`), or null. */
  error_code?: string | null;
}

const message = z.looseObject({
  id: wireString,
  to: wireString,
  from: wireString,
  body: wireString,
  status: messageStatus,
  created_at: wireString,
  route: optional(route),
  segments: optional(wireNumber),
  cost: optional(wireNumber),
  scheduled_at: nullableString,
  sent_at: nullableString,
  delivered_at: nullableString,
  error_code: nullableString,
});
// A compile error here means the schema and the interface above no longer name the same fields.
type _MessageTie = Assert<ParsesTo<typeof message, Message>>;
/** Parses a Message; loose, so fields the service adds later are kept. */
export const MessageSchema = typedAs<Message>(message);

/** A page of `messages.list`. */
export const MessagePage = cursorPage(MessageSchema);

/** Body of `messages.create`. Date-times accept a `Date` or an ISO 8601 string. */
export interface MessageCreateParams {
  /** Recipient: 8 to 15 digits in international format, such as `447700900123`; a leading `+` is stripped. */
  to: string;
  /** Message content: 1 to 1000 characters (Unicode code points). */
  message: string;
  /**
   * Registered and approved sender ID, at most 11 characters; the service uses the account's default sender
   * when absent.
   */
  from?: string | undefined;
  /**
   * When to send: a `Date` or an ISO 8601 string with a time zone, at most 7 days ahead; null or absent
   * sends at once.
   */
  schedule_at?: string | Date | null | undefined;
  /** `otp`, `transactional` or `promotional`; the service uses `transactional` when absent. */
  route?: Route | undefined;
  /** Your own tracking id, at most 100 characters; not returned on the Message. */
  reference_id?: string | undefined;
  /** An `https://` URL that receives this message's events instead of the account webhook. */
  callback_url?: string | undefined;
}

/** Checks a `messages.create` body. Closed: the reference's request table is complete. */
export const MessageCreateParamsSchema = closedObject({
  to: phone,
  message: messageText,
  from: optional(senderId),
  schedule_at: optional(scheduleAt),
  route: optional(routeParam),
  reference_id: optional(referenceId),
  callback_url: optional(httpsUrl),
});
type _MessageCreateParamsTie = Assert<Accepts<typeof MessageCreateParamsSchema, MessageCreateParams>>;

/** A bulk job's status: `processing`, `completed`, `failed`, `cancelled`, or one added later. */
export type BulkJobStatus =
  'processing' | 'completed' | 'failed' | 'cancelled' | UnknownEnumValue<'BulkJobStatus'>;

/**
 * A bulk job as the service returns it. Fields the service adds later are kept on the object at
 * run time without being typed: reach one with `'field' in job` (docs/decisions/closed-responses.md).
 */
export interface BulkJob {
  /** Unique job identifier. */
  id: string;
  /** `processing`, `completed`, `failed`, `cancelled`, or a value added later. */
  status: BulkJobStatus;
  /** Total number of recipients. */
  total: number;
  /** Messages queued for delivery. */
  queued: number;
  /** Messages sent to the carrier. */
  sent?: number;
  /** Messages delivered. */
  delivered?: number;
  /** Failed deliveries. */
  failed?: number;
  /** Estimated total cost in the account currency. */
  estimated_cost?: number;
  /** Creation time, ISO 8601. */
  created_at?: string;
  /** Completion time, ISO 8601, or null while processing. */
  completed_at?: string | null;
}

const bulkJob = z.looseObject({
  id: wireString,
  status: wireString as OpenEnum<BulkJobStatus>,
  total: wireNumber,
  queued: wireNumber,
  sent: optional(wireNumber),
  delivered: optional(wireNumber),
  failed: optional(wireNumber),
  estimated_cost: optional(wireNumber),
  created_at: optional(wireString),
  completed_at: nullableString,
});
// A compile error here means the schema and the interface above no longer name the same fields.
type _BulkJobTie = Assert<ParsesTo<typeof bulkJob, BulkJob>>;
/** Parses a BulkJob; loose, so fields the service adds later are kept. */
export const BulkJobSchema = typedAs<BulkJob>(bulkJob);

/** Body of `bulk.create`. */
export interface BulkCreateParams {
  /** 1 to 10,000 phone numbers: digits, at most 20 characters each (a leading `+` is stripped). */
  recipients: string[];
  /** Message content for every recipient: 1 to 1000 characters (Unicode code points). */
  message: string;
  /** Registered and approved sender ID, at most 11 characters. */
  from?: string | undefined;
  /** `transactional` or `promotional` (`otp` is not offered for bulk); the service uses `promotional` when absent. */
  route?: Exclude<Route, 'otp'> | undefined;
  /** When to send: a future `Date` or ISO 8601 string with a time zone, at most 7 days ahead. */
  schedule_at?: string | Date | null | undefined;
}

const { min: MIN_RECIPIENTS, max: MAX_RECIPIENTS } = LIMITS.bulkRecipients;

/** Checks a `bulk.create` body. Closed: the reference's request table is complete. */
export const BulkCreateParamsSchema = closedObject({
  recipients: list(loosePhone).check(
    rule(
      (numbers: string[]) => numbers.length >= MIN_RECIPIENTS && numbers.length <= MAX_RECIPIENTS,
      `must list ${MIN_RECIPIENTS} to ${MAX_RECIPIENTS} phone numbers; split larger sends into several jobs`,
    ),
  ),
  message: messageText,
  from: optional(senderId),
  route: optional(
    oneOf<Exclude<Route, 'otp'>>(
      BULK_ROUTES,
      "must be 'transactional' or 'promotional' (otp is not offered for bulk)",
    ),
  ),
  schedule_at: optional(futureScheduleAt),
});
type _BulkCreateParamsTie = Assert<Accepts<typeof BulkCreateParamsSchema, BulkCreateParams>>;

/** Filters and paging of `messages.list`. */
export interface MessageListParams {
  /** Page size, 1 to 100; the service uses 20 when absent. */
  limit?: number | undefined;
  /** Cursor: start after this message id. Iterating sets it for you. */
  after?: string | undefined;
  /**
   * Only messages with this status. Sent as given, so a status the service added later works; one
   * the service does not list is answered 400 (by the mock too).
   */
  status?: MessageStatus | undefined;
  /** Only messages sent on this route; sent as given, like `status`. */
  route?: Route | undefined;
  /** Only messages created after this time: a `Date` or an ISO 8601 string with a time zone. */
  from_date?: string | Date | undefined;
  /** Only messages created before this time: a `Date` or an ISO 8601 string with a time zone. */
  to_date?: string | Date | undefined;
}

// A date-time filter: any instant. One schema for both bounds: zod's schemas are immutable.
const anyDateTime = optional(inputDateTime());

// Strict: an unknown filter would be sent and silently ignored, so it is refused instead.
/** Checks `messages.list` filters. */
export const MessageListParamsSchema = closedObject({
  limit: optional(pageLimit),
  after: optional(wireString),
  // Enum-typed filters read as the response's open enums: any string, as a value read from a
  // response (one the service added later among them) is always a valid filter; body fields keep
  // their closed sets.
  status: optional(messageStatus),
  route: optional(route),
  from_date: anyDateTime,
  to_date: anyDateTime,
});
type _MessageListParamsTie = Assert<Accepts<typeof MessageListParamsSchema, MessageListParams>>;

/** Template variables by name: strings, numbers or booleans, written into the text. */
type Variables = Record<string, string | number | boolean>;

/**
 * Values written into the template's text: strings, numbers or booleans, each named. One plain
 * check function (zod/mini's `check` takes one as it is), so zod loads no custom schema for it.
 */
const variables = z.unknown().check((ctx) => {
  const value = ctx.value;
  if (!isObject(value))
    return fail(ctx, 'must be an object of strings, numbers or booleans to substitute into the template');
  for (const [name, v] of Object.entries(value)) {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
      fail(ctx, 'must be a string, number or boolean', v, [name]);
  }
}) as unknown as z.ZodMiniType<Variables, Variables>;

/** Body of `templates.send`. */
export interface TemplateSendParams {
  /** Recipient: digits, at most 20 characters (a leading `+` is stripped). */
  to: string;
  /** Values substituted into the template, by name: strings, numbers or booleans. */
  variables: Record<string, string | number | boolean>;
  /** Sender ID, at most 11 characters. */
  from?: string | undefined;
  /** `otp`, `transactional` or `promotional`. */
  route?: Route | undefined;
}

/** Checks a `templates.send` body. Closed: the reference's request table is complete. */
export const TemplateSendParamsSchema = closedObject({
  to: loosePhone,
  variables: variables,
  from: optional(senderId),
  route: optional(routeParam),
});
type _TemplateSendParamsTie = Assert<Accepts<typeof TemplateSendParamsSchema, TemplateSendParams>>;

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
  max_attempts: optional(wireNumber),
  backoff_seconds: optional(wireNumber),
});
// A compile error here means the schema and the interface above no longer name the same fields.
type _RetryConfigTie = Assert<ParsesTo<typeof retryConfig, SmsWebhookRetryConfig>>;

/**
 * An SMS webhook as the service returns it. Fields the service adds later are kept on the object
 * at run time without being typed: reach one with `'field' in hook` (docs/decisions/closed-responses.md).
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
  id: wireString,
  url: wireString,
  events: list(wireString as OpenEnum<SmsWebhookEventName>),
  enabled: wireBoolean,
  secret: optional(wireString),
  retry_config: optional(typedAs<SmsWebhookRetryConfig>(retryConfig)),
  last_triggered_at: nullableString,
  failure_count: optional(wireNumber),
  created_at: optional(wireString),
});
type _SmsWebhookTie = Assert<ParsesTo<typeof smsWebhook, SmsWebhook>>;
/** Parses an SmsWebhook; loose, so fields the service adds later are kept. */
export const SmsWebhookSchema = typedAs<SmsWebhook>(smsWebhook);
/**
 * Parses the answer of `sms.webhooks.create`, which the reference does not show: an SmsWebhook
 * when the service sends an object, else `undefined` (any 2xx resolves).
 */
export const SmsWebhookCreateAnswer = answerNotShown(SmsWebhookSchema);

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
  events: list(
    oneOf<SmsWebhookEventName>(
      SMS_WEBHOOK_EVENTS,
      `must be one of ${SMS_WEBHOOK_EVENTS.join(', ')} (balance.low cannot be subscribed here)`,
    ),
  ),
  enabled: optional(wireBoolean),
  retry_config: optional(
    closedObject({
      max_attempts: optional(nonNegativeInt),
      backoff_seconds: optional(nonNegativeInt),
    }),
  ),
});
type _SmsWebhookCreateParamsTie = Assert<
  Accepts<typeof SmsWebhookCreateParamsSchema, SmsWebhookCreateParams>
>;

/**
 * The schemas the operations of this area name (resources/operations.ts), by name: the engine's
 * table (resources/engine.ts), where tsc names a declared schema missing here. A plain object, not
 * the module's namespace (`import * as`), which a bundler builds from a getter per export and a
 * helper that lands in a page's first load.
 */
export const SMS_SCHEMAS = {
  BulkCreateParamsSchema,
  BulkJobSchema,
  MessageCreateParamsSchema,
  MessageListParamsSchema,
  MessagePage,
  MessageSchema,
  SmsWebhookCreateAnswer,
  SmsWebhookCreateParamsSchema,
  SmsWebhookSchema,
  TemplateSendParamsSchema,
};
