// createAll: one message to any number of recipients, as jobs of at most 10,000 sent a few at
// a time. Each chunk's key is `${base}:${i}`, so the same campaign run again with the same key
// and the same recipients in the same order replays every job the service already accepted.
// Workers read the source one chunk at a time: a stream of millions never sits in memory whole.
import type { Client } from '../client.js';
import { ConfigurationError, type GatewayError } from '../core/errors.js';
import { APIUserAbortError } from '../core/client-errors.js';
import type { RequestOptions } from '../core/options.js';
import { attachCallSite, type CallSite } from '../internal/call-site.js';
import { type CallChannel, withChannel } from '../internal/channel.js';
import { loadFor, loadOnce } from '../internal/load-once.js';
import { now } from '../internal/runtime.js';
import { invalidOption } from '../internal/settings.js';
import { LIMITS } from '../limits.js';
import type { BulkCreateParams, BulkJob } from '../resources/models/sms.js';
import { readCaller, resultError } from './caller-values.js';
import type * as ChecksModule from './checks.js';
import { checkPacer, type Pacer, pacing } from './pacer.js';
import {
  baseKeyFor,
  checkBatchOptions,
  clientPart,
  intOption,
  Pool,
  type Reader,
  readerOf,
  type Source,
} from './pool.js';

/** Most recipients one bulk request may carry: the service's limit. */
const MAX_CHUNK = LIMITS.bulkRecipients.max;

/**
 * Body of `createAll`: `client.sms.bulk.create`'s, with recipients of any number, from any source.
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
 * Options of `createAll`: a request's options, applied to every chunk, and the batch's own.
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
  /**
   * Decides when each attempt may go out, shared with other calls or, with `redisPacer(redis)`,
   * other processes: a 429's `Retry-After` then holds all of them. @default none: each chunk's
   * retries honour `Retry-After` on their own
   */
  pacer?: Pacer | undefined;
}

/** `createAll`'s own option names, beside a request's (typed so none can be missed). */
const BATCH_OPTIONS = Object.keys({
  chunkSize: true,
  concurrency: true,
  onProgress: true,
  pacer: true,
} satisfies Record<Exclude<keyof BulkCreateAllOptions, keyof RequestOptions>, true>);

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
  /**
   * Position in the source of the chunk's first recipient (invalid entries count), the numbering of
   * `invalid[].index`.
   */
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

/** What `createAll` did: every entry read is in exactly one job, failed chunk or `invalid`. */
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
  /**
   * Whether the signal stopped the campaign: entries after `total` were not read, and chunks it cut short
   * are in `failed`.
   */
  aborted: boolean;
}

/** What createAll needs from the client: the public `sms.bulk.create`. */
interface BulkSender {
  create(body: BulkCreateParams, opts?: RequestOptions): PromiseLike<BulkJob>;
}

// Any valid number: stands in for the recipients when the other fields are checked up front.
const PLACEHOLDER = '10000000';

type Chunk = { chunk: number; offset: number; recipients: string[] };
type Settled = Chunk & { job?: BulkJob; error?: unknown };
/** The recipient and field checks, loaded with the first campaign (zod among them). */
type Checks = typeof ChecksModule;

/** The options, checked: how every chunk is sent. */
interface Plan {
  bulk: BulkSender;
  /** Each chunk's request options; its key is added per chunk. */
  request: RequestOptions;
  /** What each chunk is handed beside them (internal/channel.ts): the caller's frame, the pacer if given. */
  channel: CallChannel;
  /** The base key: chunk `i` is sent with `${base}:${i}`. */
  base: string;
  chunkSize: number;
  workers: number;
  onProgress: BulkCreateAllOptions['onProgress'];
}

/**
 * Sends one message to any number of recipients (an array, iterable or stream) through
 * `client.sms.bulk.create`, as jobs of at most 10,000, `concurrency` at a time; chunk `i` uses the
 * key `${idempotencyKey}:${i}`, so a rerun with the same key replays instead of sending twice.
 * See docs/sending-at-scale.md.
 *
 * @example
 * const { jobs, failed, invalid } = await createAll(client, { recipients, message: 'Sale today' },
 *   { idempotencyKey: 'spring-sale' })
 */
export async function createAll(
  client: Client,
  params: BulkCreateAllParams,
  options?: BulkCreateAllOptions,
): Promise<BulkCreateAllResult> {
  // Every chunk's error names the frame that called createAll (internal/call-site.ts). Its own
  // refusals of the options are thrown before its first await, with that frame on the stack
  // already; those of the fields come after the checks load, and are given the frame.
  const site = new Error();
  const plan = planOf(client, options, site);
  // Loaded within the campaign's signal and totalTimeout, as a first call loads the engine; the
  // signal fired first ends the campaign as one stopped before it read anything.
  const { signal, totalTimeout } = plan.request;
  const checks = await loadFor(checksModule, { signal, totalTimeout, started: now() }, site).catch(
    (error: unknown) => {
      if (error instanceof APIUserAbortError) return undefined;
      throw error;
    },
  );
  if (checks === undefined)
    return { idempotencyKey: plan.base, total: 0, jobs: [], failed: [], invalid: [], aborted: true };
  let fields: Omit<BulkCreateAllParams, 'recipients'>;
  let source: Reader<unknown>;
  try {
    ({ fields, source } = splitParams(checks, params));
  } catch (error) {
    throw attachCallSite(error, site);
  }
  return new Campaign(plan, checks, fields, source).run();
}

/** The recipient and field checks, imported with the first campaign, once for every caller. */
const checksModule = /* @__PURE__ */ loadOnce<Checks>(() => import('./checks.js'));

/** Checks the options before anything is read or sent; a bad one throws a ValidationError. */
function planOf(client: Client, options: BulkCreateAllOptions | undefined, site: CallSite): Plan {
  const bulk = clientPart<BulkSender>(client, 'bulk', 'createAll(client, params, options)');
  // Read once, into a copy, inside a guard: a getter or Proxy that throws is a ValidationError.
  const copied = readCaller('createAll options', ['options'], () => {
    // Anything but an object as it is, for checkBatchOptions to refuse.
    const copy =
      typeof options === 'object' && options !== null ? { ...options } : options === undefined ? {} : options;
    checkBatchOptions(copy, BATCH_OPTIONS);
    return copy;
  });
  const { idempotencyKey, chunkSize, concurrency, onProgress, pacer, ...request } = copied;
  const paced = checkPacer(pacer);
  const channel: CallChannel = paced === undefined ? { site } : { site, ...pacing(paced) };
  const base = baseKeyFor(idempotencyKey);
  const size = intOption(chunkSize, 'chunkSize', [1, MAX_CHUNK], MAX_CHUNK);
  const workers = intOption(concurrency, 'concurrency', [1, 64], 2);
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw invalidOption('onProgress', 'must be a function');
  return { bulk, request, channel, base, chunkSize: size, workers, onProgress };
}

/**
 * The fields every chunk shares, checked once with bulk.create's own schema, and a reader of the
 * recipients; a bad field throws a ValidationError before any recipient is read.
 */
function splitParams(
  { BulkCreateParamsSchema, parseInput }: Checks,
  params: BulkCreateAllParams,
): { fields: Omit<BulkCreateAllParams, 'recipients'>; source: Reader<unknown> } {
  if (params === null || typeof params !== 'object')
    parseInput(BulkCreateParamsSchema, params, 'BulkCreateAllParams');
  // The fields are read once, into a copy every chunk is sent from; a getter or Proxy that
  // throws while they are read or checked is a ValidationError.
  const { recipients, fields } = readCaller('createAll params', ['params'], () => {
    const { recipients: given, ...rest } = params;
    parseInput(BulkCreateParamsSchema, { ...rest, recipients: [PLACEHOLDER] }, 'BulkCreateAllParams');
    return { recipients: given, fields: rest };
  });
  return { fields, source: readerOf<unknown>(recipients, 'recipients') };
}

/** One run of createAll: reads chunks, sends them through a pool, and tallies what each became. */
class Campaign {
  readonly #plan: Plan;
  readonly #checks: Checks;
  readonly #fields: Omit<BulkCreateAllParams, 'recipients'>;
  readonly #source: Reader<unknown>;
  readonly #result: BulkCreateAllResult;
  readonly #counts = { sent: 0, failed: 0 };
  #chunks = 0;
  /** The chunk being read, or read and not yet taken by the pool: reported as stopped if the run ends first. */
  #filling: Chunk | undefined;
  /** The run has ended: a read the pool abandoned takes nothing more from the source. */
  #over = false;
  /** What a chunk the signal stopped reports, and how the pool tells the run it was stopped. */
  readonly #stopped: APIUserAbortError;

  constructor(
    plan: Plan,
    checks: Checks,
    fields: Omit<BulkCreateAllParams, 'recipients'>,
    source: Reader<unknown>,
  ) {
    this.#plan = plan;
    this.#checks = checks;
    this.#fields = fields;
    this.#source = source;
    this.#result = { idempotencyKey: plan.base, total: 0, jobs: [], failed: [], invalid: [], aborted: false };
    this.#stopped = new APIUserAbortError({
      message:
        'createAll was stopped by its AbortSignal; run it again with the same idempotencyKey to finish.',
      cause: plan.request.signal?.reason,
      idempotencyKey: plan.base,
    });
  }

  /** Sends every chunk, `workers` at a time, and returns what each became, by chunk. */
  async run(): Promise<BulkCreateAllResult> {
    const result = this.#result;
    try {
      for await (const settled of this.#pool()) await this.#settle(settled);
    } catch (error) {
      if (error !== this.#stopped) throw error;
      result.aborted = true;
      // The signal cut a read short (a source that stalls is not waited for): what it had read
      // was not sent, and is reported like any chunk the signal stopped.
      const cut = this.#filling;
      if (cut !== undefined && cut.recipients.length > 0) this.#fail(cut, this.#stopped);
    } finally {
      this.#over = true;
    }
    result.jobs.sort((a, b) => a.chunk - b.chunk);
    result.failed.sort((a, b) => a.chunk - b.chunk);
    return result;
  }

  /** The pool that reads chunks and sends each as one bulk job. */
  #pool(): Pool<Chunk, Settled> {
    const { workers, request } = this.#plan;
    return new Pool<Chunk, Settled>(() => ({
      reader: { next: () => this.#readChunk(), close: () => this.#source.close() },
      concurrency: workers,
      signal: request.signal,
      run: (chunk) => this.#send(this.#taken(chunk)),
      // No chunk can be sent without a credential or an address: stop instead of failing each.
      fatal: (settled) => (settled.error instanceof ConfigurationError ? settled.error : undefined),
      aborted: () => this.#stopped,
      // Read while the signal fired: reported as stopped, not sent.
      dropped: (chunk) => this.#fail(this.#taken(chunk), this.#stopped),
    }));
  }

  /** Reads the next chunkSize valid recipients; invalid ones are reported on the way. */
  async #readChunk(): Promise<IteratorResult<Chunk>> {
    const chunk: Chunk = { chunk: this.#chunks, offset: -1, recipients: [] };
    this.#filling = chunk;
    while (chunk.recipients.length < this.#plan.chunkSize) {
      let step = this.#source.next();
      if (step instanceof Promise) step = await step;
      // A read the run stopped waiting for: what it brings is neither counted nor sent.
      if (this.#over) return { done: true, value: undefined };
      if (step.done) break;
      this.#take(chunk, step.value);
    }
    if (chunk.recipients.length === 0) return { done: true, value: undefined };
    this.#chunks++;
    return { done: false, value: chunk };
  }

  /** A chunk the pool took (to send, or to report as stopped): no longer the one being read. */
  #taken(chunk: Chunk): Chunk {
    if (this.#filling === chunk) this.#filling = undefined;
    return chunk;
  }

  /** Adds one source entry to the chunk when it is a valid phone number, else to `invalid`. */
  #take(chunk: Chunk, value: unknown): void {
    const { safeParse, phone, describeIssue } = this.#checks;
    const result = this.#result;
    const index = result.total++;
    const checked = safeParse(phone, value);
    if (checked.success) {
      if (chunk.offset < 0) chunk.offset = index;
      chunk.recipients.push(value as string);
    } else {
      const issue = checked.error.issues[0];
      const message = issue ? describeIssue(issue, value) : 'is not a valid phone number';
      result.invalid.push({ index, value, message });
    }
  }

  /** Sends one chunk as a bulk job under its derived key; settles with the job or the error. */
  #send(chunk: Chunk): Promise<Settled> {
    const { bulk, request, channel, base } = this.#plan;
    // A call that throws instead of rejecting settles the same way: a chunk's promise never rejects.
    return new Promise<BulkJob>((resolve) =>
      resolve(
        bulk.create(
          { ...this.#fields, recipients: chunk.recipients },
          withChannel({ ...request, idempotencyKey: `${base}:${chunk.chunk}` }, channel),
        ),
      ),
    ).then(
      (job) => ({ ...chunk, job }),
      (error: unknown) => ({ ...chunk, error }),
    );
  }

  /** Records a settled chunk as a job or a failure, then reports progress. */
  async #settle(settled: Settled): Promise<void> {
    const { job, error, ...chunk } = settled;
    const { base, onProgress } = this.#plan;
    const result = this.#result;
    if (job === undefined) {
      this.#fail(chunk, error);
    } else {
      const count = chunk.recipients.length;
      const { chunk: n, offset } = chunk;
      result.jobs.push({ chunk: n, offset, count, idempotencyKey: `${base}:${n}`, job });
      this.#counts.sent += count;
    }
    await onProgress?.({
      idempotencyKey: base,
      chunk: chunk.chunk,
      ok: job !== undefined,
      read: result.total,
      ...this.#counts,
      invalid: result.invalid.length,
    });
  }

  /** Records a chunk that was not sent, or failed after its retries. */
  #fail(chunk: Chunk, error: unknown): void {
    const count = chunk.recipients.length;
    const idempotencyKey = `${this.#plan.base}:${chunk.chunk}`;
    // The error is always the SDK's: anything else a send threw is wrapped (caller-values.ts).
    const reported = resultError(error, `Chunk ${chunk.chunk}`, ['chunks', chunk.chunk]);
    this.#result.failed.push({ ...chunk, count, idempotencyKey, error: reported });
    this.#counts.failed += count;
  }
}
