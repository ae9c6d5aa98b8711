// messages.createMany: one message per item of any (async) iterable, `concurrency` at a time,
// results handed out as they complete. Items are read only as workers free up, and at most
// 2 × `concurrency` items are held (in flight or waiting for the caller), so memory stays bounded
// whatever the source's length.
// Item i's key is its own `idempotencyKey`, else `${base}:${i}`: a rerun over the same items
// replays what was already sent. A 429 with Retry-After pauses every worker of the call.
import {
  ConfigurationError,
  type GatewayError,
  RateLimitError,
  APIUserAbortError,
  ValidationError,
} from '../../core/errors.js';
import {
  baseKeyFor,
  checkRequestOptions,
  Gate,
  intOption,
  type Reader,
  readerOf,
  type Source,
} from '../../core/pool.js';
import type { RequestOptions } from '../../core/request.js';
import type { Message, MessageCreateParams } from './messages.js';

/** One send of `messages.createMany`: a `messages.create` body, with its own key if you have one. */
export type CreateManyItem = MessageCreateParams & {
  /** This send's `Idempotency-Key` (at most 255 characters). @default `${options.idempotencyKey}:${index}` */
  idempotencyKey?: string | undefined;
};

/**
 * Options of `messages.createMany`: a request's options, applied to every send, and the batch's own.
 *
 * @example { idempotencyKey: 'otp-batch-2026-03-01', concurrency: 16, signal: AbortSignal.timeout(600_000) }
 */
export interface CreateManyOptions extends Omit<RequestOptions, 'idempotencyKey'> {
  /** Base key; item `i` without its own key is sent with `${idempotencyKey}:${i}` (at most 238 characters). @default a UUID v4 */
  idempotencyKey?: string | undefined;
  /** Sends in flight at once, 1 to 64. @default 8 */
  concurrency?: number | undefined;
}

/** What every result of `messages.createMany` carries. */
interface CreateManyOutcome {
  /** The item's position in the source, from 0. */
  index: number;
  /** The key the send used (or would have used, for an item refused before sending). */
  idempotencyKey: string;
  /** The item as given. */
  item: CreateManyItem;
}

/** An item the service accepted. */
export interface CreateManySent extends CreateManyOutcome {
  /** Always true here. */
  ok: true;
  /** The message created (or replayed, for a key the service had seen). */
  message: Message;
}

/** An item that was not sent, or failed after its retries (`ValidationError`: refused before any request). */
export interface CreateManyFailed extends CreateManyOutcome {
  /** Always false here. */
  ok: false;
  /** Why: the last error of the send's retries, or the `ValidationError` that kept it from being sent. */
  error: GatewayError;
}

/** One result of `messages.createMany`, in completion order. */
export type CreateManyResult = CreateManySent | CreateManyFailed;

/** What createMany needs from the Messages resource. */
interface MessageSender {
  create(body: MessageCreateParams, opts?: RequestOptions): PromiseLike<Message>;
}

type Waiter = {
  resolve: (result: IteratorResult<CreateManyResult>) => void;
  reject: (error: unknown) => void;
};

/** The iterator `messages.createMany` returns; sending starts with the first `next()`. */
export class CreateManyIterator implements AsyncIterableIterator<CreateManyResult> {
  readonly #messages: MessageSender;
  readonly #request: RequestOptions = {};
  readonly #gate = new Gate();
  #reader: Reader<unknown> | undefined;
  #base = '';
  #concurrency = 8;
  #signal: AbortSignal | undefined;
  #read = 0;
  #inFlight = 0;
  #reading = false;
  #sourceDone = false;
  #stopped = false;
  #discard = false;
  #failure: { error: unknown } | undefined;
  readonly #results: CreateManyResult[] = [];
  readonly #waiters: Waiter[] = [];
  #idle: (() => void) | undefined;
  #gateTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #onAbort = () => this.#stop({ error: this.#abortError() });

  /** @internal */
  constructor(messages: MessageSender, items: Source<CreateManyItem>, options: CreateManyOptions = {}) {
    this.#messages = messages;
    try {
      checkRequestOptions(options);
      const { idempotencyKey, concurrency, ...request } = options;
      this.#base = baseKeyFor(idempotencyKey);
      this.#concurrency = intOption(concurrency, 'concurrency', [1, 64], 8);
      this.#reader = readerOf(items, 'items');
      this.#request = request;
      this.#signal = request.signal;
      this.#signal?.addEventListener('abort', this.#onAbort, { once: true });
      if (this.#signal?.aborted) this.#onAbort();
    } catch (error) {
      // Reported by the first next(), as a method's promise would reject: nothing is read or sent.
      this.#failure = { error };
      this.#stopped = true;
    }
  }

  /** The base key: item `i` without its own key used `${idempotencyKey}:${i}`. */
  get idempotencyKey(): string {
    return this.#base;
  }

  /** Returns itself: `for await (const r of client.sms.messages.createMany(items))`. */
  [Symbol.asyncIterator](): this {
    return this;
  }

  /** The next result to complete; rejects at the end if the signal, the source or the configuration stopped the batch. */
  next(): Promise<IteratorResult<CreateManyResult>> {
    const ready = this.#results.shift();
    if (ready !== undefined) {
      this.#pump();
      return Promise.resolve({ value: ready, done: false });
    }
    return new Promise((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
      this.#pump();
    });
  }

  /** Leaving the loop: no new sends; resolves once those in flight have settled (their results are dropped). */
  return(): Promise<IteratorResult<CreateManyResult>> {
    this.#discard = true;
    this.#results.length = 0;
    this.#stop(undefined);
    return new Promise((resolve) => {
      this.#idle = () => resolve({ value: undefined, done: true });
      this.#settleWaiters();
    });
  }

  #stop(failure: { error: unknown } | undefined): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#failure ??= failure;
    clearTimeout(this.#gateTimer);
    if (!this.#sourceDone) this.#reader?.close();
    this.#settleWaiters();
  }

  /** Starts sends while there is room: a free worker, room in the results, an open gate. */
  #pump(): void {
    while (
      !this.#stopped &&
      !this.#sourceDone &&
      !this.#reading &&
      this.#inFlight < this.#concurrency &&
      this.#inFlight + this.#results.length < 2 * this.#concurrency
    ) {
      const wait = this.#gate.remaining();
      if (wait > 0) {
        this.#gateTimer ??= setTimeout(() => {
          this.#gateTimer = undefined;
          this.#pump();
        }, wait);
        break;
      }
      let step: IteratorResult<unknown> | Promise<IteratorResult<unknown>>;
      try {
        step = (this.#reader as Reader<unknown>).next();
      } catch (error) {
        this.#stop({ error });
        break;
      }
      if (step instanceof Promise) {
        this.#reading = true;
        step.then(
          (value) => {
            this.#reading = false;
            this.#take(value);
            this.#pump();
          },
          (error: unknown) => {
            this.#reading = false;
            this.#stop({ error });
            this.#settleWaiters();
          },
        );
        break;
      }
      this.#take(step);
    }
    this.#settleWaiters();
  }

  #take(step: IteratorResult<unknown>): void {
    if (step.done) {
      this.#sourceDone = true;
      return;
    }
    // Read while the batch was stopping: not sent, and the error at the end says from where.
    if (this.#stopped) return;
    const index = this.#read++;
    this.#send(step.value as CreateManyItem, index);
  }

  #send(item: CreateManyItem, index: number): void {
    this.#inFlight++;
    const own = item !== null && typeof item === 'object' ? item.idempotencyKey : undefined;
    const key = own === undefined ? `${this.#base}:${index}` : String(own);
    if (item === null || typeof item !== 'object') {
      const error = new ValidationError(
        `Invalid item ${index}: must be an object such as { to: '447700900123', message: 'Hi' }. Nothing was sent.`,
        [{ path: [index], message: 'must be an object' }],
      );
      queueMicrotask(() => this.#settle({ ok: false, index, idempotencyKey: key, item, error }));
      return;
    }
    const { idempotencyKey: _own, ...body } = item;
    this.#messages.create(body, { ...this.#request, idempotencyKey: key }).then(
      (message) => this.#settle({ ok: true, index, idempotencyKey: key, item, message }),
      (error: unknown) =>
        this.#settle({ ok: false, index, idempotencyKey: key, item, error: error as GatewayError }),
    );
  }

  #settle(result: CreateManyResult): void {
    this.#inFlight--;
    if (!result.ok) {
      const { error } = result;
      // Nothing can be sent without a credential or an address: end the batch instead of failing each item.
      if (error instanceof ConfigurationError) {
        this.#stop({ error });
        return this.#settleWaiters();
      }
      if (error instanceof RateLimitError && error.retryAfterMs !== undefined)
        this.#gate.closeFor(error.retryAfterMs);
    }
    if (!this.#discard) {
      const waiter = this.#waiters.shift();
      if (waiter) waiter.resolve({ value: result, done: false });
      else this.#results.push(result);
    }
    this.#pump();
  }

  /** Answers waiting next() calls, and return(), once nothing more can arrive. */
  #settleWaiters(): void {
    const over =
      (this.#stopped || this.#sourceDone) &&
      this.#inFlight === 0 &&
      !this.#reading &&
      this.#results.length === 0;
    if (!over) return;
    this.#signal?.removeEventListener('abort', this.#onAbort);
    clearTimeout(this.#gateTimer);
    for (let waiter = this.#waiters.shift(); waiter; waiter = this.#waiters.shift()) {
      const failure = this.#discard ? undefined : this.#failure;
      this.#failure = undefined;
      if (failure) waiter.reject(failure.error);
      else waiter.resolve({ value: undefined, done: true });
    }
    this.#idle?.();
    this.#idle = undefined;
  }

  #abortError(): APIUserAbortError {
    return new APIUserAbortError(
      `createMany was stopped by its AbortSignal after reading ${this.#read} items: items from index ${this.#read} on were not sent. ` +
        'Run it again over the same items with the same idempotencyKey to finish: items already sent are replayed, not sent twice.',
      { cause: this.#signal?.reason, idempotencyKey: this.#base },
    );
  }
}
