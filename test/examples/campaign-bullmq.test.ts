// examples/campaign-bullmq/ on a real redis-server and the loopback mock: its logic in-process (a
// producer, two workers sharing one redisPacer, the queue's events saying when the campaign is
// done), then its two programs started as a user starts them, three workers, one killed mid-job.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'gateway-sdk';
import { redisPacer } from 'gateway-sdk/campaigns';
import { startMockServer, type MockServer } from 'gateway-sdk/testing';
import { follow, produce, work } from '../../examples/campaign-bullmq/campaign.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';

let redis: RedisServer;
let server: MockServer;
beforeAll(async () => {
  [redis, server] = await Promise.all([startRedisServer(), startMockServer()]);
});
afterAll(async () => {
  await Promise.all([redis?.stop(), server?.close()]);
});

describe('examples/campaign-bullmq/campaign.ts', () => {
  it('sends every row of the CSV once, with its own key and text, through a 429 and two 503s', async () => {
    const connection = { host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null };
    const queue = new Queue('campaign', { connection });
    const events = new QueueEvents('campaign', { connection });
    const pacerRedis = new Redis({ host: '127.0.0.1', port: redis.port });
    const client = new Client({ ...server.clientOptions, maxRetries: 3 });
    const pacer = redisPacer(pacerRedis, { key: 'example-pace' });
    const workers = [1, 2].map(() => work('campaign', connection, client, pacer));
    const lines: string[] = [];
    try {
      await events.waitUntilReady();
      server.mock.inject('POST /sms/messages', { kind: 'status', status: 429, retryAfter: 0.2 });
      server.mock.inject('POST /sms/messages', { kind: 'status', status: 503 }, { times: 2 });
      const csv = new URL('../../examples/data/campaign.csv', import.meta.url).pathname;
      const jobs = await produce(queue, 'spring', csv, 'Hi {name}, your code is {row}');
      expect(jobs).toBe(1);
      const done = await follow(queue, events, jobs, (line) => void lines.push(line));
      expect(done).toEqual({ completed: 1, failed: 0 });
      expect(lines.at(-1)).toBe('1 of 1 jobs completed');
      const sent = [...server.mock.store.messages.values()].map((m) => `+${m.to} ${m.body}`);
      expect(sent.sort()).toEqual([
        '+447700900201 Hi Ada, your code is 0',
        '+447700900202 Hi Grace, your code is 1',
        '+447700900203 Hi Alan, your code is 2',
        '+447700900204 Hi Edsger, your code is 3',
        '+447700900205 Hi Barbara, your code is 4',
        '+447700900206 Hi Donald, your code is 5',
        '+447700900207 Hi Frances, your code is 6',
        '+447700900208 Hi Ken, your code is 7',
      ]);
    } finally {
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all([queue.close(), events.close()]);
      pacerRedis.disconnect();
    }
  });
});

const root = new URL('../../', import.meta.url).pathname;
const example = (name: string) => join(root, 'examples/campaign-bullmq', name);

/** Starts one of the example's programs as its README says (tsx), its output kept in `lines`. */
function start(name: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', example(name), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let rest = '';
  const take = (chunk: Buffer) => {
    const parts = (rest + String(chunk)).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      child.emit('line', line);
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  return { child, lines };
}

/** Resolves on the first line of `child` that matches, rejects if it exits first. */
function lineOf(child: ChildProcess, pattern: RegExp, lines: string[]) {
  return new Promise<string>((resolve, reject) => {
    const onLine = (line: string) => {
      if (!pattern.test(line)) return;
      child.off('exit', onExit);
      child.off('line', onLine);
      resolve(line);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`exited (${code}) before printing ${pattern}:\n${lines.join('\n')}`));
    child.on('line', onLine);
    child.once('exit', onExit);
  });
}

describe('examples/campaign-bullmq/ producer.ts and worker.ts, as a user starts them', () => {
  it('stores every row once with 3 workers, one killed with SIGKILL mid-job', async () => {
    const ROWS = 300;
    const dir = mkdtempSync(join(tmpdir(), 'campaign-bullmq-'));
    const csv = join(dir, 'spring.csv');
    const names = ['Ada', 'Grace', 'Alan', 'Edsger'];
    const body = Array.from(
      { length: ROWS },
      (_, i) => `+4477009${String(i).padStart(5, '0')},${names[i % 4]}`,
    );
    writeFileSync(csv, ['phone,name', ...body].join('\n'));

    // One proxy per worker in front of the mock: the first worker to send its 10th row, with its
    // job's other rows still to go, is killed as the mock answers that row (stored, never learned
    // by the worker), so its job must be taken back by another worker and its sent rows replayed.
    // A mock of its own: the first test's keys (`spring:0`…) must not meet these.
    const mock = await startMockServer();
    const mockURL = new URL(mock.clientOptions.baseURL);
    const processes: ReturnType<typeof start>[] = [];
    const proxies: Server[] = [];
    let killed = -1;
    const proxyFor = (index: number) => {
      let posts = 0;
      return createServer((req, res) => {
        const kill = req.method === 'POST' && ++posts === 10 && killed === -1;
        if (kill) killed = index;
        res.on('error', () => undefined);
        const out = httpRequest(
          {
            host: mockURL.hostname,
            port: mockURL.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: mockURL.host },
          },
          (answer) => {
            if (kill) {
              processes[index]?.child.kill('SIGKILL');
              answer.resume();
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        out.on('error', () => req.socket.destroy());
        req.pipe(out);
      });
    };
    try {
      const workerEnvs: Record<string, string>[] = [];
      for (let i = 0; i < 3; i++) {
        const proxy = proxyFor(i);
        proxies.push(proxy);
        await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
        const { port } = proxy.address() as { port: number };
        workerEnvs.push({
          GATEWAY_API_KEY: mock.clientOptions.apiKey,
          GATEWAY_BASE_URL: `http://127.0.0.1:${port}${mockURL.pathname.replace(/\/$/, '')}`,
          REDIS_URL: redis.url,
          CAMPAIGN_QUEUE: 'spring-fleet',
          // A killed worker's job is taken back once its lock expires: 2 s here, not 30.
          CAMPAIGN_LOCK_MS: '2000',
        });
      }
      for (const env of workerEnvs) processes.push(start('worker.ts', [], env));
      await Promise.all(
        processes.map(({ child, lines }) => lineOf(child, /^worker ready on spring-fleet$/, lines)),
      );

      const producer = start('producer.ts', [csv], {
        REDIS_URL: redis.url,
        CAMPAIGN_QUEUE: 'spring-fleet',
        CAMPAIGN_JOB_ROWS: '50',
      });
      processes.push(producer);
      const [code] = (await once(producer.child, 'exit')) as [number | null];
      expect(code, producer.lines.join('\n')).toBe(0);
      expect(producer.lines[0]).toBe('6 jobs queued on spring-fleet');
      expect(producer.lines.at(-1)).toBe('6 of 6 jobs completed');
      expect(killed).toBeGreaterThanOrEqual(0);
      expect(processes[killed]?.child.signalCode).toBe('SIGKILL');

      const rows = new Map<number, number>();
      for (const m of mock.mock.store.messages.values()) {
        const row = Number(/your code is (\d+)$/.exec(m.body)?.[1] ?? -1);
        rows.set(row, (rows.get(row) ?? 0) + 1);
      }
      expect(mock.mock.store.messages.size).toBe(ROWS);
      expect([...rows.entries()].filter(([, n]) => n !== 1)).toEqual([]);
      expect(rows.size).toBe(ROWS);
    } finally {
      // The workers that live stop as a user stops them (SIGTERM), and must exit on it.
      await Promise.all(
        processes.map(async ({ child }) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = once(child, 'exit');
          child.kill('SIGTERM');
          await exited;
        }),
      );
      for (const proxy of proxies) {
        proxy.close();
        proxy.closeAllConnections();
      }
      await mock.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
