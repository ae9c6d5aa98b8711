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

  // Counted, not timed: every step any Map iteration takes during one claim. Scanning the whole
  // store once full (the old way) is 20,000 steps; the store's queues make it a handful.
  it('claims on a full store without walking its entries, whatever the mix of ttls', async () => {
    const max = 20_000;
    const store = memoryStore({ maxEntries: max });
    for (let i = 0; i < max; i++) {
      await store.claim(`evt_${i}`, 300);
      if (i % 4) await store.complete?.(`evt_${i}`, 7 * DAY);
    }
    vi.advanceTimersByTime(60_000);
    const iterator = Object.getPrototypeOf(new Map().entries()) as { next: () => unknown };
    const next = iterator.next;
    let steps = 0;
    iterator.next = function (this: unknown) {
      steps++;
      return next.call(this);
    };
    try {
      for (let i = 0; i < 100; i++) {
        expect(await store.claim(`new_${i}`, 300)).toBe(true);
        await store.complete?.(`new_${i}`, 7 * DAY);
      }
    } finally {
      iterator.next = next;
    }
    expect(steps).toBeLessThan(100 * 2 * 20);
    // Evicted oldest handled first: the pending claims (every fourth) are all still there.
    expect(await store.state?.('evt_0')).toBe('pending');
    expect(await store.state?.('evt_1')).toBeUndefined();
    expect(await store.state?.('new_99')).toBe('handled');
  });

  it('sweeps claims that expired behind longer-lived ones, so a full store takes their place first', async () => {
    const store = memoryStore({ maxEntries: 4 });
    await store.claim('kept', 300);
    await store.complete?.('kept', DAY);
    await store.claim('lease-1', 10);
    await store.claim('lease-2', 10);
    await store.claim('kept-2', 300);
    await store.complete?.('kept-2', DAY);
    vi.advanceTimersByTime(11_000);
    await store.claim('a', 300);
    await store.claim('b', 300);
    // Both leases lapsed and made the room: no handled id was evicted.
    expect(await store.state?.('kept')).toBe('handled');
    expect(await store.state?.('kept-2')).toBe('handled');
    await store.claim('c', 300);
    expect(await store.state?.('kept')).toBeUndefined();
    expect(await store.state?.('kept-2')).toBe('handled');
  });
});
