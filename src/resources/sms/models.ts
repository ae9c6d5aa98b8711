// The sms models: what the service returns (Message, BulkJob) and the create bodies the batch
// helpers reuse, with their schemas. In a module of their own, as payment/models.ts, so that the
// resources, their batch helpers (create-many.ts, bulk-all.ts) and webhooks/events.ts import them
// without importing each other: the import graph has no cycle (scripts/import-cycles.mjs).
import * as z from 'zod/mini';
import type { UnknownEnumValue } from '../../core/open-enum.js';
import {
  type Accepts,
  type Assert,
  oneOf,
  openEnum,
  type ParsesTo,
  wireDateTime,
  typedAs,
  closedObject,
} from '../../internal/schema.js';
import { LIMITS } from '../../limits.js';
import {
  futureScheduleAt,
  httpsUrl,
  type MessageStatus,
  messageStatus,
  messageText,
  nullableString,
  phone,
  referenceId,
  type Route,
  route,
  routeParam,
  scheduleAt,
  senderId,
} from './fields.js';

/**
 * An SMS message as the service returns it. Fields the service adds later are kept on the object
 * at run time without being typed: reach one with `'field' in message` (docs/decisions.md, Types).
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
  id: z.string(),
  to: z.string(),
  from: z.string(),
  body: z.string(),
  status: messageStatus,
  created_at: wireDateTime(),
  route: z.optional(route),
  segments: z.optional(z.number()),
  cost: z.optional(z.number()),
  scheduled_at: nullableString(),
  sent_at: nullableString(),
  delivered_at: nullableString(),
  error_code: nullableString(),
});
// A compile error here means the schema and the interface above no longer name the same fields.
type _MessageTie = Assert<ParsesTo<typeof message, Message>>;
/** Parses a Message; loose, so fields the service adds later are kept. */
export const MessageSchema = typedAs<Message>(message);

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
  from: z.optional(senderId),
  schedule_at: z.optional(z.nullable(scheduleAt)),
  route: z.optional(routeParam),
  reference_id: z.optional(referenceId),
  callback_url: z.optional(httpsUrl),
});
type _MessageCreateParamsTie = Assert<Accepts<typeof MessageCreateParamsSchema, MessageCreateParams>>;

/** A bulk job's status: `processing`, `completed`, `failed`, `cancelled`, or one added later. */
export type BulkJobStatus =
  'processing' | 'completed' | 'failed' | 'cancelled' | UnknownEnumValue<'BulkJobStatus'>;
const BULK_ROUTES = ['transactional', 'promotional'] as const;

/**
 * A bulk job as the service returns it. Fields the service adds later are kept on the object at
 * run time without being typed: reach one with `'field' in job` (docs/decisions.md, Types).
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
  id: z.string(),
  status: openEnum<BulkJobStatus>(),
  total: z.number(),
  queued: z.number(),
  sent: z.optional(z.number()),
  delivered: z.optional(z.number()),
  failed: z.optional(z.number()),
  estimated_cost: z.optional(z.number()),
  created_at: z.optional(wireDateTime()),
  completed_at: nullableString(),
});
// A compile error here means the schema and the interface above no longer name the same fields.
type _BulkJobTie = Assert<ParsesTo<typeof bulkJob, BulkJob>>;
/** Parses a BulkJob; loose, so fields the service adds later are kept. */
export const BulkJobSchema = typedAs<BulkJob>(bulkJob);

/** Body of `bulk.create`. */
export interface BulkCreateParams {
  /** 1 to 10,000 phone numbers, each like `to` on a single send (a leading `+` is stripped). */
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
  recipients: z.array(phone).check(
    z.refine((list: string[]) => list.length >= MIN_RECIPIENTS && list.length <= MAX_RECIPIENTS, {
      error: `must list ${MIN_RECIPIENTS} to ${MAX_RECIPIENTS} phone numbers; split larger sends into several jobs`,
    }),
  ),
  message: messageText,
  from: z.optional(senderId),
  route: z.optional(
    oneOf<Exclude<Route, 'otp'>>(
      BULK_ROUTES,
      "must be 'transactional' or 'promotional' (otp is not offered for bulk)",
    ),
  ),
  schedule_at: z.optional(z.nullable(futureScheduleAt)),
});
type _BulkCreateParamsTie = Assert<Accepts<typeof BulkCreateParamsSchema, BulkCreateParams>>;
