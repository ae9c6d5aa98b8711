// The producer: `npx tsx producer.ts campaign.csv` queues the CSV (`phone,name`) as jobs on the
// queue, then follows the workers' progress and exits once every job has completed (0) or one has
// failed for good (1). Running it again for the same campaign queues nothing new: job ids are
// `${campaign}-${n}`, and BullMQ ignores a job whose id it already holds.
//
// Environment: REDIS_URL (default redis://127.0.0.1:6379), CAMPAIGN_QUEUE (default `campaign`),
// CAMPAIGN_NAME (default: the CSV's file name; it prefixes every row's idempotency key),
// CAMPAIGN_TEXT (default `Hi {name}, your code is {row}`), CAMPAIGN_JOB_ROWS (default 1000).
import { basename, extname } from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { follow, produce } from './campaign.js';

const csv = process.argv[2];
if (csv === undefined) {
  console.error('usage: npx tsx producer.ts <campaign.csv> (a CSV with the header phone,name)');
  process.exit(2);
}
const env = process.env;
const queueName = env.CAMPAIGN_QUEUE ?? 'campaign';
const campaign = env.CAMPAIGN_NAME ?? basename(csv, extname(csv));
const text = env.CAMPAIGN_TEXT ?? 'Hi {name}, your code is {row}';
const size = Number(env.CAMPAIGN_JOB_ROWS ?? 1000);

// BullMQ needs maxRetriesPerRequest: null on the connections it blocks on (QueueEvents does).
const connection = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
const queue = new Queue(queueName, { connection });
const events = new QueueEvents(queueName, { connection });
try {
  // Listening before the first job is queued, so no completion is missed.
  await events.waitUntilReady();
  const jobs = await produce(queue, campaign, csv, text, size);
  console.log(`${jobs} jobs queued on ${queueName}`);
  const { failed } = await follow(queue, events, jobs);
  process.exitCode = failed > 0 ? 1 : 0;
} finally {
  await Promise.all([queue.close(), events.close()]);
  await connection.quit();
}
