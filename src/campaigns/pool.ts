// What the helpers that send many requests share (createAll, createMany): reading a
// caller's iterable or stream one item at a time, keys derived from one base key, options checked
// before anything is read or sent, and a gate that pauses every sender of one call at once (the
// memory pacer's, memory-pacer.ts).
import { ValidationError } from '../core/client-errors.js';
import { readCaller } from './caller-values.js';
import { IDEMPOTENCY_KEY_MAX, idempotencyKeyFor } from '../internal/idempotency.js';
import { checkRequestOptions } from '../internal/request-options.js';
import { invalidOption, isIntIn } from '../internal/settings.js';
import { takeKit } from '../internal/engine-kit.js';
import { KIT } from '../internal/kit.js';

// The engine's option and key checks above read what the first load hands the engine
// (internal/kit.ts); the batch helpers run them before the engine has loaded, so they hand it here.
takeKit(KIT);

/** Anything `for await` accepts: an array, any iterable, or an async iterable such as a stream. */
export type Source<T> = Iterable<T> | AsyncIterable<T>;

/**
 * Longest base key: derived keys append `:` and an index, which for any safe integer is at most
 * 16 digits, and the result must still fit the service's 255-character limit.
 */
export const BASE_KEY_MAX = IDEMPOTENCY_KEY_MAX - 17;

/** The caller's base key after checking it leaves room for `:<index>`, or a fresh UUID v4. */
export function baseKeyFor(key: unknown): string {
  if (typeof key === 'string' && key.length > BASE_KEY_MAX) {
    const problem =
      `must be at most ${BASE_KEY_MAX} characters (got ${key.length}): ` +
      `each request's key adds ':<index>' and must fit the ${IDEMPOTENCY_KEY_MAX}-character limit`;
    throw invalidOption('idempotencyKey', problem);
  }
  return idempotencyKeyFor(key as string | undefined);
}

/**
 * The `client.sms` resource a helper sends through, or a ValidationError naming the call's form
 * when the first argument is not a Client (a common slip when moving from the methods these
 * functions replaced).
 */
export function clientPart<T>(client: unknown, part: 'messages' | 'bulk', form: string): T {
  const resource = readCaller(`${form}: client`, ['client'], () => {
    const sms = (client as { sms?: Record<string, { create?: unknown } | undefined> } | null | undefined)
      ?.sms;
    return sms?.[part];
  });
  if (typeof resource?.create !== 'function') {
    const problem = "must be a Client from 'gateway-sdk'";
    throw new ValidationError(
      `${form}: client ${problem}, such as new Client({ apiKey }). Nothing was sent.`,
      [{ path: ['client'], message: problem }],
    );
  }
  return resource as T;
}

/** An integer option within `[min, max]`, or its default when absent. */
export function intOption(
  value: unknown,
  name: string,
  [min, max]: [number, number],
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (!isIntIn(value, [min, max])) throw invalidOption(name, `must be an integer from ${min} to ${max}`);
  return value;
}

/**
 * Checks the per-request options every call of a batch will use, so that a bad one fails the
 * batch once, before anything is read or sent, instead of failing every request in it. `own`
 * names the batch's own options, allowed beside a request's; any other name is refused.
 */
export function checkBatchOptions(opts: unknown, own: readonly string[]): void {
  if (opts === null || typeof opts !== 'object')
    throw new ValidationError(
      'request options must be an object such as { concurrency: 4 }. Nothing was sent.',
      [{ path: [], message: 'must be an object' }],
    );
  checkRequestOptions(opts, own);
}

/** Reads a source one item at a time; an async iterator is never asked for two items at once. */
export interface Reader<T> {
  /** The next item; a plain result for a sync iterable, so a large array costs no promise per item. */
  next(): IteratorResult<T> | Promise<IteratorResult<T>>;
  /** Tells the source no more items will be read (closes a file stream, ends a generator). */
  close(): void;
}

/** The iterator of `source` and whether it is async, or a ValidationError naming `what`. */
function iteratorOf<T>(
  source: unknown,
  what: string,
): { it: Iterator<T> | AsyncIterator<T>; isAsync: boolean } {
  const iterable = source as Partial<Iterable<T> & AsyncIterable<T>> | null | undefined;
  // A string is iterable, one character at a time: never what a caller means by a list.
  const asyncOpen = typeof source === 'string' ? undefined : iterable?.[Symbol.asyncIterator];
  const open = asyncOpen ?? (typeof source === 'string' ? undefined : iterable?.[Symbol.iterator]);
  if (typeof open !== 'function') {
    throw new ValidationError(
      `${what} must be an array, an iterable or an async iterable (such as a stream). Nothing was sent.`,
      [{ path: [what], message: 'must be an array, an iterable or an async iterable' }],
    );
  }
  const it = (open as (this: unknown) => Iterator<T> | AsyncIterator<T>).call(iterable);
  if (it === null || typeof it !== 'object' || typeof it.next !== 'function') {
    const problem = 'must hand out an iterator (an object with a next() method)';
    throw new ValidationError(`${what} ${problem}. Nothing was sent.`, [{ path: [what], message: problem }]);
  }
  return { it, isAsync: open === asyncOpen };
}

/**
 * A step the source handed out, its fields read once: a step that is not an object, or whose
 * fields throw when read, is a ValidationError (the source's own errors pass as they are).
 */
function stepOf<T>(step: unknown, what: string): IteratorResult<T> {
  if (step === null || typeof step !== 'object') {
    const problem = `answered next() with ${step === null ? 'null' : typeof step}, not { done, value }`;
    throw new ValidationError(`${what}' iterator ${problem}. Nothing more was read.`, [
      { path: [what], message: problem },
    ]);
  }
  return readCaller(`${what}' iterator's answer`, [what], () => {
    const { done, value } = step as IteratorResult<T>;
    return done ? { done: true, value: undefined } : { done: false, value };
  });
}

/** A reader over `source`, or a ValidationError naming `what` when it is not iterable or not readable. */
export function readerOf<T>(source: unknown, what: string): Reader<T> {
  const { it, isAsync } = readCaller(what, [what], () => iteratorOf<T>(source, what));
  const step = (raw: unknown) => stepOf<T>(raw, what);
  return {
    // Promise.resolve: a hand-written async iterator may hand back a thenable that is not a Promise.
    next: isAsync ? () => Promise.resolve(it.next()).then(step) : () => step(it.next()),
    close: () => {
      try {
        // The source failing to close changes nothing about what was sent.
        void Promise.resolve(it.return?.()).then(undefined, () => undefined);
      } catch {
        // As above, for a source that throws instead of rejecting.
      }
    },
  };
}

/** What a pool is given once its options have been checked. */
export interface PoolSetup<T, R> {
  /** Where units of work come from, one at a time. */
  reader: Reader<T>;
  /** Units in flight at once. */
  concurrency: number;
  /** Stops new units; the pool then ends by throwing `aborted()`. */
  signal: AbortSignal | undefined;
  /** Starts one unit; the promise never rejects (a failure is a result). */
  run(unit: T, index: number): Promise<R>;
  /** An error that ends the whole pool instead of being one result (no unit could succeed). */
  fatal(result: R): unknown;
  /** The error the pool ends with when the signal stopped it. */
  aborted(read: number): Error;
  /** A unit read while the pool was stopping: not run. */
  dropped?(unit: T): void;
}

type Waiter<R> = { resolve: (step: IteratorResult<R>) => void; reject: (error: unknown) => void };

/**
 * Runs units from a reader `concurrency` at a time and hands out results as they complete. A unit
 * is read only when a worker is free and at most 2 × `concurrency` are held (in flight, or done
 * and not yet taken), so memory is bounded whatever the source's length. Leaving early (`return()`)
 * stops new units and resolves once those in flight have settled. Nothing starts before the first
 * `next()`; a setup that throws (a bad option) rejects that `next()`, with nothing read.
 */
export class Pool<T, R> implements AsyncIterableIterator<R> {
  #setup: PoolSetup<T, R> | undefined;
  #read = 0;
  #inFlight = 0;
  /** The read being awaited, if any: a token, so that an abandoned one is recognised when it answers. */
  #reading: object | undefined;
  #sourceDone = false;
  #stopped = false;
  #discard = false;
  #failure: { error: unknown } | undefined;
  readonly #results: R[] = [];
  readonly #waiters: Waiter<R>[] = [];
  #idle: (() => void) | undefined;
  readonly #onAbort = () => this.#stop({ error: this.#setup?.aborted(this.#read) });

  constructor(setup: (pool: Pool<T, R>) => PoolSetup<T, R>) {
    try {
      this.#setup = setup(this);
      const signal = this.#setup.signal;
      signal?.addEventListener('abort', this.#onAbort, { once: true });
      if (signal?.aborted) this.#onAbort();
    } catch (error) {
      this.#failure = { error };
      this.#stopped = true;
    }
  }

  /** Returns itself, for `for await`. */
  [Symbol.asyncIterator](): this {
    return this;
  }

  /** The next result to complete; rejects at the end if the signal, the source or a fatal error stopped the pool. */
  next(): Promise<IteratorResult<R>> {
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

  /** Leaving the loop: no new units; resolves once those in flight have settled (their results are dropped). */
  return(): Promise<IteratorResult<R>> {
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
    if (!this.#sourceDone) this.#setup?.reader.close();
    // A read still pending is abandoned, not awaited: a source that stalls (a cursor, a socket, a
    // queue) may never answer, and nothing it brings now could be sent. The source was told to
    // close (its return() is not awaited either), and the pool ends with the sends in flight.
    this.#reading = undefined;
    this.#settleWaiters();
  }

  #pump(): void {
    const setup = this.#setup;
    while (
      setup !== undefined &&
      !this.#stopped &&
      !this.#sourceDone &&
      this.#reading === undefined &&
      this.#inFlight < setup.concurrency &&
      this.#inFlight + this.#results.length < 2 * setup.concurrency
    ) {
      let step: IteratorResult<T> | Promise<IteratorResult<T>>;
      try {
        step = setup.reader.next();
      } catch (error) {
        this.#stop({ error });
        break;
      }
      if (step instanceof Promise) {
        this.#await(setup, step);
        break;
      }
      this.#take(setup, step);
    }
    this.#settleWaiters();
  }

  /**
   * Waits for a read that did not answer at once. A stop abandons it (see #stop): what it brings
   * later is not taken, and its failure is not the pool's.
   */
  #await(setup: PoolSetup<T, R>, step: Promise<IteratorResult<T>>): void {
    const read = {};
    this.#reading = read;
    step.then(
      (value) => {
        if (this.#reading !== read) return;
        this.#reading = undefined;
        this.#take(setup, value);
        this.#pump();
      },
      (error: unknown) => {
        if (this.#reading !== read) return;
        this.#reading = undefined;
        this.#stop({ error });
        this.#settleWaiters();
      },
    );
  }

  #take(setup: PoolSetup<T, R>, step: IteratorResult<T>): void {
    if (step.done) {
      this.#sourceDone = true;
    } else if (this.#stopped) {
      setup.dropped?.(step.value);
    } else {
      this.#inFlight++;
      void setup.run(step.value, this.#read++).then(this.#onResult);
    }
  }

  /** One callback for every unit's result, not a closure per unit. */
  readonly #onResult = (result: R): void => {
    if (this.#setup !== undefined) this.#settle(this.#setup, result);
  };

  #settle(setup: PoolSetup<T, R>, result: R): void {
    this.#inFlight--;
    const fatal = setup.fatal(result);
    if (fatal !== undefined) {
      this.#stop({ error: fatal });
    } else if (!this.#discard) {
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
      this.#reading === undefined &&
      this.#results.length === 0;
    if (!over) return;
    this.#setup?.signal?.removeEventListener('abort', this.#onAbort);
    for (let waiter = this.#waiters.shift(); waiter; waiter = this.#waiters.shift()) {
      const failure = this.#discard ? undefined : this.#failure;
      this.#failure = undefined;
      if (failure) waiter.reject(failure.error);
      else waiter.resolve({ value: undefined, done: true });
    }
    this.#idle?.();
    this.#idle = undefined;
  }
}
