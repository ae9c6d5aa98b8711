import type { APIPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../../internal/resource.js';
import { withCallSite } from '../../internal/call-site.js';
import { parseInput } from '../../internal/schema.js';
import { type BulkCreateParams, BulkCreateParamsSchema, type BulkJob, BulkJobSchema } from './models.js';
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
    // Every chunk's error names the frame that called createAll (internal/call-site.ts); its own
    // refusals are thrown before its first await, with that frame on the stack already.
    return createAll(this, BulkCreateParamsSchema, body, withCallSite(opts, new Error()));
  }
}
