import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../../core/resource.js';
import { withCallSite } from '../../core/call-site.js';
import type { UnknownEnumValue } from '../../core/open-enum.js';
import {
  type Accepts,
  type Assert,
  oneOf,
  openEnum,
  parseInput,
  type ParsesTo,
  wireDateTime,
  typedAs,
  closedObject,
} from '../../core/schema.js';
import { LIMITS } from '../../limits.js';
import { futureScheduleAt, messageText, nullableString, phone, type Route, senderId } from './fields.js';
import {
  type BulkCreateAllOptions,
  type BulkCreateAllParams,
  type BulkCreateAllResult,
  createAll,
} from './bulk-all.js';

/** Bulk jobs: one identical message to many recipients. */
export class Bulk extends APIResource {
  protected readonly area = 'sms';

  /**
   * Sends one message to 1 to 10,000 recipients (POST /sms/bulk); retries reuse one `Idempotency-Key`.
   *
   * @example
   * const job = await client.sms.bulk.create({
   *   recipients: ['447700900123', '447700900456'],
   *   message: 'Sale today',
   * });
   */
  create(body: BulkCreateParams, opts?: RequestOptions): APIPromise<BulkJob> {
    return this._request(
      'POST',
      () => ({ path: 'sms/bulk', body: parseInput(BulkCreateParamsSchema, body, 'BulkCreateParams') }),
      BulkJobSchema,
      opts,
    );
  }

  /**
   * Sends one message to any number of recipients (an array, iterable or stream) as jobs of at most
   * 10,000, `concurrency` at a time; chunk `i` uses the key `${idempotencyKey}:${i}`, so a rerun with
   * the same key replays instead of sending twice. See docs/sending-at-scale.md.
   *
   * @example
   * const { jobs, failed, invalid } = await client.sms.bulk.createAll({ recipients, message: 'Sale today' },
   *   { idempotencyKey: 'spring-sale' })
   */
  createAll(body: BulkCreateAllParams, opts?: BulkCreateAllOptions): Promise<BulkCreateAllResult> {
    // Every chunk's error names the frame that called createAll (core/call-site.ts); its own
    // refusals are thrown before its first await, with that frame on the stack already.
    return createAll(this, BulkCreateParamsSchema, body, withCallSite(opts, new Error()));
  }
}

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
