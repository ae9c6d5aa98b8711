import type { APIPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../resource.js';
import type { BulkCreateParams, BulkJob } from '../models/sms.js';

/** Bulk jobs: one identical message to many recipients. */
export class Bulk extends APIResource {
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
    return this._request('sms.bulk.create', { body }, opts);
  }
}
