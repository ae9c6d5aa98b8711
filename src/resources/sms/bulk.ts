import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../../core/resource.js';
import {
  type BulkCreateAllOptions,
  type BulkCreateAllParams,
  type BulkCreateAllResult,
  createAll,
} from './bulk-all.js';
import { oneOf, openEnum, parseInput, wireDateTime } from '../../core/schema.js';
import { futureScheduleAt, messageText, nullableString, phone, senderId } from './fields.js';

/** Bulk jobs: one identical message to many recipients. */
export class Bulk extends APIResource {
  protected readonly area = 'sms';

  /**
   * Sends one message to 1 to 10,000 recipients (POST /sms/bulk); retries reuse one `Idempotency-Key`.
   *
   * @example const job = await client.sms.bulk.create({ recipients: ['447700900123', '447700900456'], message: 'Sale today' })
   */
  create(body: BulkCreateParams, opts?: RequestOptions): APIPromise<BulkJob> {
    return this._request(
      'POST',
      () => ({ path: 'sms/bulk', body: parseInput(BulkCreateParams, body, 'BulkCreateParams') }),
      BulkJob,
      opts,
    );
  }

  /**
   * Sends one message to any number of recipients (an array, iterable or stream) as jobs of at most
   * 10,000, `concurrency` at a time; chunk `i` uses the key `${idempotencyKey}:${i}`, so a rerun with
   * the same key replays instead of sending twice. See docs/sending-at-scale.md.
   *
   * @example const { jobs, failed, invalid } = await client.sms.bulk.createAll({ recipients, message: 'Sale today' }, { idempotencyKey: 'spring-sale' })
   */
  createAll(body: BulkCreateAllParams, opts?: BulkCreateAllOptions): Promise<BulkCreateAllResult> {
    return createAll(this, BulkCreateParams, body, opts);
  }
}

/** Bulk job status values the reference names. */
const BULK_JOB_STATUSES = ['processing', 'completed', 'failed', 'cancelled'] as const;
/** A bulk job's status. */
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number] | (string & {});
const BULK_ROUTES = ['transactional', 'promotional'] as const;

/** A bulk job as the service returns it. */
export const BulkJob = z.looseObject({
  /** Unique job identifier. */
  id: z.string(),
  /** `processing`, `completed`, `failed`, `cancelled`, or a value added later. */
  status: openEnum(BULK_JOB_STATUSES),
  /** Total number of recipients. */
  total: z.number(),
  /** Messages queued for delivery. */
  queued: z.number(),
  /** Messages sent to the carrier. */
  sent: z.optional(z.number()),
  /** Messages delivered. */
  delivered: z.optional(z.number()),
  /** Failed deliveries. */
  failed: z.optional(z.number()),
  /** Estimated total cost in the account currency. */
  estimated_cost: z.optional(z.number()),
  /** Creation time, ISO 8601. */
  created_at: z.optional(wireDateTime()),
  /** Completion time, ISO 8601, or null while processing. */
  completed_at: nullableString(),
});
/**
 * A bulk job as the service returns it.
 *
 * @interface
 */
export type BulkJob = z.output<typeof BulkJob>;

/** Body of `bulk.create`. */
export const BulkCreateParams = z.looseObject({
  /** 1 to 10,000 phone numbers, each like `to` on a single send (a leading `+` is stripped). */
  recipients: z.array(phone).check(
    z.refine((list: string[]) => list.length >= 1 && list.length <= 10_000, {
      error: 'must list 1 to 10000 phone numbers; split larger sends into several jobs',
    }),
  ),
  /** Message content for every recipient: 1 to 1000 characters (Unicode code points). */
  message: messageText,
  /** Registered and approved sender ID, at most 11 characters. */
  from: z.optional(senderId),
  /** `transactional` or `promotional` (`otp` is not offered for bulk); the service uses `promotional` when absent. */
  route: z.optional(
    oneOf(BULK_ROUTES, "must be 'transactional' or 'promotional' (otp is not offered for bulk)"),
  ),
  /** When to send: a future `Date` or ISO 8601 string with a time zone, at most 7 days ahead. */
  schedule_at: z.optional(z.nullable(futureScheduleAt)),
});
/**
 * Body of `bulk.create`.
 *
 * @interface
 */
export type BulkCreateParams = z.input<typeof BulkCreateParams>;
