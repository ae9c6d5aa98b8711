// The SDK's retry policy (network errors, timeouts, 408, 409, 429, 5xx) and its waits: ky runs the
// loop and the waits and retries on timeout, with the retry options internal/call-hooks.ts builds
// from this policy.

/** Base of the exponential backoff: retry n waits up to BASE * 2^(n-1). */
export const BACKOFF_BASE_MS = 500;
/** No computed backoff waits longer than this. */
export const BACKOFF_CAP_MS = 8_000;
/** A `Retry-After` longer than this is shortened to it, so one header cannot park a call for hours. */
export const RETRY_AFTER_CAP_MS = 60_000;

/**
 * A `Retry-After` wait made up to 20% (at most 1 s) longer, never shorter, within the 60 s cap:
 * a thousand clients told `Retry-After: 1` come back over 200 ms instead of in one wave.
 */
export function retryAfterJitter(ms: number, random: () => number): number {
  return Math.min(RETRY_AFTER_CAP_MS, ms + Math.floor(random() * Math.min(1000, ms / 5)));
}

/**
 * The wait before retry `n` (from 1) without a `Retry-After`: full jitter over the capped
 * exponential window, 0.5 s, 1 s, 2 s, … up to 8 s, which spreads a burst of failing clients over
 * the whole window instead of synchronising them
 * (https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/).
 */
export function backoff(n: number, random: () => number): number {
  return Math.floor(random() * Math.min(BACKOFF_BASE_MS * 2 ** (n - 1), BACKOFF_CAP_MS));
}

/**
 * Statuses worth another attempt. 408 and 429 say "later"; 409 is what a service answers while a
 * request with the same Idempotency-Key is still in flight; 5xx may be transient. Every POST
 * carries an Idempotency-Key, so retrying a send never sends twice. ky's own list lacks 409 and
 * most of 5xx, and holds 413, which retrying cannot fix.
 */
export const RETRY_STATUSES: readonly number[] = [
  408,
  409,
  429,
  ...Array.from({ length: 100 }, (_, i) => 500 + i),
];

const RETRY_SET = new Set(RETRY_STATUSES);
/** Whether a status is one of RETRY_STATUSES: a lookup, not a scan of the list for every answer. */
export const isRetryStatus = (status: number): boolean => RETRY_SET.has(status);

/**
 * Milliseconds a `Retry-After` header asks for, from delta-seconds or an HTTP date
 * (RFC 9110 §10.2.3); `undefined` when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  // No valid Retry-After is longer than an HTTP date; a longer one is not scanned.
  if (value === null || value.length > 64) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date always names its month; without this, V8 reads a bare number as a date:
  // `Date.parse('-5')` is May 2001, long past, so a malformed header would mean "retry at once".
  const date = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
