import { describe, expect, it } from 'vitest';
import {
  BACKOFF_CAP_MS,
  isRetryableStatus,
  parseRetryAfter,
  RETRY_AFTER_CAP_MS,
  retryDelay,
} from '../../src/core/retry.js';

describe('isRetryableStatus', () => {
  it('retries 408, 409, 429 and every 5xx, nothing else', () => {
    const retried = [200, 301, 400, 401, 403, 404, 408, 409, 410, 422, 429, 500, 501, 503, 599].filter(
      isRetryableStatus,
    );
    expect(retried).toEqual([408, 409, 429, 500, 501, 503, 599]);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('reads delta-seconds, fractions included', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
  });
  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});

describe('retryDelay', () => {
  it('draws from [0, min(8 s, 0.5 s × 2^n)) when the service gave no Retry-After', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => retryDelay(n, undefined, () => 0.999999))).toEqual([
      499, 999, 1999, 3999, 7999, 7999, 7999,
    ]);
    expect(retryDelay(3, undefined, () => 0)).toBe(0);
    expect(retryDelay(1, undefined, () => 0.5)).toBe(500);
  });
  it('uses Retry-After as given, capped at 60 s', () => {
    expect(retryDelay(0, 2500, () => 0)).toBe(2500);
    expect(retryDelay(0, 3_600_000, () => 0)).toBe(RETRY_AFTER_CAP_MS);
    expect(BACKOFF_CAP_MS).toBe(8000);
  });
});
