// bulk.createAll: one message to any number of recipients, as jobs of at most 10,000 sent a few at
// a time. Each chunk's key is `${base}:${i}`, so the same campaign run again with the same key
// and the same recipients in the same order replays every job the service already accepted.
// Workers read the source one chunk at a time: a stream of millions never sits in memory whole.
import type { z } from 'zod/mini';
import { APIUserAbortError, ConfigurationError, type GatewayError } from '../../core/errors.js';
import {
  abortError,
  baseKeyFor,
  checkRequestOptions,
  intOption,
  invalidOption,
  readerOf,
  type Source,
} from '../../core/pool.js';
import type { RequestOptions } from '../../core/request.js';
import { describeIssue, parseInput } from '../../core/schema.js';
import type { BulkCreateParams, BulkJob } from './bulk.js';
import { phone } from './fields.js';

/** Most recipients one bulk request may carry (api-reference.md, Limits). */
const MAX_CHUNK = 10_000;

/**
 * Body of `bulk.createAll`: `bulk.create`'s, with recipients of any number, from any source.
 *
 * @example { recipients: readPhoneColumn('campaign.csv'), message: 'Sale ends tonight' }
 */
export type BulkCreateAllParams = {
  // Not Omit: over a type with an index signature, Omit would drop every named field.
  [K in keyof BulkCreateParams as K extends 'recipients' ? never : K]: BulkCreateParams[K];
} & {
  /** Phone numbers from an array, an iterable or an async iterable (a stream); each is checked like `to`. */
  recipients: Source<string>;
};

/**
 * Options of `bulk.createAll`: a request's options, applied to every chunk, and the batch's own.
 *
 * @example { idempotencyKey: 'spring-sale-2026', concurrency: 4, onProgress: (p) => console.log(p.sent) }
 */
export interface BulkCreateAllOptions extends Omit<RequestOptions, 'idempotencyKey'> {
  /** Base key; chunk `i` is sent with `${idempotencyKey}:${i}` (at most 238 characters). @default a UUID v4 */
  idempotencyKey?: string | undefined;
  /** Recipients per job, 1 to 10,000. @default 10000 */
  chunkSize?: number | undefined;
  /** Jobs in flight at once, 1 to 64. @default 2 */
  concurrency?: number | undefined;
  /** Called after every chunk settles, sent or failed; a returned promise is awaited before that worker goes on. */
  onProgress?: ((progress: BulkCreateAllProgress) => void | PromiseLike<void>) | undefined;
}

/** Where a campaign stands, passed to `onProgress` after every chunk. */
export interface BulkCreateAllProgress {
  /** The base key: rerun with it to resume. */
  idempotencyKey: string;
  /** The chunk that just settled. */
  chunk: number;
  /** Whether that chunk's job was accepted. */
  ok: boolean;
  /** Entries read from the source so far, invalid ones included. */
  read: number;
  /** Recipients in accepted jobs so far. */
  sent: number;
  /** Recipients in failed chunks so far. */
  failed: number;
  /** Invalid entries so far. */
  invalid: number;
}

/** One chunk the service accepted as a job. */
export interface BulkChunkJob {
  /** Chunk number, from 0, in source order. */
  chunk: number;
  /** Position in the source of the chunk's first recipient (invalid entries count), the numbering of `invalid[].index`. */
  offset: number;
  /** Recipients in the chunk. */
  count: number;
  /** The chunk's `Idempotency-Key`: `${base}:${chunk}`. */
  idempotencyKey: string;
  /** The job the service created (or replayed, for a key it had seen). */
  job: BulkJob;
}

/** One chunk that failed after its retries: its recipients were not (or may not have been) sent. */
export interface BulkChunkFailure {
  /** Chunk number, from 0, in source order. */
  chunk: number;
  /** Position in the source of the chunk's first recipient (invalid entries count). */
  offset: number;
  /** Recipients in the chunk. */
  count: number;
  /** The chunk's `Idempotency-Key`: rerunning with the same base key cannot send it twice. */
  idempotencyKey: string;
  /** The chunk's recipients, as given. */
  recipients: string[];
  /** Why it failed: the last error of its retries, or `APIUserAbortError` when the signal stopped it. */
  error: GatewayError;
}

/** A source entry that is not a valid phone number: reported, never sent. */
export interface BulkInvalidRecipient {
  /** Position in the source, from 0. */
  index: number;
  /** The entry as given. */
  value: unknown;
  /** The rule it breaks. */
  message: string;
}

/** What `bulk.createAll` did: every entry read is in exactly one job, failed chunk or `invalid`. */
export interface BulkCreateAllResult {
  /** The base key: chunk `i` used `${idempotencyKey}:${i}`. */
  idempotencyKey: string;
  /** Entries read from the source, invalid ones included. */
  total: number;
  /** Accepted jobs, by chunk. */
  jobs: BulkChunkJob[];
  /** Chunks that failed after their retries, by chunk, with their recipients. */
  failed: BulkChunkFailure[];
  /** Entries that are not valid phone numbers, in source order. */
  invalid: BulkInvalidRecipient[];
  /** Whether the signal stopped the campaign: entries after `total` were not read, and chunks it cut short are in `failed`. */
  aborted: boolean;
}

/** What createAll needs from the Bulk resource. */
interface BulkSender {
  create(body: BulkCreateParams, opts?: RequestOptions): PromiseLike<BulkJob>;
}

// Any valid number: stands in for the recipients when the other fields are checked up front.
const PLACEHOLDER = '10000000';

/** The body of `bulk.createAll`. */
export async function createAll(
  bulk: BulkSender,
  schema: z.ZodMiniType,
  params: BulkCreateAllParams,
  options: BulkCreateAllOptions = {},
): Promise<BulkCreateAllResult> {
  checkRequestOptions(options);
  const { idempotencyKey, chunkSize: size, concurrency: n, onProgress, ...request } = options;
  const base = baseKeyFor(idempotencyKey);
  const chunkSize = intOption(size, 'chunkSize', [1, MAX_CHUNK], MAX_CHUNK);
  const concurrency = intOption(n, 'concurrency', [1, 64], 2);
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw invalidOption('onProgress', 'must be a function');
  if (params === null || typeof params !== 'object') parseInput(schema, params, 'BulkCreateAllParams');
  const { recipients, ...rest } = params;
  // The other fields are the same in every chunk: checked once, with bulk.create's own schema.
  parseInput(schema, { ...rest, recipients: [PLACEHOLDER] }, 'BulkCreateAllParams');
  const reader = readerOf<unknown>(recipients, 'recipients');

  const signal = request.signal;
  const result: BulkCreateAllResult = {
    idempotencyKey: base,
    total: 0,
    jobs: [],
    failed: [],
    invalid: [],
    aborted: false,
  };
  let sent = 0;
  let failed = 0;
  let chunks = 0;
  let sourceDone = false;
  let fatal: { error: unknown } | undefined;
  const stopped = () => fatal !== undefined || sourceDone || signal?.aborted === true;

  // Chunks are read one after another (a stream is read in order), each by the worker that sends it.
  let reading: Promise<unknown> = Promise.resolve();
  const readChunk = async () => {
    const chunk = { chunk: chunks, offset: -1, recipients: [] as string[] };
    while (chunk.recipients.length < chunkSize) {
      let step = reader.next();
      if (step instanceof Promise) step = await step;
      if (step.done) {
        sourceDone = true;
        break;
      }
      const index = result.total++;
      const checked = phone.safeParse(step.value);
      if (checked.success) {
        if (chunk.offset < 0) chunk.offset = index;
        chunk.recipients.push(step.value as string);
      } else {
        const issue = checked.error.issues[0];
        const message = issue ? describeIssue(issue, step.value) : 'is not a valid phone number';
        result.invalid.push({ index, value: step.value, message });
      }
    }
    if (chunk.recipients.length === 0) return undefined;
    chunks++;
    return chunk;
  };
  const nextChunk = () => {
    const next = reading.then(() => (stopped() ? undefined : readChunk()));
    reading = next.catch(() => undefined);
    return next;
  };

  const progress = async (chunk: number, ok: boolean) => {
    const invalid = result.invalid.length;
    await onProgress?.({ idempotencyKey: base, chunk, ok, read: result.total, sent, failed, invalid });
  };

  const worker = async () => {
    while (!stopped()) {
      const chunk = await nextChunk();
      if (chunk === undefined) return;
      const key = `${base}:${chunk.chunk}`;
      const entry = {
        chunk: chunk.chunk,
        offset: chunk.offset,
        count: chunk.recipients.length,
        idempotencyKey: key,
      };
      let ok = false;
      try {
        // Read while the signal fired: reported as stopped, not sent.
        if (signal?.aborted) throw abortError(signal, key);
        const job = await bulk.create(
          { ...rest, recipients: chunk.recipients },
          { ...request, idempotencyKey: key },
        );
        result.jobs.push({ ...entry, job });
        sent += entry.count;
        ok = true;
      } catch (error) {
        // No chunk can be sent without a credential or an address: stop instead of failing each.
        if (error instanceof ConfigurationError) fatal ??= { error };
        result.failed.push({ ...entry, recipients: chunk.recipients, error: error as GatewayError });
        failed += entry.count;
      }
      await progress(chunk.chunk, ok);
    }
  };

  const workers = Array.from({ length: concurrency }, () =>
    worker().catch((error: unknown) => {
      fatal ??= { error };
    }),
  );
  await Promise.all(workers);
  if (!sourceDone) reader.close();
  if (fatal !== undefined) throw fatal.error;
  result.aborted =
    signal?.aborted === true &&
    (!sourceDone || result.failed.some((f) => f.error instanceof APIUserAbortError));
  result.jobs.sort((a, b) => a.chunk - b.chunk);
  result.failed.sort((a, b) => a.chunk - b.chunk);
  return result;
}
