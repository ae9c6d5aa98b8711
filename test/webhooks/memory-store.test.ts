import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, memoryStore } from 'gateway-sdk/webhooks';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const DAY = 24 * 60 * 60;

describe('memoryStore', () => {
  it('claims an id once, until it is released', async () => {
    const store = memoryStore();
    expect(await store.claim('evt_1', 60)).toBe(true);
    expect(await store.claim('evt_1', 60)).toBe(false);
    await store.release('evt_1');
    expect(await store.claim('evt_1', 60)).toBe(true);
  });

  it('reports pending, then handled, then nothing once the ttl has passed', async () => {
    const store = memoryStore();
    await store.claim('evt_1', 300);
    expect(await store.state?.('evt_1')).toBe('pending');
    await store.complete?.('evt_1', 7 * DAY);
    expect(await store.state?.('evt_1')).toBe('handled');
    vi.advanceTimersByTime((7 * DAY - 1) * 1000);
    expect(await store.claim('evt_1', 300)).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(await store.state?.('evt_1')).toBeUndefined();
    expect(await store.claim('evt_1', 300)).toBe(true);
  });

  it('lets a pending claim lapse after its lease', async () => {
    const store = memoryStore();
    await store.claim('evt_1', 300);
    vi.advanceTimersByTime(299_000);
    expect(await store.claim('evt_1', 300)).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(await store.claim('evt_1', 300)).toBe(true);
  });

  it('keeps handled ids for ttlSeconds when given, whatever the handler asks', async () => {
    const store = memoryStore({ ttlSeconds: 60 });
    await store.claim('evt_1', 300);
    await store.complete?.('evt_1', 7 * DAY);
    vi.advanceTimersByTime(60_000);
    expect(await store.claim('evt_1', 300)).toBe(true);
  });

  it('stays within maxEntries, evicting expired ids first, then the oldest handled ones', async () => {
    const store = memoryStore({ maxEntries: 3 });
    await store.claim('expiring', 10);
    await store.claim('handled-old', 300);
    await store.complete?.('handled-old', DAY);
    await store.claim('pending', 300);
    vi.advanceTimersByTime(11_000);
    expect(await store.claim('new-1', 300)).toBe(true); // takes the expired one's place
    expect(await store.state?.('handled-old')).toBe('handled');
    expect(await store.claim('new-2', 300)).toBe(true); // evicts the oldest handled, not a pending one
    expect(await store.state?.('handled-old')).toBeUndefined();
    expect(await store.state?.('pending')).toBe('pending');
    expect(await store.state?.('new-1')).toBe('pending');
  });

  it('evicts the oldest pending claim only when every entry is pending', async () => {
    const store = memoryStore({ maxEntries: 2 });
    await store.claim('a', 300);
    await store.claim('b', 300);
    await store.claim('c', 300);
    expect([await store.state?.('a'), await store.state?.('b'), await store.state?.('c')]).toEqual([
      undefined,
      'pending',
      'pending',
    ]);
  });

  it.each([{ maxEntries: 0 }, { maxEntries: 1.5 }, { ttlSeconds: -1 }])('refuses %o', (options) => {
    expect(() => memoryStore(options)).toThrow(ConfigurationError);
  });
});
