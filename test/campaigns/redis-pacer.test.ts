// redisPacer against a real redis-server (test/helpers/redis-server.ts) with both client
// libraries, and against stand-in clients that fail or never answer, on fake timers.
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, type Logger, type RedisClientLike } from 'gateway-sdk';
import { redisPacer } from 'gateway-sdk/campaigns';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';

let server: RedisServer;
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A logger whose lines the test reads. */
const spyLogger = () => {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
  return log satisfies Logger;
};

interface Connected {
  client: RedisClientLike;
  commands: string[];
  run(...args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

/** How `promise` has settled so far: 'pending', 'sent' or 'aborted'. */
function settlement(promise: Promise<void> | undefined): () => string {
  let state = 'pending';
  void promise?.then(
    () => (state = 'sent'),
    () => (state = 'aborted'),
  );
  return () => state;
}

/** A client whose every command through the pacer's method is recorded by name. */
const libraries: [string, () => Promise<Connected>][] = [
  [
    'node-redis',
    async () => {
      const c = await createClient({ url: server.url }).connect();
      const commands: string[] = [];
      const client = {
        sendCommand: (args: string[]) => (commands.push(args[0] ?? ''), c.sendCommand(args)),
      };
      return {
        client,
        commands,
        run: (...args) => c.sendCommand(args),
        close: async () => void (await c.quit()),
      };
    },
  ],
  [
    'ioredis',
    async () => {
      const c = new Redis({ host: '127.0.0.1', port: server.port });
      const commands: string[] = [];
      const client = {
        call: (command: string, ...args: (string | number)[]) => (
          commands.push(command),
          c.call(command, ...args)
        ),
      };
      return {
        client,
        commands,
        run: (command, ...args) => c.call(command, ...args),
        close: async () => void (await c.quit()),
      };
    },
  ],
];

/** Every send in the log (KEYS[1]) stamped ARGV[1] ms past Redis's now, and the bucket (KEYS[2]) dropped. */
const RESTAMP = `
local t = redis.call('TIME')
local ahead = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000 + tonumber(ARGV[1])
for _, m in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do redis.call('ZADD', KEYS[1], 'XX', ahead, m) end
redis.call('DEL', KEYS[2])
`;

describe.each(libraries)('redisPacer over %s', (name, connect) => {
  it('takes one Redis round trip per send when no limit is active', async () => {
    const redis = await connect();
    try {
      const pacer = redisPacer(redis.client, { key: `trips:${name}` });
      // EVAL until the script's SHA-1 is known (Web Crypto, computed beside the first command, so
      // a busy machine may take a few sends longer), then EVALSHA only. Sends go on until the
      // first EVALSHA, bounded far above need, and 50 more after it.
      let sends = 0;
      while (!redis.commands.includes('EVALSHA') && sends < 5_000) {
        await pacer.acquire();
        sends++;
      }
      for (let i = 0; i < 50; i++) await pacer.acquire();
      sends += 50;
      expect(redis.commands).toHaveLength(sends);
      expect(redis.commands[0]).toBe('EVAL');
      const first = redis.commands.indexOf('EVALSHA');
      expect(first).toBeGreaterThan(0);
      expect(new Set(redis.commands.slice(first))).toEqual(new Set(['EVALSHA']));
    } finally {
      await redis.close();
    }
  });

  it("a 429 seen by one process holds the sends of another that shares the key, and not of another key's", async () => {
    const [a, b] = await Promise.all([connect(), connect()]);
    // The holder writes its hold again every second while it lasts (a Redis that restarts forgets
    // it): on fake timers, so the write after its client closed is made here, and its one warning
    // goes to a logger the test reads, not to the console.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const log = spyLogger();
    try {
      const key = `hold:${name}`;
      await redisPacer(a.client, { key, logger: log }).hold(30_000);
      const ttl = Number(await a.run('PTTL', `{${key}}:hold`));
      expect(ttl).toBeGreaterThan(30_000);
      expect(ttl).toBeLessThanOrEqual(31_000);
      const controller = new AbortController();
      const waiting = redisPacer(b.client, { key }).acquire(controller.signal);
      const settled = settlement(waiting);
      // Two round trips on another connection: B has had its answer by then.
      await b.run('PING');
      await b.run('PING');
      expect(settled()).toBe('pending');
      controller.abort(new Error('stop'));
      await expect(waiting).rejects.toThrow('stop');
      await expect(redisPacer(b.client, { key: `other:${name}` }).acquire()).resolves.toBeUndefined();
      expect(log.warn).not.toHaveBeenCalled();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    await vi.advanceTimersByTimeAsync(1_000);
    for (let i = 0; i < 20 && log.warn.mock.calls.length === 0; i++) await new Promise(setImmediate);
    expect(log.warn).toHaveBeenCalledOnce();
    expect(String(log.warn.mock.calls[0]?.[0])).toMatch(
      /redisPacer: Redis failed \((The client is closed|Connection is closed\.)\); this process paces itself/,
    );
  });

  it('maxPerSecond is one bucket for every sharer: the second send of the fleet waits its slot', async () => {
    const [a, b] = await Promise.all([connect(), connect()]);
    try {
      const key = `rate:${name}`;
      // One send per 10 s (10,500 ms apart with the bucket's 5%): a machine that stalls for seconds
      // between these steps still finds the second slot ahead, so nothing here races the clock.
      const options = { key, maxPerSecond: 0.1 };
      await redisPacer(a.client, options).acquire();
      const controller = new AbortController();
      const second = redisPacer(b.client, options).acquire(controller.signal);
      const settled = settlement(second);
      await b.run('PING');
      await b.run('PING');
      expect(settled()).toBe('pending');
      // Two slots taken, 10,500 ms apart: the next free one is two spacings after the first send on
      // Redis's clock, less the time these steps took.
      const [seconds, micros] = (await a.run('TIME')) as [string, string];
      const next = Number(await a.run('GET', `{${key}}:bucket`));
      const ahead = next - (Number(seconds) * 1000 + Number(micros) / 1000);
      expect(ahead).toBeGreaterThan(10_500);
      expect(ahead).toBeLessThanOrEqual(21_000);
      expect(Number(await a.run('ZCARD', `{${key}}:senders`))).toBe(2);
      controller.abort(new Error('stop'));
      await expect(second).rejects.toThrow('stop');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('lets no more than maxPerSecond go in any window, even when the slots came due together', async () => {
    const redis = await connect();
    try {
      const key = `window:${name}`;
      const pacer = redisPacer(redis.client, { key, maxPerSecond: 3 });
      // Dropping the bucket makes every slot due at once, as for workers that all woke late. Before
      // each of the three sends the logged ones are restamped 5 s past Redis's now, in the same
      // script that drops the bucket, so none ages out of the window (1,050 ms) while a busy machine
      // stalls under 5 s between sends: stamped at now, a stall of a second between that script and
      // a send (seen under CI's four parallel suites) aged two out, and the log read 1, not 3.
      // Before the fourth they are stamped at now: the pacer reads a full window's wait longer than
      // the window as a Redis failure, so only that one round trip races the window.
      const sent = `{${key}}:sent`;
      for (let i = 0; i < 3; i++) {
        await redis.run('EVAL', RESTAMP, '2', sent, `{${key}}:bucket`, '5000');
        await pacer.acquire();
      }
      await redis.run('EVAL', RESTAMP, '2', sent, `{${key}}:bucket`, '0');
      expect(Number(await redis.run('ZCARD', sent))).toBe(3);
      const controller = new AbortController();
      const fourth = pacer.acquire(controller.signal);
      const settled = settlement(fourth);
      await redis.run('PING');
      await redis.run('PING');
      expect(settled()).toBe('pending');
      expect(Number(await redis.run('ZCARD', sent))).toBe(3);
      controller.abort(new Error('stop'));
      await expect(fourth).rejects.toThrow('stop');
    } finally {
      await redis.close();
    }
  });
});

describe('redisPacer on a stand-in Redis', () => {
  it('does not send on a "go" that came back late: it asks again', async () => {
    vi.useFakeTimers({ now: 0 });
    // How long each next answer takes to be read (ms); 1 once these are used.
    const delays: number[] = [];
    const modes: string[] = [];
    const client = {
      call: vi.fn((...args: (string | number)[]) => {
        modes.push(String(args.at(-2)));
        return new Promise((resolve) => setTimeout(() => resolve([1, 0, 1]), delays.shift() ?? 1));
      }),
    };
    const pacer = redisPacer(client, { maxPerSecond: 100 });
    for (let i = 0; i < 5; i++) {
      const sent = pacer.acquire();
      await vi.advanceTimersByTimeAsync(1);
      await sent;
    }
    expect(modes).toEqual(['take', 'take', 'take', 'take', 'take']);
    // This process stalls: the answer is read 50 ms after it was asked for.
    delays.push(50);
    let sent = false;
    void pacer.acquire()?.then(() => (sent = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(sent).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toBe(true);
    expect(modes.slice(5)).toEqual(['take', 'commit']);
  });
});

describe('redisPacer when Redis fails', () => {
  const logger = () => {
    const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
    return log satisfies Logger;
  };

  it('goes on alone at a tenth of the rate, warns once, and still honours its own 429s', async () => {
    vi.useFakeTimers({ now: 0 });
    const log = logger();
    const broken = { call: vi.fn(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379'))) };
    const pacer = redisPacer(broken, { maxPerSecond: 100, logger: log });
    await pacer.acquire();
    let second = false;
    void pacer.acquire()?.then(() => (second = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(second).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(second).toBe(true);
    expect(log.warn).toHaveBeenCalledOnce();
    expect(String(log.warn.mock.calls[0]?.[0])).toMatch(
      /redisPacer: Redis failed \(connect ECONNREFUSED.*paces itself at 10\.0 requests per second/,
    );
    await pacer.hold(1_000);
    let third = false;
    void pacer.acquire()?.then(() => (third = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(third).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(third).toBe(true);
    // Redis is not asked for a pace again until 5 s have passed: a send that goes alone is only
    // recorded (one command, not waited for).
    const asked = broken.call.mock.calls.length;
    void pacer.acquire();
    await vi.advanceTimersByTimeAsync(100);
    expect(broken.call.mock.calls.length).toBe(asked + 1);
    expect((broken.call.mock.calls.at(-1) as unknown[] | undefined)?.at(-2)).toBe('record');
  });

  it('a Redis that never answers costs one timeout, then this process paces itself', async () => {
    vi.useFakeTimers({ now: 0 });
    const log = logger();
    const stuck = { sendCommand: vi.fn(() => new Promise<never>(() => undefined)) };
    const pacer = redisPacer(stuck, { timeout: 200, logger: log });
    let sent = false;
    void pacer.acquire()?.then(() => (sent = true));
    await vi.advanceTimersByTimeAsync(199);
    expect(sent).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toBe(true);
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/no answer within 200ms/));
  });

  it('asks Redis again after 5 s and shares the fleet pace once it answers', async () => {
    vi.useFakeTimers({ now: 0 });
    const log = logger();
    let up = false;
    const flaky = {
      call: vi.fn(() => (up ? Promise.resolve([1, 0, 1]) : Promise.reject(new Error('READONLY')))),
    };
    const pacer = redisPacer(flaky, { logger: log });
    await pacer.acquire();
    up = true;
    await vi.advanceTimersByTimeAsync(5_000);
    await pacer.acquire();
    // The failed ask, the record of the send that went alone, the ask 5 s later.
    expect(flaky.call).toHaveBeenCalledTimes(3);
    expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/Redis answers again/));
  });

  it('refuses what is not a Redis client, and a bad key, rate or timeout', () => {
    expect(() => redisPacer({} as never)).toThrow(ConfigurationError);
    expect(() => redisPacer({} as never)).toThrow(/redisPacer: pass a connected node-redis client/);
    const client = { call: () => Promise.resolve(null) };
    expect(() => redisPacer(client, { key: '' })).toThrow(/key must be a non-empty string/);
    expect(() => redisPacer(client, { maxPerSecond: -5 })).toThrow(/maxPerSecond must be a positive number/);
    expect(() => redisPacer(client, { timeout: 0 })).toThrow(/timeout must be a positive integer/);
  });
});
