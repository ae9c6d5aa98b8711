// What gateway-sdk/otel costs when nothing is registered: `instrument(client)` with the API's no-op
// providers beside the same client plain, per messages.retrieve and per messages.create, answered
// by an in-process fetch (no socket, so nothing dilutes the ratio). Interleaved rounds, CPU time of
// this process, median per-round ratio; the goal is at most 1.05x. Run: `npx tsx bench/otel.ts`.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as OtelModule from '../src/otel/index.js';
import { ensureBuilt, ROOT } from './cold-import.js';
import { loadSdk, type Sdk } from './sdk.js';
import { cpuUs, fmt, interleaved, median, medianRatio, ratio } from './stats.js';

const CALLS = 2_000;
const MESSAGE = JSON.stringify({
  id: 'msg_1',
  to: '447700900123',
  from: 'ACME',
  body: 'Your code is 424242',
  status: 'queued',
  segments: 1,
  cost: 0.04,
  created_at: '2026-01-01T00:00:00Z',
  scheduled_at: null,
  sent_at: null,
  delivered_at: null,
  error_code: null,
});

function clientOf(sdk: Sdk) {
  const headers = { 'content-type': 'application/json', 'x-request-id': 'req_1' };
  const fetch = async () => new Response(MESSAGE, { headers });
  return new sdk.Client({
    apiKey: 'sk_live_bench_0123456789',
    baseURL: 'https://api.gateway.test',
    fetch: fetch as typeof globalThis.fetch,
    logLevel: 'off',
  });
}

/** CPU per call, microseconds, plain and instrumented, and the median per-round ratios. */
export interface OtelBench {
  getUs: [number, number];
  postUs: [number, number];
  getRatio: number;
  postRatio: number;
}

export async function measureOtel(sdk: Sdk, otel: typeof OtelModule, rounds = 9): Promise<OtelBench> {
  const plain = clientOf(sdk);
  const traced = otel.instrument(clientOf(sdk));
  const get = (c: typeof plain) => async () => {
    for (let i = 0; i < CALLS; i++) await c.sms.messages.retrieve('msg_1');
  };
  const post = (c: typeof plain) => async () => {
    for (let i = 0; i < CALLS; i++) await c.sms.messages.create({ to: '+447700900123', message: 'hi' });
  };
  for (const c of [plain, traced]) {
    await get(c)();
    await post(c)();
  }
  const r = await interleaved(rounds, {
    plainGet: () => cpuUs(get(plain)),
    tracedGet: () => cpuUs(get(traced)),
    plainPost: () => cpuUs(post(plain)),
    tracedPost: () => cpuUs(post(traced)),
  });
  return {
    getUs: [median(r.plainGet) / CALLS, median(r.tracedGet) / CALLS],
    postUs: [median(r.plainPost) / CALLS, median(r.tracedPost) / CALLS],
    getRatio: medianRatio(r.tracedGet, r.plainGet),
    postRatio: medianRatio(r.tracedPost, r.plainPost),
  };
}

/** The rows, as RESULTS.md shows them. */
export function otelRows(r: OtelBench): string {
  return [
    '| Call (no-op providers) | plain | instrumented | ratio (goal <= 1.05×) |',
    '|---|---:|---:|---:|',
    `| GET messages.retrieve | ${fmt(r.getUs[0], 1)} us | ${fmt(r.getUs[1], 1)} us | ${ratio(r.getRatio)} |`,
    `| POST messages.create | ${fmt(r.postUs[0], 1)} us | ${fmt(r.postUs[1], 1)} us | ${ratio(r.postRatio)} |`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuilt();
  const otel = (await import(pathToFileURL(join(ROOT, 'dist/otel.js')).href)) as typeof OtelModule;
  console.log(otelRows(await measureOtel(await loadSdk(), otel, Number(process.argv[2] ?? 9))));
}
