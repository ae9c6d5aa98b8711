// The campaign's logic, shared by producer.ts and worker.ts (the two programs you start): the
// producer splits a CSV (`phone,name`) into jobs of at most 1,000 rows; any number of workers, on any machines, send each job with createMany under one
// shared pace (redisPacer). Row r is sent with the key `${campaign}:${r}`, so a job that failed, or
// that BullMQ took back from a worker that died, is simply run again: rows sent are replayed.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Queue, QueueEvents } from 'bullmq';
import { Worker, type ConnectionOptions } from 'bullmq';
import type { Client } from 'gateway-sdk';
import { createMany, type Pacer } from 'gateway-sdk/campaigns';

export type Row = { row: number; phone: string; name: string };
export type CampaignJob = { campaign: string; text: string; rows: Row[] };

async function* rowsOf(csv: string): AsyncGenerator<Row> {
  let row = 0;
  for await (const line of createInterface({ input: createReadStream(csv), crlfDelay: Infinity })) {
    const [phone = '', name = ''] = line.split(',');
    if (row++ > 0 && phone.trim() !== '') yield { row: row - 2, phone: phone.trim(), name: name.trim() };
  }
}

/** Producer: one job per `size` rows; BullMQ retries a job up to 10 times. Returns the job count. */
export async function produce(queue: Queue, campaign: string, csv: string, text: string, size = 1000) {
  let rows: Row[] = [];
  let jobs = 0;
  const add = async () => {
    const data: CampaignJob = { campaign, text, rows };
    const opts = {
      jobId: `${campaign}-${jobs++}`,
      attempts: 10,
      backoff: { type: 'exponential', delay: 1000 },
    };
    await queue.add('send', data, opts);
    rows = [];
  };
  for await (const row of rowsOf(csv)) if (rows.push(row) === size) await add();
  if (rows.length > 0) await add();
  return jobs;
}

/** Worker: sends each job's rows; a row that failed fails the job, which BullMQ then runs again. */
export function work(
  queue: string,
  connection: ConnectionOptions,
  client: Client,
  pacer: Pacer,
  lockDuration = 30_000,
) {
  return new Worker<CampaignJob>(
    queue,
    async (job) => {
      const { campaign, text, rows } = job.data;
      const items = rows.map((r) => ({
        to: r.phone,
        message: text.replace('{name}', r.name).replace('{row}', String(r.row)),
        idempotencyKey: `${campaign}:${r.row}`,
      }));
      let settled = 0;
      const failed: string[] = [];
      for await (const r of createMany(client, items, { concurrency: 16, pacer })) {
        if (!r.ok) failed.push(`${r.idempotencyKey}: ${r.error.message}`);
        if (++settled % 250 === 0) await job.updateProgress(Math.round((100 * settled) / items.length));
      }
      if (failed.length > 0) throw new Error(`${failed.length} rows failed, e.g. ${failed[0]}`);
      return { sent: items.length };
    },
    // A worker that dies loses its lock within lockDuration; BullMQ then gives the job to another.
    {
      connection,
      concurrency: 1,
      lockDuration,
      stalledInterval: Math.ceil(lockDuration / 3),
      maxStalledCount: 3,
    },
  );
}

/** Follows the queue's events until all `jobs` have completed, or one has failed for good. */
export async function follow(queue: Queue, events: QueueEvents, jobs: number, log = console.log) {
  events.on('progress', ({ jobId, data }) => log(`${jobId}: ${String(data)}%`));
  events.on('failed', ({ jobId, failedReason }) => log(`${jobId} failed: ${failedReason}`));
  return new Promise<{ completed: number; failed: number }>((resolve) => {
    const check = async () => {
      const { completed = 0, failed = 0 } = await queue.getJobCounts('completed', 'failed');
      log(`${completed} of ${jobs} jobs completed`);
      if (completed + failed >= jobs) resolve({ completed, failed });
    };
    events.on('completed', () => void check());
    events.on('failed', () => void check());
    void check();
  });
}
