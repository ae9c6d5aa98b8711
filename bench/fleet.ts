// `npm run bench:fleet`: the BullMQ campaign of examples/campaign-bullmq/ (test/fleet/worker.ts)
// with one and with three worker processes, on a real redis-server and the loopback mock, no faults:
// rows a second from the first send to the queue drained, and the pacer's Redis commands per send
// (each worker counts its own). Unpaced runs show what the fleet can do on this machine; a run at
// maxPerSecond 200 shows the cost of the rate limit's second round trip. Prints a Markdown table.
// `--busy`: the same runs while one spinning process per core keeps every core busy; the table then
// also gives each run's busiest second (sends leaving the workers, retries included).
//   node --import tsx bench/fleet.ts [--rows 3000] [--busy]
import { fork, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Queue, QueueEvents } from 'bullmq';
import { startMockServer } from 'gateway-sdk/testing';
import { follow } from '../examples/campaign-bullmq/campaign.js';
import { startRedisServer } from '../test/helpers/redis-server.js';

const arg = process.argv.indexOf('--rows');
const ROWS = arg > 0 ? Number(process.argv[arg + 1]) : 3_000;
const BUSY = process.argv.includes('--busy');
const burners = BUSY
  ? Array.from({ length: availableParallelism() }, () =>
      spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
    )
  : [];
process.on('exit', () => burners.forEach((b) => b.kill('SIGKILL')));
const dir = new URL('../.tmp/bench-fleet/', import.meta.url).pathname;
mkdirSync(dir, { recursive: true });
const csv = `${dir}campaign.csv`;
writeFileSync(
  csv,
  ['phone,name', ...Array.from({ length: ROWS }, (_, i) => `+4477009${String(i).padStart(5, '0')},Ada`)].join(
    '\n',
  ),
);

async function run(workers: number, rate: number | undefined) {
  const redis = await startRedisServer();
  const mock = await startMockServer();
  const queueName = `bench-${workers}-${rate ?? 'unpaced'}`;
  const connection = { host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null };
  const env = {
    ...process.env,
    FLEET_REDIS_PORT: String(redis.port),
    FLEET_QUEUE: queueName,
    FLEET_CAMPAIGN: 'bench',
    FLEET_CSV: csv,
    FLEET_RATE: rate === undefined ? '' : String(rate),
    FLEET_URL: mock.url,
    FLEET_API_KEY: mock.clientOptions.apiKey,
  };
  const start = (role: string) =>
    fork(new URL('../test/fleet/worker.ts', import.meta.url).pathname, [role], {
      env,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
  const queue = new Queue(queueName, { connection });
  const events = new QueueEvents(queueName, { connection });
  await events.waitUntilReady();
  const children = Array.from({ length: workers }, () => start('worker'));
  // Workers are up before the clock starts: process start-up is not the pace.
  await Promise.all(children.map((c) => new Promise((r) => c.once('spawn', r))));
  const reports = children.map(
    (c) =>
      new Promise<{ commands: number; departures: number[] }>((resolve) =>
        c.on('message', (m) => {
          if (typeof m === 'object' && m !== null && 'commands' in m)
            resolve(m as { commands: number; departures: number[] });
        }),
      ),
  );
  const producer = start('producer');
  const jobs = await new Promise<number>((r) =>
    producer.on('message', (m) => r((m as { produced: number }).produced)),
  );
  const t0 = performance.now();
  await follow(queue, events, jobs, () => undefined);
  const seconds = (performance.now() - t0) / 1000;
  for (const c of children) c.send('stop');
  const done = await Promise.all(reports);
  const total = done.reduce((a, b) => a + Number(b.commands), 0);
  const worst = busiestSecond(done.flatMap((d) => d.departures));
  await Promise.all([queue.close(), events.close()]);
  const sends = mock.mock.store.messages.size;
  await mock.close();
  await redis.stop();
  return { workers, rate, sends, seconds, perSecond: sends / seconds, tripsPerSend: total / sends, worst };
}

/** The most stamps (ms) in any span of 1,000 ms. */
function busiestSecond(stamps: number[]): number {
  const sorted = [...stamps].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[i] as number) - (sorted[j] as number) >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

const rows = [];
for (const [workers, rate] of [
  [1, undefined],
  [3, undefined],
  [3, 200],
] as const)
  rows.push(await run(workers, rate));
console.log(
  `Fleet (${ROWS} rows, BullMQ jobs of 1,000, createMany concurrency 16 per worker, no faults${BUSY ? `, ${burners.length} cores kept busy` : ''})\n`,
);
console.log(
  '| workers | maxPerSecond | sends | seconds | sends/s | busiest second | pacer Redis commands per send |',
);
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows)
  console.log(
    `| ${r.workers} | ${r.rate ?? 'none'} | ${r.sends} | ${r.seconds.toFixed(1)} | ${r.perSecond.toFixed(0)} | ${r.worst} | ${r.tripsPerSend.toFixed(2)} |`,
  );
const [one, three] = rows;
if (one && three)
  console.log(`\nThree workers against one: ${(three.perSecond / one.perSecond).toFixed(2)}x`);
// The spinning processes would keep this one alive.
for (const b of burners) b.kill('SIGKILL');
