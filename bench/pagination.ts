// Walking 100,000 messages across 1,000 pages of 100: `for await` over messages.list() against
// a bare fetch loop and a bare-ky loop (ky configured as the SDK configures it) making the same
// requests, and the heap while iterating (sampled after a full GC every 50 pages: it must stay
// flat, at one or two pages, however far the walk goes).
import type { Client } from '../src/index.js';
import { createKyAlike, KEY } from './overhead.js';
import type { Sdk } from './sdk.js';
import { gc, interleaved, median, medianRatio } from './stats.js';

export const PAGE = 100;
export const TOTAL = 100_000;

export interface PaginationResult {
  bareMs: number;
  kyMs: number;
  sdkMs: number;
  /** Median of per-round SDK time over bare fetch time. */
  ratio: number;
  /** The same over the bare-ky loop's time: the target's reference. */
  kyRatio: number;
  /** Heap during the walk, at page 1 and every 50 pages, over the heap once it is over: [page, bytes]. */
  samples: [number, number][];
  peakGrowth: number;
  /** Pages whose messages were still reachable, at the same points. */
  live: [number, number][];
  maxLive: number;
  /** Heap held by one parsed page, for scale. */
  pageBytes: number;
  /** What the whole list would hold if it were kept. */
  allBytes: number;
}

export const HEADERS = {
  accept: 'application/json',
  authorization: `Bearer ${KEY}`,
  'service-version': '2026-01-01',
};
type WirePage = { data: unknown[]; has_more: boolean; next_cursor: string | null };

async function bareWalk(url: string): Promise<number> {
  const headers = HEADERS;
  let after: string | null = null;
  let items = 0;
  for (;;) {
    const response = await fetch(
      `${url}/sms/messages?limit=${PAGE}${after === null ? '' : `&after=${after}`}`,
      { headers },
    );
    if (!response.ok) throw new Error(`status ${response.status}`);
    const page = (await response.json()) as WirePage;
    items += page.data.length;
    if (!page.has_more) return items;
    after = page.next_cursor;
  }
}

/** The same pages through bare ky configured alike (the first `max` items): ky's request and `.json()`, no schema, no guards. */
export async function kyWalk(api: ReturnType<typeof createKyAlike>, max = TOTAL): Promise<number> {
  let after: string | null = null;
  let items = 0;
  for (;;) {
    const searchParams: Record<string, string | number> =
      after === null ? { limit: PAGE } : { limit: PAGE, after };
    const page: WirePage = await api.get('sms/messages', { searchParams }).json<WirePage>();
    items += page.data.length;
    if (!page.has_more || items >= max) return items;
    after = page.next_cursor;
  }
}

export async function sdkWalk(
  client: Client,
  onPage?: (page: number, first: object) => Promise<void>,
): Promise<number> {
  let items = 0;
  let first: object | undefined;
  for await (const message of client.sms.messages.list({ limit: PAGE })) {
    if (message.id === '') throw new Error('empty id');
    if (items % PAGE === 0) first = message;
    if (++items % PAGE === 0 && onPage) {
      await onPage(items / PAGE, first as object);
      first = undefined;
    }
  }
  return items;
}

/**
 * heapUsed after full GCs with turns of the event loop between them, so that finalization
 * callbacks (undici registers some per request; the page counter below is one) have run.
 */
async function settledHeap(): Promise<number> {
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  gc();
  return process.memoryUsage().heapUsed;
}

export async function timed(walk: () => Promise<number>): Promise<number> {
  gc();
  const start = performance.now();
  const items = await walk();
  if (items !== TOTAL) throw new Error(`walked ${items} items, expected ${TOTAL}`);
  return performance.now() - start;
}

/** The timed walks, then (with `memory`, the headline Node line) the heap while iterating. */
export async function measurePagination(
  sdk: Sdk,
  url: string,
  rounds: number,
  memory = true,
): Promise<PaginationResult> {
  const client = new sdk.Client({ apiKey: KEY, baseURL: url });
  const api = createKyAlike(url, HEADERS);
  await sdkWalk(client); // warm-up: JIT and connections
  await bareWalk(url);
  await kyWalk(api);
  // bare ky and the SDK run back to back in every round (forward, then reversed).
  const runs = await interleaved(rounds, {
    bare: () => timed(() => bareWalk(url)),
    ky: () => timed(() => kyWalk(api)),
    sdk: () => timed(() => sdkWalk(client)),
  });

  const times = {
    bareMs: median(runs.bare),
    kyMs: median(runs.ky),
    sdkMs: median(runs.sdk),
    ratio: medianRatio(runs.sdk, runs.bare),
    kyRatio: medianRatio(runs.sdk, runs.ky),
  };
  if (!memory)
    return { ...times, samples: [], peakGrowth: 0, live: [], maxLive: 0, pageBytes: 0, allBytes: 0 };

  // Growth counts everything the walk holds: the page being read, the iterators, the pending request.
  // Pages live are counted exactly: the first message of every page is registered with a
  // FinalizationRegistry, which reports it once nothing (the walk, a page, a PagePromise) holds
  // that page's data any more. (Not WeakRef: V8 keeps a WeakRef's target alive until the job ends.)
  const samples: [number, number][] = [];
  const live: [number, number][] = [];
  let registered = 0;
  let collected = 0;
  const registry = new FinalizationRegistry(() => {
    collected++;
  });
  // Let the timed walks' leftovers (finalizers, sockets' buffers) go first.
  for (let i = 0; i < 3; i++) {
    await settledHeap();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await sdkWalk(client, async (page, first) => {
    registry.register(first, page);
    registered++;
    if (page === 1 || page % 50 === 0) {
      samples.push([page, await settledHeap()]);
      // Finalization callbacks run in their own tasks: wait until the count stops moving.
      for (let seen = -1, i = 0; seen !== collected && i < 20; i++) {
        seen = collected;
        gc();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      live.push([page, registered - collected]);
    }
  });
  // The baseline is the same process once the walk is over and holds nothing: everything the walk
  // warmed up (compiled code, connections, caches) is in both, so the difference is what it held.
  const baseline = await settledHeap();
  for (const sample of samples) sample[1] -= baseline;

  // For scale: the heap one parsed page holds, and what all 100,000 messages would.
  const kept: unknown[] = [];
  const before = await settledHeap();
  let page = await client.sms.messages.list({ limit: PAGE });
  for (let i = 0; i < 20; i++) {
    kept.push(page);
    page = await page.getNextPage();
  }
  const pageBytes = ((await settledHeap()) - before) / 20;
  kept.length = 0;

  return {
    ...times,
    samples,
    live,
    maxLive: Math.max(...live.map(([, n]) => n)),
    peakGrowth: Math.max(...samples.map(([, bytes]) => bytes)),
    pageBytes,
    allBytes: pageBytes * (TOTAL / PAGE),
  };
}
