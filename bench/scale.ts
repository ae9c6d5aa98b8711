// Sending at scale: `createMany` against a hand-written pool of bare fetch with the same
// concurrency (20,000 sends to the loopback server, throughput), and the heap while 1,000,000 items
// stream through createMany to a `fetch` that answers at once (sampled after a full GC every
// 100,000 items: it must stay flat, a few MB at most over the start, however many items pass).
// A pool of bare ky configured alike runs beside both, so what ky itself costs is in the same run.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { createKyAlike, KEY } from './overhead.js';
import type { HeapRun, HeapSample } from './scale-heap.js';
import { barePool, CONCURRENCY, HEADERS, items, kyPool, sdkPool } from './scale-pools.js';
import { loadCampaigns, type Sdk } from './sdk.js';
import { fmt, gc, interleaved, median, medianRatio, ratio, verdict } from './stats.js';

/** createMany against the bare-ky pool it is built on: throughput at least, peak heap at most. */
export const TARGET = { throughput: 0.95, heapOverKy: 1.1, heapMb: 4 };
/** Rounds and sizes; `--quick` makes a smoke run, not figures to quote. */
export const scaleSettings = (quick: boolean) =>
  quick
    ? { rounds: 3, sends: 3_000, items: 200_000, processes: 1 }
    : // Five processes of three rounds: a process's JIT choices bias all of its rounds alike.
      { rounds: 3, sends: 10_000, items: 1_000_000, processes: 5 };

export interface ScaleResult {
  sends: number;
  bareMs: number;
  kyMs: number;
  sdkMs: number;
  /** Median of per-round SDK throughput over bare throughput. */
  ratio: number;
  /** The same for the bare-ky pool. */
  kyRatio: number;
  /** Median of per-round SDK throughput over the bare-ky pool's: the target's measure. */
  overKy: number;
  /** After `mergeScale`: how many processes measured the throughput, and their lowest and highest `overKy`. */
  processes?: number;
  overKyRange?: [number, number];
  /** Whether the heap runs were made (the headline Node line only); the heap fields are empty otherwise. */
  heap: boolean;
  items: number;
  samples: HeapSample[];
  peakGrowth: number;
  /** The same items through a pool of bare ky configured alike. */
  kySamples: HeapSample[];
  kyPeakGrowth: number;
  /** Heap one result holds when kept, for scale. */
  resultBytes: number;
  itemsMs: number;
  kyItemsMs: number;
  load: number;
}

/**
 * The throughput figures of several processes as one: each the median of the processes' figures
 * (the heap figures are the first's, the headline run's).
 */
export function mergeScale(runs: ScaleResult[]): ScaleResult | undefined {
  const first = runs[0];
  if (first === undefined) return undefined;
  const mid = (pick: (r: ScaleResult) => number) => median(runs.map(pick));
  const overKy = runs.map((r) => r.overKy);
  return {
    ...first,
    bareMs: mid((r) => r.bareMs),
    kyMs: mid((r) => r.kyMs),
    sdkMs: mid((r) => r.sdkMs),
    ratio: mid((r) => r.ratio),
    kyRatio: mid((r) => r.kyRatio),
    overKy: median(overKy),
    processes: runs.length,
    overKyRange: [Math.min(...overKy), Math.max(...overKy)],
  };
}

/** One heap run in a fresh process (bench/scale-heap.ts says why). */
function heapRun(which: 'sdk' | 'ky', count: number): HeapRun {
  const script = new URL('./scale-heap.ts', import.meta.url).pathname;
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', script, which, String(count)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return JSON.parse(out) as HeapRun;
}

export async function measureScale(
  sdk: Sdk,
  url: string,
  settings: { rounds: number; sends: number; items: number; heap: boolean },
): Promise<ScaleResult> {
  const load = loadavg()[0] ?? 0;
  const client = new sdk.Client({ apiKey: KEY, baseURL: url });
  const campaigns = await loadCampaigns();
  const api = createKyAlike(url, HEADERS);
  let run = 0;
  await sdkPool(campaigns, client, 1_000, run++); // warm-up: JIT and connections
  await barePool(url, 1_000, run++);
  await kyPool(api, items(1_000), run++);
  const time = async (pool: () => Promise<void>) => {
    gc();
    const start = performance.now();
    await pool();
    return performance.now() - start;
  };
  // The bare-ky pool and createMany run back to back in every round (forward, then reversed).
  const runs = await interleaved(settings.rounds, {
    bare: () => time(() => barePool(url, settings.sends, run++)),
    ky: () => time(() => kyPool(api, items(settings.sends), run++).then(() => undefined)),
    sdk: () => time(() => sdkPool(campaigns, client, settings.sends, run++)),
  });

  const none: HeapRun = { samples: [[0, 0, 0]], itemsMs: Number.NaN };
  const heap = settings.heap ? heapRun('sdk', settings.items) : none;
  const kyHeap = settings.heap ? heapRun('ky', settings.items) : none;

  return {
    sends: settings.sends,
    bareMs: median(runs.bare),
    kyMs: median(runs.ky),
    sdkMs: median(runs.sdk),
    ratio: medianRatio(runs.bare, runs.sdk), // time ratio bare/sdk = throughput ratio sdk/bare
    kyRatio: medianRatio(runs.bare, runs.ky),
    overKy: medianRatio(runs.ky, runs.sdk),
    heap: settings.heap,
    items: settings.items,
    samples: heap.samples,
    peakGrowth: Math.max(...heap.samples.map(([, bytes]) => bytes)),
    kySamples: kyHeap.samples,
    kyPeakGrowth: Math.max(...kyHeap.samples.map(([, bytes]) => bytes)),
    resultBytes: heap.resultBytes ?? Number.NaN,
    itemsMs: heap.itemsMs,
    kyItemsMs: kyHeap.itemsMs,
    load,
  };
}

/** The summary rows and the RESULTS.md section for the scale measurements. */
export function scaleReport(
  s: ScaleResult,
  rounds: number,
): { summary: [string, string, string, string][]; section: string } {
  const perSec = (ms: number) => (s.sends / ms) * 1000;
  const flatMb = s.peakGrowth / 1024 / 1024;
  const heapOverKy = s.peakGrowth / s.kyPeakGrowth;
  const met = {
    throughput: s.overKy >= TARGET.throughput,
    heap: flatMb <= TARGET.heapMb,
    heapOverKy: heapOverKy <= TARGET.heapOverKy,
  };
  const kb = (bytes: number) => fmt(bytes / 1024);
  const peakLarge = Math.max(...s.samples.map(([, , large]) => large));
  const peakRest = Math.max(...s.samples.map(([, used, large]) => used - large));
  const kyPeakLarge = Math.max(...s.kySamples.map(([, , large]) => large));
  const summary: [string, string, string, string][] = [
    [
      `\`createMany\` throughput vs a bare-ky pool configured alike (${fmt(s.sends)} sends, ${CONCURRENCY} in flight)`,
      ratio(s.overKy),
      `≥ ${ratio(TARGET.throughput)}`,
      verdict(met.throughput),
    ],
    [`\`createMany\` throughput vs a bare-fetch pool`, ratio(s.ratio), 'report', '—'],
    [`A pool of bare ky configured alike vs the same bare-fetch pool`, ratio(s.kyRatio), 'report', '—'],
    [
      `Heap over the start while ${fmt(s.items)} items stream through \`createMany\` (peak)`,
      `${kb(s.peakGrowth)} KB`,
      `≤ ${TARGET.heapMb} MB, flat`,
      verdict(met.heap),
    ],
    [
      `The same ${fmt(s.items)} items through the bare-ky pool (peak); \`createMany\` over it`,
      `${kb(s.kyPeakGrowth)} KB; ${ratio(heapOverKy)}`,
      `≤ ${ratio(TARGET.heapOverKy)}`,
      verdict(met.heapOverKy),
    ],
  ];
  const row = (label: string, samples: HeapSample[], pick: (h: HeapSample) => number) =>
    `| ${label} | ${samples.map((h) => kb(pick(h))).join(' | ')} |`;
  const section = `## Sending at scale: \`createMany\`

Measured with a 1-minute load average of ${s.load.toFixed(1)} on the machine's two cores when this section
started (the machine was shared with other work); absolute rates vary between runs, the ratios
compare rounds run back to back.

**Throughput.** ${fmt(s.sends)} sends to the loopback server, ${CONCURRENCY} in flight, ${rounds}
interleaved rounds in each of ${s.processes ?? 1} processes (each figure the median over processes of a process's
median${s.overKyRange ? `; \`createMany\` over the bare-ky pool ranged ${ratio(s.overKyRange[0])}–${ratio(s.overKyRange[1])} by process` : ''}): \`for await (… of createMany(client, items, { concurrency: ${CONCURRENCY} }))\`
against a hand-written pool of ${CONCURRENCY} workers calling bare \`fetch\` with the same headers and an
\`Idempotency-Key\` per send, checking the status and parsing the JSON; and the same pool calling bare
ky configured as the SDK configures it (the "ky alike" of the per-request table), in the same rounds,
run back to back with \`createMany\`. Ratios are medians of the per-round ratios.

| | bare-fetch pool | bare-ky pool | \`createMany\` |
|---|---:|---:|---:|
| time for ${fmt(s.sends)} sends | ${fmt(s.bareMs)} ms | ${fmt(s.kyMs)} ms | ${fmt(s.sdkMs)} ms |
| sends per second | ${fmt(perSec(s.bareMs))} | ${fmt(perSec(s.kyMs))} | ${fmt(perSec(s.sdkMs))} |
| vs the bare-fetch pool | 1.00× | ${ratio(s.kyRatio)} | ${ratio(s.ratio)} |
| vs the bare-ky pool | | 1.00× | **${ratio(s.overKy)}** |

Target: at least ${ratio(TARGET.throughput)} the bare-ky pool's throughput: ${verdict(met.throughput)}. What \`createMany\` adds
over that pool is the SDK's per-request work (the "Per-request overhead" table: input and response
checked by zod, the call's object), the pacer's two ky hooks (\`beforeRequest\` and \`beforeRetry\`,
which wait at the call's shared gate: nothing while it is open), one result object per item and one
promise per \`for await\` step. The pacer's hooks only wait, so a send with no hooks of the caller's
skips what hooks that may change the request cost (re-asserting host and headers, a copy of each answer).
A bare-fetch pool is the floor: ky alone spends about ${ratio(1 / s.kyRatio)} of its time per send (a \`Request\` per call,
cloned on every attempt, the POST body teed; fetch copies it once more).

**Heap.** ${fmt(s.items)} items from a generator through \`createMany\` (${CONCURRENCY} in flight), every send going
through the whole request path to a \`fetch\` that answers at once (${fmt(s.itemsMs / 1000, 1)} s, ${fmt((s.itemsMs * 1000) / s.items, 1)} µs per
item), and the same items through the bare-ky pool over the same \`fetch\` (${fmt(s.kyItemsMs / 1000, 1)} s, ${fmt((s.kyItemsMs * 1000) / s.items, 1)} µs per item). \`heapUsed\` after a full GC, at
the first item and every 100,000, minus the same just before the run; each run in a fresh process
(bench/scale-heap.ts), after a warm-up of 20,000 sends so compiled code is in both; the large-object
space's part of it on its own row. A result kept costs about
${fmt(s.resultBytes)} bytes; all ${fmt(s.items)} kept would hold about ${fmt((s.resultBytes * s.items) / 1024 / 1024)} MB.

| after item | ${s.samples.map(([n]) => fmt(n)).join(' | ')} |
|---|${s.samples.map(() => '---:').join('|')}|
${row('`createMany`: heap over the start (KB)', s.samples, ([, used]) => used)}
${row('… of which large-object space (KB)', s.samples, ([, , large]) => large)}
${row('bare-ky pool: heap over the start (KB)', s.kySamples, ([, used]) => used)}
${row('… of which large-object space (KB)', s.kySamples, ([, , large]) => large)}

Targets: flat, at most ${TARGET.heapMb} MB over the start: ${verdict(met.heap)} (peak ${kb(s.peakGrowth)} KB); at most
${ratio(TARGET.heapOverKy)} the bare-ky pool's peak: ${verdict(met.heapOverKy)} (${ratio(heapOverKy)}). At most
${2 * CONCURRENCY} items are held at any time (${CONCURRENCY} in flight, ${CONCURRENCY} finished and not yet read by the loop). Outside the
large-object space the heap ${peakRest <= 0 ? 'stays below the start' : `is at most ${kb(peakRest)} KB over the start`}. The
large-object space (${kb(peakLarge)} KB at most for \`createMany\`, ${kb(kyPeakLarge)} KB for the bare-ky pool) holds Node's own
fetch tables (undici's \`Request\`: the \`WeakMap\` that ties each cloned request's signal to its
original, and the \`FinalizationRegistry\` that removes each request's abort listener), which grow to
the most requests awaiting a full GC and keep that size.`;
  return { summary, section };
}
