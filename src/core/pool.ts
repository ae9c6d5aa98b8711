// What the helpers that send many requests share (bulk.createAll, messages.createMany): reading a
// caller's iterable or stream one item at a time, keys derived from one base key, options checked
// before anything is read or sent, and a gate that pauses every sender of one call at once.
import { APIUserAbortError, ValidationError } from './errors.js';
import { IDEMPOTENCY_KEY_MAX, idempotencyKeyFor } from './idempotency.js';
import { headerProblem, isIntIn, MAX_RETRIES_RANGE, TIMEOUT_RANGE } from './options.js';

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
    const problem = `must be at most ${BASE_KEY_MAX} characters (got ${key.length}): each request's key adds ':<index>' and must fit the ${IDEMPOTENCY_KEY_MAX}-character limit`;
    throw invalidOption('idempotencyKey', problem);
  }
  try {
    return idempotencyKeyFor(key as string | undefined);
  } catch (error) {
    const problem = error instanceof ValidationError ? error.issues[0]?.message : undefined;
    throw problem === undefined ? error : invalidOption('idempotencyKey', problem);
  }
}

/** A ValidationError for one option, in the words the request options use. */
export function invalidOption(name: string, problem: string): ValidationError {
  return new ValidationError(`options.${name} ${problem}. Nothing was sent.`, [
    { path: [name], message: problem },
  ]);
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
 * batch once, before anything is read or sent, instead of failing every request in it.
 */
export function checkRequestOptions(opts: object): void {
  if (opts === null || typeof opts !== 'object')
    throw new ValidationError(
      'request options must be an object such as { concurrency: 4 }. Nothing was sent.',
      [{ path: [], message: 'must be an object' }],
    );
  const { timeout, maxRetries, signal, headers } = opts as Record<string, unknown>;
  if (timeout !== undefined && !isIntIn(timeout, TIMEOUT_RANGE))
    throw invalidOption(
      'timeout',
      `must be an integer from ${TIMEOUT_RANGE[0]} to ${TIMEOUT_RANGE[1]} (milliseconds)`,
    );
  if (maxRetries !== undefined && !isIntIn(maxRetries, MAX_RETRIES_RANGE))
    throw invalidOption(
      'maxRetries',
      `must be an integer from ${MAX_RETRIES_RANGE[0]} to ${MAX_RETRIES_RANGE[1]}`,
    );
  const s = signal as Partial<AbortSignal> | null;
  if (
    signal !== undefined &&
    (typeof s !== 'object' ||
      s === null ||
      typeof s.aborted !== 'boolean' ||
      typeof s.addEventListener !== 'function')
  )
    throw invalidOption('signal', 'must be an AbortSignal');
  if (headers !== undefined) {
    if (headers === null || typeof headers !== 'object' || Array.isArray(headers))
      throw invalidOption('headers', 'must be an object of header names to string values');
    for (const [name, value] of Object.entries(headers)) {
      const problem = headerProblem(name, value);
      if (problem !== undefined) throw invalidOption(`headers.${name}`, problem);
    }
  }
}

/** Reads a source one item at a time; an async iterator is never asked for two items at once. */
export interface Reader<T> {
  /** The next item; a plain result for a sync iterable, so a large array costs no promise per item. */
  next(): IteratorResult<T> | Promise<IteratorResult<T>>;
  /** Tells the source no more items will be read (closes a file stream, ends a generator). */
  close(): void;
}

/** A reader over `source`, or a ValidationError naming `what` when it is not iterable. */
export function readerOf<T>(source: unknown, what: string): Reader<T> {
  const iterable = source as Partial<Iterable<T> & AsyncIterable<T>> | null | undefined;
  // A string is iterable, one character at a time: never what a caller means by a list.
  if (typeof source !== 'string' && typeof iterable?.[Symbol.asyncIterator] === 'function') {
    const it = (iterable as AsyncIterable<T>)[Symbol.asyncIterator]();
    return { next: () => it.next(), close: () => void it.return?.()?.then(undefined, () => undefined) };
  }
  if (typeof source !== 'string' && typeof iterable?.[Symbol.iterator] === 'function') {
    const it = (iterable as Iterable<T>)[Symbol.iterator]();
    return {
      next: () => it.next(),
      close: () => {
        try {
          it.return?.();
        } catch {
          // The source failing to close changes nothing about what was sent.
        }
      },
    };
  }
  throw new ValidationError(
    `${what} must be an array, an iterable or an async iterable (such as a stream). Nothing was sent.`,
    [{ path: [what], message: 'must be an array, an iterable or an async iterable' }],
  );
}

/**
 * Pauses every sender of one call until a time the service named (a 429's `Retry-After`): one
 * worker being told to wait means the others would be told the same.
 */
export class Gate {
  #until = 0;

  /** Keeps the gate closed for at least `ms` from now. */
  closeFor(ms: number): void {
    this.#until = Math.max(this.#until, Date.now() + ms);
  }

  /** Milliseconds until the gate opens; 0 when open. */
  remaining(): number {
    return Math.max(0, this.#until - Date.now());
  }

  /** Resolves once the gate is open (at once when it is); rejects when `signal` fires first. */
  async wait(signal: AbortSignal | undefined): Promise<void> {
    for (let ms = this.remaining(); ms > 0; ms = this.remaining()) await delay(ms, signal);
  }
}

/** Waits `ms`, or rejects with `APIUserAbortError` as soon as `signal` fires. */
export function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    if (signal?.aborted) return abort();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** The error a batch reports for work its signal stopped before it was sent. */
export function abortError(signal: AbortSignal | undefined, idempotencyKey?: string): APIUserAbortError {
  return new APIUserAbortError(
    'Stopped by the AbortSignal before this was sent; run the batch again with the same idempotencyKey to finish it.',
    { cause: signal?.reason, idempotencyKey },
  );
}
