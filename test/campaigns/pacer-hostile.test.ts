// What a Redis, a clock or a caller can hand the pacers, and what they must not do with it: a Redis
// answer that is not understood is a Redis failure (never "go"), every hold is checked and capped,
// holds outlive a Redis restart, a stalled process does not send past maxPerSecond, a wall-clock
// step changes no wait, and pacers with different rates never share a default key. Fake timers and
// stand-in Redis clients throughout.
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ValidationError, type Logger, type RedisClientLike as FromIndex } from 'gateway-sdk';
import { memoryPacer, redisPacer, type RedisClientLike as FromCampaigns } from 'gateway-sdk/campaigns';
import { redisStore, type RedisClientLike as FromWebhooks } from 'gateway-sdk/webhooks';
import { startRedisServer } from '../helpers/redis-server.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const logger = () => {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
  return log satisfies Logger;
};

/** How `promise` has settled so far: 'pending', 'sent' or 'failed'. */
function settlement(promise: Promise<void> | void | undefined): () => string {
  let state = promise === undefined ? 'sent' : 'pending';
  void promise?.then(
    () => (state = 'sent'),
    () => (state = 'failed'),
  );
  return () => state;
}

/**
 * A stand-in Redis that keeps the pacer's hold on its own clock (the faked Date) and forgets it on
 * `restart()`, refusing every command while `state.down`; without a rate, the acquire script only
 * reads the hold. EVALSHA is answered NOSCRIPT, so every script comes as EVAL with its source.
 */
function holdingRedis() {
  let hold = 0;
  const keys: string[] = [];
  const state = { down: false };
  const client = {
    call: vi.fn(async (command: string, ...args: (string | number)[]) => {
      if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
      if (command === 'EVALSHA') throw new Error('NOSCRIPT No matching script. Please use EVAL.');
      const count = Number(args[1]);
      keys.push(String(args[2]));
      const argv = args.slice(2 + count);
      const now = Date.now();
      if (String(args[0]).includes("'take'")) return hold > now ? [0, Math.ceil(hold - now), 0] : [1, 0, 1];
      hold = Math.max(hold, now + Number(argv[0]));
      return 1;
    }),
  };
  return { client, keys, state, restart: () => (hold = 0) };
}

describe('the Redis command adapter', () => {
  it('is one module below both users, and RedisClientLike is one type from every entry', () => {
    const source = (file: string) => readFileSync(new URL(`../../src/${file}`, import.meta.url), 'utf8');
    expect(source('campaigns/redis-pacer.ts')).toMatch(/from '\.\.\/internal\/redis\.js'/);
    expect(source('campaigns/redis-pacer.ts')).not.toMatch(/from '\.\.\/webhooks\//);
    expect(source('webhooks/redis-store.ts')).toMatch(/from '\.\.\/internal\/redis\.js'/);
    expectTypeOf<FromIndex>().toEqualTypeOf<FromWebhooks>();
    expectTypeOf<FromCampaigns>().toEqualTypeOf<FromWebhooks>();
  });

  it("a callback-style client (node-redis's legacy()) fails the store's command instead of reading as nothing", async () => {
    const legacy = { sendCommand: (_args: string[], _callback?: () => void) => undefined };
    const store = redisStore(legacy as never);
    await expect(store.claim('evt_1', 60)).rejects.toThrow(/answered without a promise.*legacy\(\)/);
  });
});

describe('redisPacer fails closed', () => {
  // Each stand-in answers every command the same way; none of these is the script's answer.
  const shapes: [string, FromCampaigns][] = [
    ["node-redis's legacy() client (no promise)", { sendCommand: () => undefined } as never],
    ['null', { call: async () => null }],
    ['"OK"', { call: async () => 'OK' }],
    ['an empty array', { call: async () => [] }],
    ['[1]', { call: async () => [1] }],
    ['[1, 0, 1, 1]', { call: async () => [1, 0, 1, 1] }],
    ['strings', { call: async () => ['1', '0', '1'] }],
    ['an unknown verdict', { call: async () => [3, 0, 1] }],
    ['a fractional wait', { call: async () => [1, 0.5, 1] }],
    ['an infinite wait', { call: async () => [1, Infinity, 1] }],
    ['NaN', { call: async () => [0, Number.NaN, 0] }],
    ['negative senders', { call: async () => [1, 0, -1] }],
    ['an object', { call: async () => ({ go: 1 }) }],
    ['a negative wait, three items', { call: async () => [1, -5, 1] }],
    ['[1, -5]', { call: async () => [1, -5] }],
    // Well-formed numbers the script never answers: a full window with no wait (it would read as
    // "go"), a hold of years (no hold is written longer than 60 s), counts where it gives none.
    ['a full window with no wait', { call: async () => [2, 0, 1] }],
    ['a full window with no sender counted', { call: async () => [2, 5, 0] }],
    ['a full window longer than the window', { call: async () => [2, 5_000, 1] }],
    ['a hold of 1e12 ms', { call: async () => [0, 1e12, 0] }],
    ['a hold of no time', { call: async () => [0, 0, 0] }],
    ['a hold with senders counted', { call: async () => [0, 5, 3] }],
  ];

  it('paces at the local share (a tenth of the rate) with one warning, whatever the answer', async () => {
    vi.useFakeTimers({ now: 0 });
    for (const [name, client] of shapes) {
      const log = logger();
      const pacer = redisPacer(client, { key: `garbage:${name}`, maxPerSecond: 100, logger: log });
      const sends = [pacer.acquire(), pacer.acquire(), pacer.acquire()].map(settlement);
      await vi.advanceTimersByTimeAsync(0);
      expect([name, sends.map((s) => s())]).toEqual([name, ['sent', 'pending', 'pending']]);
      await vi.advanceTimersByTimeAsync(100);
      expect([name, sends.map((s) => s())]).toEqual([name, ['sent', 'sent', 'pending']]);
      await vi.advanceTimersByTimeAsync(100);
      expect([name, sends.map((s) => s())]).toEqual([name, ['sent', 'sent', 'sent']]);
      expect([name, log.warn.mock.calls.length]).toEqual([name, 1]);
      expect(String(log.warn.mock.calls[0]?.[0])).toMatch(/redisPacer: Redis failed .*paces itself at 10\.0/);
    }
  });
});

describe('holds and durations are checked and capped', () => {
  it('hold() refuses NaN, Infinity, negative and non-number waits as a rejected ValidationError, never a synchronous throw', async () => {
    const client = { call: async () => [1, 0, 1] };
    for (const pacer of [memoryPacer(), redisPacer(client, { key: 'checked' })])
      for (const bad of [Number.NaN, Infinity, -Infinity, -1, '5' as never, null as never, {} as never]) {
        let held: void | Promise<void> = undefined;
        expect(() => (held = pacer.hold(bad))).not.toThrow();
        await expect(held).rejects.toThrow(ValidationError);
        await expect(held).rejects.toThrow(
          /hold\(ms\): ms must be a finite number of milliseconds from 0 up/,
        );
      }
  });

  it('hold() takes the wait of a hostile Retry-After: 99999999999 (past what a timer holds) and holds for 60 s', async () => {
    vi.useFakeTimers({ now: 0 });
    const redis = holdingRedis();
    for (const pacer of [memoryPacer(), redisPacer(redis.client, { key: 'hostile-retry-after' })]) {
      const start = Date.now();
      let held: void | Promise<void> = undefined;
      expect(() => (held = pacer.hold(99_999_999_999_000))).not.toThrow();
      await held;
      const waiting = settlement(pacer.acquire());
      await vi.advanceTimersByTimeAsync(59_999 - (Date.now() - start));
      expect(waiting()).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(waiting()).toBe('sent');
    }
  });

  it('a hold longer than 60 s holds for 60 s, on one timer, not forever', async () => {
    vi.useFakeTimers({ now: 0 });
    const pacer = memoryPacer();
    void pacer.hold(2 ** 31 - 1);
    const waiting = settlement(pacer.acquire());
    await vi.advanceTimersByTimeAsync(59_999);
    expect(waiting()).toBe('pending');
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(waiting()).toBe('sent');
  });

  it("a hold longer than any the script answers (another writer's, or a key edited by hand) is a Redis failure: one warning, the local pace", async () => {
    vi.useFakeTimers({ now: 0 });
    const log = logger();
    let answers = 0;
    const client = { call: async () => (answers++ === 0 ? [0, 2_000_000_000, 0] : [1, 0, 1]) };
    const waiting = settlement(redisPacer(client, { key: 'capped', logger: log }).acquire());
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting()).toBe('sent');
    expect(log.warn).toHaveBeenCalledOnce();
    expect(String(log.warn.mock.calls[0]?.[0])).toMatch(
      /redisPacer: Redis failed \(Redis answered \[0, 2000000000, 0\], which is not an answer of the pacer's script\)/,
    );
  });

  it('redisPacer refuses a timeout past 60 s (no timer overflow)', () => {
    const client = { call: async () => [1, 0, 1] };
    expect(() => redisPacer(client, { key: 't', timeout: 2 ** 31 })).toThrow(
      /timeout must be a positive integer/,
    );
  });
});

describe('holds outlive a Redis restart', () => {
  it('the holder writes its hold again, so a sharer asking after the restart still waits it out', async () => {
    vi.useFakeTimers({ now: 0 });
    const redis = holdingRedis();
    const a = redisPacer(redis.client, { key: 'restart', logger: logger() });
    await a.hold(10_000);
    redis.restart(); // Redis forgets the hold
    await vi.advanceTimersByTimeAsync(1_000);
    const own = settlement(a.acquire());
    const other = settlement(redisPacer(redis.client, { key: 'restart' }).acquire());
    await vi.advanceTimersByTimeAsync(8_990);
    expect([own(), other()]).toEqual(['pending', 'pending']);
    await vi.advanceTimersByTimeAsync(20);
    expect([own(), other()]).toEqual(['sent', 'sent']);
  });

  it('a hold written while Redis was down is written once Redis answers again', async () => {
    vi.useFakeTimers({ now: 0 });
    const redis = holdingRedis();
    redis.state.down = true;
    const a = redisPacer(redis.client, { key: 'down', logger: logger() });
    await a.hold(10_000);
    redis.state.down = false;
    await vi.advanceTimersByTimeAsync(6_000);
    const other = settlement(redisPacer(redis.client, { key: 'down' }).acquire());
    await vi.advanceTimersByTimeAsync(3_990);
    expect(other()).toBe('pending');
    await vi.advanceTimersByTimeAsync(20);
    expect(other()).toBe('sent');
  });
});

/** The most of `times` (ms) in any span of 1,000 ms. */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((x, y) => x - y);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[i] ?? 0) - (sorted[j] ?? 0) >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('maxPerSecond holds after a stall', () => {
  it('memoryPacer at 50: a process that stalls 300 ms in every 700 still sends at most 50 in any second', async () => {
    // The pacer's clocks (monotonic and wall) read `now`; the timers run on their own fake clock.
    // A stall moves `now` ahead at once and then lets the timers catch up, as a blocked event loop
    // does: every timer due meanwhile fires late, together.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let now = 1_000_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const pacer = memoryPacer({ maxPerSecond: 50 });
    const sent: number[] = [];
    let running = true;
    const worker = async () => {
      while (running) {
        await pacer.acquire();
        sent.push(now);
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    for (let ms = 0; ms < 5_000;) {
      // Every 700 ms, a stall: the clock moves 300 ms at once, then the timers due meanwhile fire.
      const step = ms % 700 === 400 ? 300 : 4;
      now += step;
      await vi.advanceTimersByTimeAsync(step);
      ms += step;
    }
    running = false;
    for (let ms = 0; ms < 2_000; ms += 10) {
      now += 10;
      await vi.advanceTimersByTimeAsync(10);
    }
    await Promise.all(workers);
    // It still sends: a slot given up for a late one costs time, not the run (250 at most here).
    expect(sent.length).toBeGreaterThan(150);
    expect(busiestSecond(sent)).toBeLessThanOrEqual(50);
  });
});

describe('local waits are on a monotonic clock', () => {
  it.each([60_000, -60_000])('a wall-clock step of %i ms neither ends nor stretches a hold', async (step) => {
    vi.useFakeTimers({ now: 1_000_000 });
    const pacer = memoryPacer();
    void pacer.hold(10_000);
    vi.setSystemTime(Date.now() + step);
    const waiting = settlement(pacer.acquire());
    await vi.advanceTimersByTimeAsync(9_999);
    expect(waiting()).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(waiting()).toBe('sent');
  });
});

describe('no default key shared by unrelated campaigns', () => {
  it('without a key, pacers with different rates use different keys, named after the rate', async () => {
    const redis = holdingRedis();
    await redisPacer(redis.client, { maxPerSecond: 5 }).hold(1_000);
    await redisPacer(redis.client, { maxPerSecond: 50 }).hold(1_000);
    await redisPacer(redis.client).hold(1_000);
    expect(redis.keys).toEqual([
      '{gateway-sdk:pace:5/s}:hold',
      '{gateway-sdk:pace:50/s}:hold',
      '{gateway-sdk:pace:unlimited}:hold',
    ]);
  });
});

describe('redisPacer when Redis comes back', () => {
  it('a send that went alone is recorded in the fleet log, and the fleet pace resumes at once', async () => {
    vi.useFakeTimers({ now: 0 });
    const log = logger();
    const modes: string[] = [];
    let down = true;
    const client = {
      call: async (...args: (string | number)[]) => {
        if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
        modes.push(String(args.at(-2)));
        return [1, 0, 2];
      },
    };
    const pacer = redisPacer(client, { key: 'back', maxPerSecond: 100, logger: log });
    await pacer.acquire(); // Redis fails: this one goes alone, and its record fails too
    down = false;
    const second = settlement(pacer.acquire());
    await vi.advanceTimersByTimeAsync(100); // the local share: a tenth of 100 a second
    expect(second()).toBe('sent');
    expect(modes).toEqual(['record']);
    expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/Redis answers again/));
    // Well before the 5 s retry: the next send asks Redis for its slot.
    await pacer.acquire();
    expect(modes).toEqual(['record', 'take']);
  });

  it("on a real Redis, the record lands in the log of the last second that caps the fleet's sends", async () => {
    const server = await startRedisServer();
    const redis = new Redis({ host: '127.0.0.1', port: server.port });
    try {
      let calls = 0;
      // The first command fails (this process then paces itself); the next ones reach Redis.
      const client = {
        call: (command: string, ...args: (string | number)[]) =>
          calls++ === 0 ? Promise.reject(new Error('ETIMEDOUT')) : redis.call(command, ...args),
      };
      const pacer = redisPacer(client, { key: 'recorded', maxPerSecond: 5, logger: logger() });
      await pacer.acquire();
      for (let i = 0; i < 3 && Number(await redis.call('ZCARD', '{recorded}:sent')) === 0; i++)
        await redis.call('PING');
      expect(Number(await redis.call('ZCARD', '{recorded}:sent'))).toBe(1);
      expect(calls).toBe(2);
    } finally {
      redis.disconnect();
      await server.stop();
    }
  });
});
