// The retry policy is stated twice on purpose: as a list for ky's `statusCodes`, and as a range
// check the call runs on every answer (no scan of a 103-entry list). They must agree.
import { describe, expect, it } from 'vitest';
import { isRetryStatus, RETRY_STATUSES } from '../../src/internal/retry.js';

describe('retried statuses', () => {
  it('the range check and the list ky is given agree on every status', () => {
    for (let status = 100; status <= 599; status++)
      expect(isRetryStatus(status), String(status)).toBe(RETRY_STATUSES.includes(status));
  });

  it('is 408, 409, 429 and every 5xx', () => {
    expect(RETRY_STATUSES.filter((s) => s < 500)).toEqual([408, 409, 429]);
    expect(RETRY_STATUSES.filter((s) => s >= 500)).toHaveLength(100);
  });
});
