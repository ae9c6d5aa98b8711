// redisStore against a real redis-server (Debian's; .ci/run installs it), started here on
// 127.0.0.1 at a free port without persistence and stopped at the end, with both client libraries.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  createWebhookHandler,
  redisStore,
  Webhooks,
  type RedisClientLike,
} from 'gateway-sdk/webhooks';
import { keyOf, secret, signed } from './receive.js';

let server: ChildProcess | undefined;
let port = 0;

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port: free } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

async function startRedis(): Promise<void> {
  port = await freePort();
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--loglevel',
      'notice',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (/Ready to accept connections/.test(output)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (error) =>
      reject(new Error(`redis-server could not start (${error.message}): apt-get install -y redis-server`)),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
}

beforeAll(async () => {
  // A port taken between freePort() and the start fails fast and gets one more try.
  try {
    await startRedis();
  } catch {
    server?.kill();
    await startRedis();
  }
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
});

interface Client {
  store: RedisClientLike;
  ttl(key: string): Promise<number>;
  close(): Promise<void>;
}

const clients: [string, () => Promise<Client>][] = [
  [
    'node-redis',
    async () => {
      const c = await createClient({ url: `redis://127.0.0.1:${port}` }).connect();
      return { store: c, ttl: (key) => c.ttl(key), close: async () => void (await c.quit()) };
    },
  ],
  [
    'ioredis',
    async () => {
      const c = new Redis({ host: '127.0.0.1', port, lazyConnect: true });
      await c.connect();
      return { store: c, ttl: (key) => c.ttl(key), close: async () => void (await c.quit()) };
    },
  ],
];

describe.each(clients)('redisStore over %s', (name, connect) => {
  it('claims atomically with SET NX EX, releases with DEL, and records pending then handled', async () => {
    const client = await connect();
    try {
      const store = redisStore(client.store, { prefix: `t:${name}:` });
      expect(await store.claim('evt_a', 300)).toBe(true);
      expect(await store.claim('evt_a', 300)).toBe(false);
      expect(await store.state?.('evt_a')).toBe('pending');
      expect(await client.ttl(`t:${name}:evt_a`)).toBeGreaterThan(290);
      await store.complete?.('evt_a', 604_800);
      expect(await store.state?.('evt_a')).toBe('handled');
      expect(await client.ttl(`t:${name}:evt_a`)).toBeGreaterThan(604_000);
      await store.release('evt_a');
      expect(await store.state?.('evt_a')).toBeUndefined();
      expect(await store.claim('evt_a', 300)).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('two handler instances on one Redis: 200 concurrent deliveries of 50 events, each handled once', async () => {
    const [a, b] = [await connect(), await connect()];
    try {
      const prefix = `load:${name}:${Date.now()}:`;
      const counts = new Map<string, number>();
      const make = (client: Client) =>
        createWebhookHandler({
          secret,
          dedupe: redisStore(client.store, { prefix }),
          onEvent: async (event) => {
            counts.set(event.id, (counts.get(event.id) ?? 0) + 1);
            // Yield, so that the other deliveries of the event overlap this one.
            await new Promise((resolve) => setImmediate(resolve));
          },
          onError: () => undefined,
        });
      const handlers = [make(a), make(b)];
      const events = await Promise.all(
        Array.from({ length: 50 }, (_, i) => signed({ id: `evt_load_${name}_${i}` })),
      );
      // Each event four times, alternating instances; a 503 (still in flight) is redelivered later,
      // as the service would, until every delivery got a 2xx.
      let pending = events.flatMap((e) => [e, e, e, e]).map((e, i) => ({ e, i }));
      const statuses = new Map<number, number>();
      for (let round = 0; pending.length > 0 && round < 20; round++) {
        const answers = await Promise.all(
          pending.map(async ({ e, i }) => {
            const handle = handlers[i % 2] as (typeof handlers)[number];
            const response = await handle(
              new Request('https://r.test/', { method: 'POST', body: e.body, headers: e.headers }),
            );
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            return { e, i, ok: response.ok };
          }),
        );
        pending = answers.filter((x) => !x.ok);
      }
      expect(pending).toEqual([]);
      expect(counts.size).toBe(50);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200]));
      expect(statuses.get(500)).toBeUndefined();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe.each(clients)('two receivers with different secrets on one Redis, over %s', (name, connect) => {
  it('each handles every event once with redisStore(redis) and default options', async () => {
    const client = await connect();
    try {
      const other = `whsec_payment_receiver_${name}`;
      const handled = { sms: [] as string[], payment: [] as string[] };
      const sms = createWebhookHandler({
        secret,
        dedupe: redisStore(client.store),
        onEvent: (event) => void handled.sms.push(event.id),
      });
      const payment = createWebhookHandler({
        secret: other,
        dedupe: redisStore(client.store),
        onEvent: (event) => void handled.payment.push(event.id),
      });
      const ids = Array.from({ length: 5 }, (_, i) => `evt_shared_${name}_${Date.now()}_${i}`);
      const deliver = async (handle: typeof sms, id: string, s: string) => {
        const { body } = await signed({ id }, { signWith: s });
        const headers = { 'x-service-signature': await Webhooks.sign(body, s) };
        const response = await handle(new Request('https://r.test/', { method: 'POST', body, headers }));
        return `${response.status} ${await response.text()}`;
      };
      // One event reaching both webhooks, each delivered twice.
      for (const id of ids) {
        expect(await deliver(sms, id, secret)).toBe('200 handled');
        expect(await deliver(payment, id, other)).toBe('200 handled');
        expect(await deliver(payment, id, other)).toBe('200 duplicate');
        expect(await deliver(sms, id, secret)).toBe('200 duplicate');
      }
      expect(handled).toEqual({ sms: ids, payment: ids });
      // Under the default prefix, each in its own namespace: HMAC-SHA256(secret, "gateway-sdk dedupe").
      expect(await client.ttl(`gateway-sdk:webhook:${keyOf(ids[0] as string, other)}`)).toBeGreaterThan(
        604_000,
      );
    } finally {
      await client.close();
    }
  });
});

describe('redisStore', () => {
  it('refuses something that is not a Redis client', () => {
    expect(() => redisStore({} as RedisClientLike)).toThrow(ConfigurationError);
  });
});
