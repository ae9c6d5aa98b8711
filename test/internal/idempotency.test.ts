import { afterEach, describe, expect, it, vi } from 'vitest';
import { idempotencyKeyFor } from '../../src/internal/idempotency.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotencyKeyFor without a key of the caller', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a fresh UUID v4 per call', () => {
    const keys = [idempotencyKeyFor(undefined), idempotencyKeyFor(undefined)];
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(keys[0]).not.toBe(keys[1]);
  });

  // A browser page served over plain http has getRandomValues but no randomUUID.
  it('where there is no crypto.randomUUID, is a UUID v4 made of getRandomValues, its dashes in place', () => {
    const fill = (bytes: Uint8Array) => {
      bytes.forEach((_, i) => (bytes[i] = i * 17));
      return bytes;
    };
    vi.stubGlobal('crypto', { getRandomValues: fill });
    expect(idempotencyKeyFor(undefined)).toBe('00112233-4455-4677-8899-aabbccddeeff');
    vi.unstubAllGlobals();
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array) => real.getRandomValues(b) });
    const keys = Array.from({ length: 50 }, () => idempotencyKeyFor(undefined));
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(50);
  });

  it('is the caller key itself when one is given', () => {
    expect(idempotencyKeyFor('order-42')).toBe('order-42');
  });
});
