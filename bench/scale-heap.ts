// One heap run of the scale bench, in a process of its own: `sdk` streams the items through
// `createMany` (gateway-sdk/campaigns), `ky` through the pool of bare ky configured alike, both over a
// `fetch` that answers at once. Each starts fresh because Node's fetch keeps process-wide tables
// sized by the most requests it has seen awaiting GC: a second run in the same process would start
// with them already grown. Prints one line of JSON (HeapRun) on stdout.
//
//   node --expose-gc --import tsx bench/scale-heap.ts sdk|ky <items>
import { getHeapSpaceStatistics } from 'node:v8';
import { createKyAlike, KEY } from './overhead.js';
import { CONCURRENCY, HEADERS, items, kyPool } from './scale-pools.js';
import { loadCampaigns, loadSdk } from './sdk.js';
import { gc } from './stats.js';

/** [items done, heap over the start in bytes, of which large-object space] */
export type HeapSample = [number, number, number];

export interface HeapRun {
  samples: HeapSample[];
  /** Time for the items, sampling excluded. */
  itemsMs: number;
  /** Heap one result holds when kept, for scale (the sdk run only). */
  resultBytes?: number;
}

/** `heapUsed` after full GCs, and the large-object space's share of it. */
async function settledHeap(): Promise<{ used: number; large: number }> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  gc();
  const large = getHeapSpaceStatistics().find((s) => s.space_name === 'large_object_space');
  return { used: process.memoryUsage().heapUsed, large: large?.space_used_size ?? 0 };
}

/** Heap samples (after a full GC) at the first item and every 100,000, relative to `start`. */
function heapSampler(start: { used: number; large: number }) {
  const samples: HeapSample[] = [];
  let paused = 0;
  return {
    samples,
    get paused() {
      return paused;
    },
    /** Takes a sample when one is due (the first item, then every 100,000), else returns undefined. */
    at(done: number): Promise<void> | undefined {
      if (done % 100_000 !== 0 && done !== 1) return undefined;
      const t = performance.now();
      return settledHeap().then((h) => {
        samples.push([done, h.used - start.used, h.large - start.large]);
        paused += performance.now() - t;
      });
    },
  };
}

const body = JSON.stringify({
  id: 'msg_1',
  to: '447700900123',
  from: 'ACME',
  body: 'Your code is 100000',
  status: 'queued',
  created_at: '2026-01-01T00:00:00Z',
});
const fetchNow = (async () =>
  new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch;
// Never reached: `fetchNow` answers every request.
const BASE = 'http://127.0.0.1:9/v1';

/** The whole SDK pipeline per item (validation, key, request, parse), after a warm-up of 20,000. */
async function sdkRun(count: number): Promise<HeapRun> {
  const sdk = await loadSdk();
  const { createMany } = await loadCampaigns();
  const fast = new sdk.Client({ apiKey: KEY, baseURL: BASE, fetch: fetchNow });
  for await (const r of createMany(fast, items(20_000))) if (!r.ok) throw r.error;
  const sampler = heapSampler(await settledHeap());
  let done = 0;
  const began = performance.now();
  for await (const r of createMany(fast, items(count), { concurrency: CONCURRENCY })) {
    if (!r.ok) throw r.error;
    await sampler.at(++done);
  }
  const itemsMs = performance.now() - began - sampler.paused;
  if (done !== count) throw new Error(`createMany yielded ${done} of ${count}`);

  // For scale: what results hold when kept (what a pool that collected them all would hold).
  const kept: unknown[] = [];
  const before = await settledHeap();
  for await (const r of createMany(fast, items(10_000))) kept.push(r);
  const resultBytes = ((await settledHeap()).used - before.used) / kept.length;
  return { samples: sampler.samples, itemsMs, resultBytes };
}

/** The same items through bare ky: what ky and the runtime hold without the SDK. */
async function kyRun(count: number): Promise<HeapRun> {
  const api = createKyAlike(BASE, HEADERS, fetchNow);
  await kyPool(api, items(20_000), 0);
  const sampler = heapSampler(await settledHeap());
  const began = performance.now();
  const done = await kyPool(api, items(count), 1, (n) => sampler.at(n));
  const itemsMs = performance.now() - began - sampler.paused;
  if (done !== count) throw new Error(`the ky pool sent ${done} of ${count}`);
  return { samples: sampler.samples, itemsMs };
}

const [which, count] = process.argv.slice(2);
const n = Number(count);
if ((which !== 'sdk' && which !== 'ky') || !Number.isInteger(n) || n < 1) {
  throw new Error('usage: node --expose-gc --import tsx bench/scale-heap.ts sdk|ky <items>');
}
if (typeof (globalThis as { gc?: unknown }).gc !== 'function') throw new Error('run with --expose-gc');
console.log(JSON.stringify(await (which === 'sdk' ? sdkRun(n) : kyRun(n))));
