// The retry policy of sdk-contract.md ("Idempotency and retries"), in one place: the loop in
// core/request.ts asks these functions, and nothing else retries.

/** Base of the exponential backoff: attempt n waits up to BASE * 2^n. */
export const BACKOFF_BASE_MS = 500;
/** No computed backoff waits longer than this. */
export const BACKOFF_CAP_MS = 8_000;
/** A `Retry-After` longer than this is shortened to it, so one header cannot park a call for hours. */
export const RETRY_AFTER_CAP_MS = 60_000;

/**
 * Whether a status is worth another attempt. 408 and 429 say "later"; 409 is what a service
 * answers while a request with the same Idempotency-Key is still in flight; 5xx may be
 * transient. Every POST carries an Idempotency-Key, so retrying a send never sends twice.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * Milliseconds a `Retry-After` header asks for, from delta-seconds or an HTTP date
 * (RFC 9110 §10.2.3); `undefined` when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date always names its month; without this, Date.parse('-5') is the year -5.
  const date = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * How long to wait before retry number `retry` (0 for the first retry): the service's
 * `Retry-After` when it gave one (capped), else exponential backoff with full jitter, which
 * spreads a burst of failing clients over the whole window instead of synchronising them
 * (https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/).
 */
export function retryDelay(
  retry: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, RETRY_AFTER_CAP_MS);
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/** Waits `ms`, or rejects with `onAbort()` as soon as `signal` fires. */
export function sleep(ms: number, signal: AbortSignal | undefined, onAbort: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(onAbort());
    const abort = () => {
      clearTimeout(timer);
      reject(onAbort());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}
