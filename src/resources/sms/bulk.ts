import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/request.js';
import { APIResource } from '../../core/resource.js';
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
    return this._request('POST', () => ({ path: 'sms/bulk', body: parseInput(BulkCreateParams, body, 'BulkCreateParams') }), BulkJob, opts);
  }
}

const BULK_JOB_STATUSES = ['processing', 'completed', 'failed', 'cancelled'] as const;
/** A bulk job's status. */
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number] | (string & {});
const BULK_ROUTES = ['transactional', 'promotional'] as const;

/** A bulk job as the service returns it. */
export const BulkJob = z.looseObject({
  id: z.string(),
  status: openEnum(BULK_JOB_STATUSES),
  total: z.number(),
  queued: z.number(),
  sent: z.optional(z.number()),
  delivered: z.optional(z.number()),
  failed: z.optional(z.number()),
  estimated_cost: z.optional(z.number()),
  created_at: z.optional(wireDateTime()),
  completed_at: nullableString(),
});
/** A bulk job as the service returns it. */
export type BulkJob = z.output<typeof BulkJob>;

/** Body of `bulk.create`. */
export const BulkCreateParams = z.looseObject({
  recipients: z.array(phone).check(
    z.refine((list: string[]) => list.length >= 1 && list.length <= 10_000, {
      error: 'must list 1 to 10000 phone numbers; split larger sends into several jobs',
    }),
  ),
  message: messageText,
  from: z.optional(senderId),
  route: z.optional(oneOf(BULK_ROUTES, "must be 'transactional' or 'promotional' (otp is not offered for bulk)")),
  schedule_at: z.optional(z.nullable(futureScheduleAt)),
});
/** Body of `bulk.create`. */
export type BulkCreateParams = z.input<typeof BulkCreateParams>;
