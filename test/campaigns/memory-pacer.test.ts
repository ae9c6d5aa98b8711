// memoryPacer on fake timers: holds, the rate, aborts, and createMany's checks of the option.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { Client, ConfigurationError, ValidationError } from 'gateway-sdk';
import { createAll, createMany, memoryPacer } from 'gateway-sdk/campaigns';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Resolves `p`'s state after pending microtasks: 'done', 'failed' or 'pending'. */
async function state(p: Promise<unknown> | undefined): Promise<string> {
  if (p === undefined) return 'done';
  let s = 'pending';
  p.then(
    () => (s = 'done'),
    () => (s = 'failed'),
  );
  await vi.advanceTimersByTimeAsync(0);
  return s;
}

describe('memoryPacer', () => {
  it('lets a request go at once, without a promise, when nothing limits it', () => {
    expect(memoryPacer().acquire()).toBeUndefined();
  });

  it('holds every request for the time a 429 named, then lets them all go', async () => {
    const pacer = memoryPacer();
    void pacer.hold(1_000);
    const waiting = [pacer.acquire(), pacer.acquire()];
    expect(await state(waiting[0])).toBe('pending');
    await vi.advanceTimersByTimeAsync(999);
    expect(await state(waiting[1])).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await Promise.all(waiting.map(state))).toEqual(['done', 'done']);
  });

  it('a longer hold wins over a shorter one that comes later', async () => {
    const pacer = memoryPacer();
    void pacer.hold(2_000);
    void pacer.hold(500);
    const waiting = pacer.acquire();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(await state(waiting)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await state(waiting)).toBe('done');
  });

  it('spaces requests evenly at maxPerSecond', async () => {
    const pacer = memoryPacer({ maxPerSecond: 10 });
    const calls = [pacer.acquire(), pacer.acquire(), pacer.acquire()];
    expect(calls[0]).toBeUndefined();
    expect(await state(calls[1])).toBe('pending');
    await vi.advanceTimersByTimeAsync(100);
    expect(await state(calls[1])).toBe('done');
    expect(await state(calls[2])).toBe('pending');
    await vi.advanceTimersByTimeAsync(100);
    expect(await state(calls[2])).toBe('done');
  });

  it('a hold that arrives while a request waits for its slot still holds it', async () => {
    const pacer = memoryPacer({ maxPerSecond: 10 });
    pacer.acquire();
    const second = pacer.acquire();
    await vi.advanceTimersByTimeAsync(50);
    void pacer.hold(1_000);
    await vi.advanceTimersByTimeAsync(60);
    expect(await state(second)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await state(second)).toBe('done');
  });

  it('a request waiting on a hold rejects with the reason of its aborted signal', async () => {
    const pacer = memoryPacer();
    void pacer.hold(10_000);
    const controller = new AbortController();
    const waiting = pacer.acquire(controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });

  it('refuses a maxPerSecond that is not a positive number, naming the option', () => {
    for (const bad of [0, -1, Number.NaN, Infinity, '200'])
      expect(() => memoryPacer({ maxPerSecond: bad as number })).toThrow(ConfigurationError);
    expect(() => memoryPacer({ maxPerSecond: 0 })).toThrow(/maxPerSecond must be a positive number/);
  });
});

describe('the pacer option', () => {
  const client = new Client({ apiKey: 'sk_test_pacer', baseURL: 'http://127.0.0.1:9' });

  it('createMany refuses a pacer without acquire and hold before sending', async () => {
    const run = createMany(client, [{ to: '447700900123', message: 'Hi' }], {
      pacer: { acquire: () => undefined } as never,
    });
    await expect(run.next()).rejects.toThrow(ValidationError);
    await expect(createMany(client, [], { pacer: 'fast' as never }).next()).rejects.toThrow(
      /options.pacer must be a pacer such as memoryPacer\(\)/,
    );
  });

  it('bulk.createAll refuses a pacer that is not one before sending', async () => {
    await expect(
      createAll(client, { recipients: ['447700900123'], message: 'Hi' }, { pacer: {} as never }),
    ).rejects.toThrow(/options.pacer must be a pacer/);
  });
});
