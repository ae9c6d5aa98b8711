// What a drifted answer costs over a clean one once its drift was logged (issue 49, item 8): the
// per-call row beside the clean one (messages.retrieve, a `segments` sent as a string), and a
// 100,000-item walk with every item drifted beside a clean walk. The answers come from an
// in-process fetch serving prepared text, so the figures are the SDK's own work (no socket, no
// server): the strictest setting for a ratio, as nothing else dilutes it. Interleaved rounds, CPU
// time of this process, medians. Run: `npx tsx bench/drift.ts` (builds dist/ first when stale).
import { ensureBuilt } from './cold-import.js';
import { loadSdk, type Sdk } from './sdk.js';
import { cpuUs, fmt, interleaved, median, medianRatio, ratio } from './stats.js';

const KEY = 'sk_live_bench_0123456789';
const URL_BASE = 'https://api.gateway.test';
const message = (i: number, drifted: boolean) =>
  JSON.stringify({
    id: `msg_${i}`,
    to: '447700900123',
    from: 'ACME',
    body: 'Your code is 424242',
    status: 'delivered',
    segments: drifted ? '1' : 1,
    cost: 0.04,
    created_at: '2026-01-01T00:00:00Z',
    scheduled_at: null,
    sent_at: '2026-01-01T00:00:01Z',
    delivered_at: '2026-01-01T00:00:02Z',
    error_code: null,
  });

const PAGE = 100;
const TOTAL = 100_000;
const CALLS = 2_000;

/** One page of the walk: items `from`..`from + PAGE - 1`, the cursor of the next page. */
function pageText(from: number, drifted: boolean): string {
  const items = Array.from({ length: PAGE }, (_, i) => message(from + i, drifted)).join(',');
  const more = from + PAGE < TOTAL;
  return `{"data":[${items}],"has_more":${more},"next_cursor":${more ? `"p${from + PAGE}"` : 'null'}}`;
}

/** A client whose answers are prepared text: one message, or the walk's pages. */
function clientFor(sdk: Sdk, drifted: boolean, withPages: boolean) {
  const one = message(1, drifted);
  // Only for the walk: 20 MB of prepared pages would weigh on every collection of the per-call rounds.
  const pages = new Map<string, string>();
  if (withPages)
    for (let from = 0; from < TOTAL; from += PAGE)
      pages.set(from === 0 ? '' : `p${from}`, pageText(from, drifted));
  const headers = { 'content-type': 'application/json' };
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith('/msg_1')) return new Response(one, { headers });
    return new Response(pages.get(url.searchParams.get('after') ?? ''), { headers });
  };
  const warnings: string[] = [];
  const client = new sdk.Client({
    apiKey: KEY,
    baseURL: URL_BASE,
    fetch: fetch as typeof globalThis.fetch,
    logger: { error: () => {}, warn: (t: string) => warnings.push(t), info: () => {}, debug: () => {} },
  });
  return { client, warnings };
}

export interface DriftBench {
  /** CPU per messages.retrieve, microseconds: clean answer, and drifted after its drift was logged. */
  cleanCallUs: number;
  driftedCallUs: number;
  /** Median per-round difference, microseconds per call. */
  extraUs: number;
  /** The fastest round of each, microseconds per call: on a busy machine, the least disturbed. */
  cleanMinUs: number;
  driftedMinUs: number;
  /** CPU of a 100,000-item walk, milliseconds, and the median per-round ratio drifted / clean. */
  cleanWalkMs: number;
  driftedWalkMs: number;
  walkRatio: number;
}

/** `walk: false` measures the per-call rows only (the walk figures are then NaN). */
export async function measureDrift(sdk: Sdk, rounds = 9, walkToo = true): Promise<DriftBench> {
  const clean = clientFor(sdk, false, false);
  const drifted = clientFor(sdk, true, false);
  // Warm both, and log the drift once: the figure is for every answer after that.
  for (let i = 0; i < 500; i++) {
    await clean.client.sms.messages.retrieve('msg_1');
    await drifted.client.sms.messages.retrieve('msg_1');
  }
  if (drifted.warnings.length !== 1)
    throw new Error(`expected one drift warning, got ${drifted.warnings.length}`);
  const calls = (c: typeof clean.client) => async () => {
    for (let i = 0; i < CALLS; i++) await c.sms.messages.retrieve('msg_1');
  };
  const perCall = await interleaved(rounds, {
    clean: () => cpuUs(calls(clean.client)),
    drifted: () => cpuUs(calls(drifted.client)),
  });
  const walk = (c: typeof clean.client) => async () => {
    let n = 0;
    for await (const m of c.sms.messages.list({ limit: PAGE })) if (m.id !== '') n++;
    if (n !== TOTAL) throw new Error(`walked ${n} items`);
  };
  const cleanWalker = walkToo ? clientFor(sdk, false, true) : clean;
  const driftedWalker = walkToo ? clientFor(sdk, true, true) : drifted;
  if (walkToo) await walk(driftedWalker.client)();
  const walks = await interleaved(walkToo ? Math.max(3, Math.ceil(rounds / 2)) : 0, {
    clean: () => cpuUs(walk(cleanWalker.client)),
    drifted: () => cpuUs(walk(driftedWalker.client)),
  });
  return {
    cleanCallUs: median(perCall.clean) / CALLS,
    driftedCallUs: median(perCall.drifted) / CALLS,
    extraUs: median(perCall.drifted.map((d, i) => (d - (perCall.clean[i] as number)) / CALLS)),
    cleanMinUs: Math.min(...perCall.clean) / CALLS,
    driftedMinUs: Math.min(...perCall.drifted) / CALLS,
    cleanWalkMs: median(walks.clean) / 1000,
    driftedWalkMs: median(walks.drifted) / 1000,
    walkRatio: medianRatio(walks.drifted, walks.clean),
  };
}

/** The rows, as RESULTS.md shows them. */
export function driftRows(r: DriftBench): string {
  return [
    '| Answer | CPU per call | Walk of 100,000 items (CPU) |',
    '|---|---:|---:|',
    `| clean | ${fmt(r.cleanCallUs, 1)} us (fastest round ${fmt(r.cleanMinUs, 1)} us) | ${fmt(r.cleanWalkMs)} ms |`,
    `| one field drifted, drift already logged | ${fmt(r.driftedCallUs, 1)} us (fastest round ${fmt(r.driftedMinUs, 1)} us; median difference ${fmt(r.extraUs, 1)} us; target <= 5 us) | ${fmt(r.driftedWalkMs)} ms (${ratio(r.walkRatio)}; target <= 1.05×) |`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuilt();
  const rounds = Number(process.argv[2] ?? 9);
  console.log(driftRows(await measureDrift(await loadSdk(), rounds, process.argv[3] !== 'calls')));
}
