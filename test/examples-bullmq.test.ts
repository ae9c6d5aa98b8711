// examples/campaign-bullmq.ts on a real redis-server and the loopback mock: a producer, two
// workers sharing one redisPacer, and the queue's events saying when the campaign is done.
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'gateway-sdk';
import { redisPacer } from 'gateway-sdk/campaigns';
import { startMockServer, type MockServer } from 'gateway-sdk/testing';
import { follow, produce, work } from '../examples/campaign-bullmq.js';
import { startRedisServer, type RedisServer } from './helpers/redis-server.js';

let redis: RedisServer;
let server: MockServer;
beforeAll(async () => {
  [redis, server] = await Promise.all([startRedisServer(), startMockServer()]);
});
afterAll(async () => {
  await Promise.all([redis?.stop(), server?.close()]);
});

describe('examples/campaign-bullmq.ts', () => {
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
      const csv = new URL('../examples/data/campaign.csv', import.meta.url).pathname;
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
