// `npm run test:fleet`: the campaign of examples/campaign-bullmq/ on real parts, in real time
// (about a minute: 10,000 rows at 200 a second), so it is a CI step of its own, not in `npm test`.
// A producer and three worker processes share one redis-server (loopback, free port, stopped at
// the end) and one redisPacer({ maxPerSecond: 200 }); they send to the loopback mock through a
// recording proxy while 503s, connection resets and 429 storms are injected, and one worker is
// killed with SIGKILL mid-job. Prints one line; exits 1 (with the reasons on stderr) if:
// - the mock does not hold exactly one message per row;
// - a request was sent inside a Retry-After window. The window of a 429 runs from the moment the
//   proxy answered it, on the machine's clock, which every process here shares; each attempt says
//   when it left its worker (x-fleet-sent, stamped after the pacer let it go), and each worker says
//   when it told its pacer of a 429 (the fleet knew of the window from the first of those). A send
//   that left in the window's first GRACE_MS, or within LEARN_MS of the moment the fleet knew, was
//   on its way already (let go by Redis before the hold was written): no client can call it back.
//   Those, every arrival inside a window and how long the fleet took to learn of each are logged;
// - a 1-second window saw more than 210 requests leave the workers (retries included; stamped as
//   they left, x-fleet-sent; the busiest second by arrival at the proxy is logged beside it).
// Details go to .tmp/fleet/log.txt.
//
// `--busy` (`npm run test:fleet -- --busy`): the same run while one CPU-bound process per core keeps
// every core busy, as on a shared machine, so every worker is preempted and wakes late. The line
// then says `busy`; a send that left inside a Retry-After window within BUSY_LEARN_MS of the moment
// the fleet knew of it is reported as preempted, not failed (docs/sending-at-scale.md states the
// bounds a busy machine keeps, measured with this mode).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { mkdirSync, writeFileSync, appendFileSync } from 'node:fs';
import { request as httpRequest, createServer, Agent } from 'node:http';
import { Queue, QueueEvents } from 'bullmq';
import { startMockServer } from 'gateway-sdk/testing';
import { follow } from '../../examples/campaign-bullmq/campaign.js';
import { startRedisServer } from '../helpers/redis-server.js';

const ROWS = 10_000;
const WORKERS = 3;
const RATE = 200;
const GRACE_MS = 50;
const LEARN_MS = 25;
// With every core busy (`--busy`), the OS preempts a worker for tens to hundreds of milliseconds
// anywhere, also between Redis's "go" and the send leaving, or between a 429 and its hold reaching
// Redis. A send that left within BUSY_LEARN_MS of the moment the fleet knew of the 429 is counted
// and reported as preempted (with the worst such delay), not failed.
const BUSY_LEARN_MS = 500;
const DEADLINE_MS = 900_000;
const BUSY = process.argv.includes('--busy');
/** The most sends one second may see leave the workers (by departure), busy or not. */
const LIMIT = 210;
// One spinning process per core for the whole run (`--busy`), killed with this process.
const burners = BUSY
  ? Array.from({ length: availableParallelism() }, () =>
      spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
    )
  : [];
process.on('exit', () => burners.forEach((b) => b.kill('SIGKILL')));
const dir = new URL('../../.tmp/fleet/', import.meta.url).pathname;
mkdirSync(dir, { recursive: true });
const logFile = `${dir}log.txt`;
writeFileSync(logFile, '');
const log = (line: string) => appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`);

const csv = `${dir}campaign.csv`;
const names = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken'];
writeFileSync(
  csv,
  [
    'phone,name',
    ...Array.from({ length: ROWS }, (_, i) => `+4477009${String(i).padStart(5, '0')},${names[i % 8]}`),
  ].join('\n'),
);

const redis = await startRedisServer();
const mock = await startMockServer();
// The proxy stamps every send on arrival and every 429 as it is answered, on one clock.
const arrivals: number[] = [];
const sent: number[] = [];
const windows: { from: number; to: number }[] = [];
// When a worker told its pacer of a 429 (reported by each worker, stamped as it did).
const helds: number[] = [];
const agent = new Agent({ keepAlive: true });
const upstream = new URL(mock.url);
const proxy = createServer((req, res) => {
  if (req.method === 'POST') {
    // Faults in proportion to the sends, so they never outrun a slow machine: every 25th send is
    // followed by two 503s, every 75th by a reset, every 1,000th by a storm of two 429s.
    const n = arrivals.length + 1;
    if (n % 1000 === 0)
      mock.mock.inject('POST /sms/messages', { kind: 'status', status: 429, retryAfter: 1 }, { times: 2 });
    else if (n % 75 === 0) mock.mock.inject('POST /sms/messages', { kind: 'reset' });
    else if (n % 25 === 0)
      mock.mock.inject('POST /sms/messages', { kind: 'status', status: 503 }, { times: 2 });
    arrivals.push(Date.now());
    sent.push(Number(req.headers['x-fleet-sent']));
  }
  const out = httpRequest(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      // Addressed to the mock itself: the mock refuses a Host that is not its own (DNS rebinding).
      headers: { ...req.headers, host: upstream.host },
      agent,
    },
    (answer) => {
      const after = Number(answer.headers['retry-after']);
      if (answer.statusCode === 429 && after > 0) {
        const now = Date.now();
        windows.push({ from: now, to: now + after * 1000 });
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  // An injected reset reaches the client as a reset.
  out.on('error', () => req.socket.destroy());
  req.pipe(out);
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;

const queueName = `fleet-${Date.now()}`;
const connection = { host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null };
const env = {
  ...process.env,
  FLEET_REDIS_PORT: String(redis.port),
  FLEET_QUEUE: queueName,
  FLEET_CAMPAIGN: 'spring',
  FLEET_CSV: csv,
  FLEET_RATE: String(RATE),
  FLEET_URL: url,
  FLEET_API_KEY: mock.clientOptions.apiKey,
};
const start = (role: string) =>
  fork(new URL('./worker.ts', import.meta.url).pathname, [role], {
    env,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });

const children: ChildProcess[] = [];
const queue = new Queue(queueName, { connection });
const events = new QueueEvents(queueName, { connection });
const failures: string[] = [];
let killed = 0;
try {
  await events.waitUntilReady();
  const workers = Array.from({ length: WORKERS }, () => start('worker'));
  children.push(...workers);
  for (const [i, w] of workers.entries()) {
    w.stderr?.on('data', (chunk: Buffer) => log(`worker ${i}: ${String(chunk).trim()}`));
    w.on('message', (m) => {
      if (typeof m === 'object' && m !== null && 'held' in m) helds.push(Number(m.held));
      log(`worker ${i}: ${JSON.stringify(m)}`);
    });
  }
  // Worker 0 is killed 2 s into its first job, with its rows half sent.
  workers[0]?.once('message', () => {
    setTimeout(() => {
      log('SIGKILL worker 0');
      workers[0]?.kill('SIGKILL');
      killed++;
    }, 2_000);
  });
  const producer = start('producer');
  children.push(producer);
  const jobs = await new Promise<number>((resolve, reject) => {
    producer.on('message', (m) => resolve((m as { produced: number }).produced));
    producer.once('exit', (code) => code !== 0 && reject(new Error(`producer exited with ${code}`)));
  });
  log(`${jobs} jobs queued`);

  let deadline: ReturnType<typeof setTimeout> | undefined;
  const done = await Promise.race([
    follow(queue, events, jobs, log),
    new Promise<undefined>((resolve) => {
      deadline = setTimeout(() => {
        failures.push(`the queue did not drain within ${DEADLINE_MS / 1000}s`);
        void queue.getJobCounts().then((c) => log(`counts at deadline: ${JSON.stringify(c)}`));
        resolve(undefined);
      }, DEADLINE_MS);
    }),
  ]);
  clearTimeout(deadline);
  if (done === undefined || done.failed > 0) failures.push(`jobs: ${JSON.stringify(done)}`);
} finally {
  for (const child of children) if (child.connected) child.send('stop');
  await Promise.all(
    children.map((c) =>
      c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : undefined,
    ),
  );
  await Promise.all([queue.close(), events.close()]);
  proxy.close();
  proxy.closeAllConnections();
  agent.destroy();
}

const rows = new Map<number, number>();
for (const m of mock.mock.store.messages.values()) {
  const row = Number(/your code is (\d+)$/.exec(m.body)?.[1] ?? -1);
  rows.set(row, (rows.get(row) ?? 0) + 1);
}
const stored = mock.mock.store.messages.size;
const duplicates = [...rows.values()].reduce((n, count) => n + count - 1, 0);
const missing = Array.from({ length: ROWS }, (_, i) => i).filter((i) => !rows.has(i)).length;
let inside = 0;
let arrivedInside = 0;
let inFlight = 0;
// From when each window binds the fleet: GRACE_MS after the 429 was answered, or LEARN_MS after
// the first worker told its pacer of it, whichever is later.
const learned: number[] = [];
const knownAt: number[] = [];
const binding = windows.map((w) => {
  const known = Math.min(...helds.filter((h) => h >= w.from && h < w.to));
  if (Number.isFinite(known)) learned.push(known - w.from);
  knownAt.push(Number.isFinite(known) ? known : w.from);
  return Number.isFinite(known) ? Math.max(w.from + GRACE_MS, known + LEARN_MS) : w.from + GRACE_MS;
});
let preempted = 0;
let worstAfterKnown = 0;
for (const [i, a] of arrivals.entries()) {
  const left = sent[i] as number;
  for (const [k, w] of windows.entries()) {
    if (a > w.from && a < w.to) arrivedInside++;
    if (left > (binding[k] as number) && left < w.to) {
      const after = left - (knownAt[k] as number);
      worstAfterKnown = Math.max(worstAfterKnown, after);
      if (BUSY && after <= BUSY_LEARN_MS) preempted++;
      else inside++;
      log(
        `inside: sent ${(left - w.from).toFixed(0)}ms into a ${(w.to - w.from).toFixed(0)}ms window, ${after.toFixed(0)}ms after the fleet knew`,
      );
    } else if (a > w.from && a < w.to) inFlight++;
  }
}
learned.sort((a, b) => a - b);
log(`the fleet learned of each 429 (ms after it was answered): ${learned.join(', ')}`);
writeFileSync(`${dir}timeline.json`, JSON.stringify({ arrivals, sent, windows, helds }));
/** The most stamps in any 1-second window. */
const busiestSecond = (stamps: number[]) => {
  const sorted = [...stamps].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[i] as number) - (sorted[j] as number) >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
};
// The rate is the fleet's sends, stamped as each left its worker. The proxy's arrival stamps also
// carry the proxy's own stalls (it shares two cores with the mock, BullMQ, Redis and the workers:
// one 50 ms stall moves ten sends of one second into the next), so they are logged, not judged.
const busiest = busiestSecond(sent);
const busiestArrivals = busiestSecond(arrivals);
const seconds = (Math.max(...arrivals) - Math.min(...arrivals)) / 1000;
log(
  `${arrivals.length} requests in ${seconds.toFixed(1)}s, ${windows.length} 429 windows, ${arrivedInside} arrived inside a window, ${inFlight} of them sent before the fleet could know of it, busiest second ${busiest} by departure (${busiestArrivals} by arrival at the proxy)`,
);
await mock.close();
await redis.stop();

if (stored !== ROWS || missing > 0)
  failures.push(`the mock holds ${stored} messages, ${missing} rows missing`);
if (duplicates > 0) failures.push(`${duplicates} duplicate messages`);
if (inside > 0) failures.push(`${inside} requests reached the mock inside a Retry-After window`);
if (busiest > LIMIT)
  failures.push(
    `${busiest} requests left the workers in one second (limit ${RATE}, at most ${LIMIT} allowed)`,
  );
if (killed !== 1) failures.push('the worker to be killed never started a job');
if (windows.length === 0) failures.push('no 429 storm reached the fleet');
console.log(
  `fleet${BUSY ? ` (busy: ${burners.length} cores spinning)` : ''}: ${ROWS} rows, ${WORKERS} workers, ${killed} killed: ${stored} stored, ${duplicates} duplicates, ${inside} sends inside Retry-After${BUSY ? ` (${preempted} more left within ${BUSY_LEARN_MS}ms of the fleet knowing, preempted: worst ${worstAfterKnown.toFixed(0)}ms)` : ''}, worst second ${busiest} sent (${busiestArrivals} arrived) at maxPerSecond ${RATE}`,
);
if (failures.length > 0) {
  console.error(`fleet failed (details in ${logFile}):\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
}
// Nothing of the run may keep the process (and the CI step) alive past its verdict.
process.exit();
