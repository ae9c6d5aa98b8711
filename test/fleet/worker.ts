// One process of the fleet proof (run.ts): `worker` runs examples/campaign-bullmq/campaign.ts's
// worker with a redisPacer until told to stop; `producer` queues the campaign's CSV and exits.
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'gateway-sdk';
import { redisPacer } from 'gateway-sdk/campaigns';
import { produce, work } from '../../examples/campaign-bullmq/campaign.js';

const env = (name: string) => process.env[name] ?? '';
const connection = { host: '127.0.0.1', port: Number(env('FLEET_REDIS_PORT')), maxRetriesPerRequest: null };
const tell = (message: unknown) => process.send?.(message);

if (process.argv[2] === 'producer') {
  const queue = new Queue(env('FLEET_QUEUE'), { connection });
  const jobs = await produce(queue, env('FLEET_CAMPAIGN'), env('FLEET_CSV'), 'Hi {name}, your code is {row}');
  await queue.close();
  tell({ produced: jobs });
  process.disconnect?.();
} else {
  const redis = new Redis({ host: '127.0.0.1', port: connection.port });
  // The pacer's own Redis commands, counted (bench/fleet.ts reports round trips per send).
  let commands = 0;
  const rtts: number[] = [];
  const counted = {
    call: (command: string, ...args: (string | number)[]) => {
      commands++;
      const t0 = Date.now();
      const p = redis.call(command, ...args);
      void p.then(
        () => rtts.push(Date.now() - t0),
        () => undefined,
      );
      return p;
    },
  };
  const rate = env('FLEET_RATE') === '' ? undefined : Number(env('FLEET_RATE'));
  const shared = redisPacer(counted, { key: env('FLEET_QUEUE'), maxPerSecond: rate });
  // Every 429 this worker tells the pacer of is stamped for run.ts: the moment the fleet knew of it.
  const pacer = {
    acquire: (signal?: AbortSignal) => shared.acquire(signal),
    hold: (ms: number) => (tell({ held: Date.now() }), shared.hold(ms)),
  };
  // Each attempt says when it left this process (after the pacer let it go): run.ts tells a send
  // that left inside a Retry-After window from one already on its way when the 429 was answered.
  // bench/fleet.ts gets them all at the end, for the busiest second.
  const departures: number[] = [];
  const stamped: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    const now = Date.now();
    departures.push(now);
    request.headers.set('x-fleet-sent', String(now));
    return fetch(request);
  };
  const client = new Client({
    apiKey: env('FLEET_API_KEY'),
    baseURL: env('FLEET_URL'),
    maxRetries: 8,
    logLevel: 'off',
    fetch: stamped,
  });
  const worker = work(env('FLEET_QUEUE'), connection, client, pacer);
  worker.on('active', (job) => tell({ active: job.id }));
  worker.on('completed', (job) => tell({ completed: job.id }));
  process.on('message', (message) => {
    if (message !== 'stop') return;
    void worker.close().then(() => {
      rtts.sort((a, b) => a - b);
      tell({
        commands,
        departures,
        rtt: [0.5, 0.9, 0.99, 0.999, 1].map(
          (q) => rtts[Math.min(rtts.length - 1, Math.floor(q * rtts.length))],
        ),
      });
      redis.disconnect();
      process.disconnect?.();
    });
  });
}
