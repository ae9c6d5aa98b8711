// A worker: `npx tsx worker.ts`, as many as you like, on any machines. Each takes jobs from the
// queue one at a time and sends their rows with createMany, all workers under one redisPacer (one
// pace and one Retry-After for the fleet). SIGTERM or Ctrl-C lets the current job finish, then
// exits; a worker that dies instead loses its job after CAMPAIGN_LOCK_MS, and another runs it again
// (rows already sent are replayed by the service, not sent twice).
//
// Environment: the client's GATEWAY_API_KEY and GATEWAY_BASE_URL (read by `new Client()`);
// REDIS_URL (default redis://127.0.0.1:6379), CAMPAIGN_QUEUE (default `campaign`),
// CAMPAIGN_RATE (the fleet's sends per second; default: no limit but the service's 429s),
// CAMPAIGN_LOCK_MS (default 30000).
import { Redis } from 'ioredis';
import { Client } from 'gateway-sdk';
import { redisPacer } from 'gateway-sdk/campaigns';
import { work } from './campaign.js';

const env = process.env;
const queueName = env.CAMPAIGN_QUEUE ?? 'campaign';
const url = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const rate = env.CAMPAIGN_RATE === undefined ? undefined : Number(env.CAMPAIGN_RATE);
const lockMs = Number(env.CAMPAIGN_LOCK_MS ?? 30_000);

// One client package (ioredis) serves both: BullMQ's connection, which must not give up on a
// command (maxRetriesPerRequest: null), and the pacer's, which has its own timeout.
const connection = new Redis(url, { maxRetriesPerRequest: null });
const pacerRedis = new Redis(url);
const client = new Client();
const pacer = redisPacer(pacerRedis, { key: `${queueName}-pace`, maxPerSecond: rate });
const worker = work(queueName, connection, client, pacer, lockMs);
worker.on('active', (job) => console.log(`job ${job.id ?? '?'} started`));
worker.on('completed', (job) => console.log(`job ${job.id ?? '?'} completed`));
worker.on('failed', (job, error) => console.log(`job ${job?.id ?? '?'} failed: ${error.message}`));
// A dropped Redis connection is retried by ioredis; say so rather than crash.
worker.on('error', (error) => console.error(`worker: ${error.message}`));
await worker.waitUntilReady();
console.log(`worker ready on ${queueName}`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void worker.close().then(async () => {
    await Promise.all([connection.quit(), pacerRedis.quit()]);
  });
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
