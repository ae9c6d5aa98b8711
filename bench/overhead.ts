// Per-request cost of the SDK against three references on the same loopback server, measured in
// the same interleaved rounds: bare fetch (the floor), bare ky configured as the SDK configures it
// (same retry policy, timeout, redirect handling and headers: the target's reference), and
// openai-node 7's generic `get`/`post` (a first-class SDK's request path, for scale; openai-node 6
// beside it as a reference for one more round). Client CPU is
// process.cpuUsage of this process (the server is a child process); wall time alongside. GET is
// messages.retrieve, POST is messages.create (input validation, JSON body, idempotency key,
// response parsing), one at a time and 16 in flight.
import ky from 'ky';
import OpenAI6 from 'openai';
import OpenAI from 'openai7';
import type { Client } from '../src/index.js';
import type { Sdk } from './sdk.js';
import { interleaved, median, medianRatio } from './stats.js';

export const KEY = 'sk_live_bench_0123456789';
const SEND = { to: '+447700900123', message: 'Your code is 424242', from: 'ACME', route: 'otp' } as const;
const WIRE_SEND = { ...SEND, to: SEND.to.slice(1) };

export type Op = () => Promise<unknown>;
// In this order the rounds run bare ky and the SDK back to back (forward, then reversed): the
// pair the target compares shares the same moment of a machine whose speed drifts.
const CLIENTS = ['fetch', 'openai6', 'openai', 'ky', 'sdk'] as const;
type Kind = (typeof CLIENTS)[number];
interface Scenario {
  name: string;
  inFlight: number;
  ops: Record<Kind, Op>;
}

interface Sample {
  cpuUs: number;
  wallUs: number;
}

export interface OverheadRow {
  scenario: string;
  inFlight: number;
  requests: number;
  samples: Record<Kind, Sample>;
  /** Medians of the per-round ratios of the SDK's CPU to each reference's. */
  sdkOverKy: number;
  sdkOverOpenai: number;
  /** The same against openai-node 6, the peer until this round. */
  sdkOverOpenai6: number;
  sdkOverFetch: number;
  kyOverFetch: number;
  openaiOverFetch: number;
  /** Median of the per-round ratios of the SDK's wall time to bare ky's. */
  wallOverKy: number;
  /** After `mergeOverhead`: the lowest and highest of the processes' `sdkOverKy`. */
  sdkOverKyRange?: [number, number];
}

/**
 * One row per cell from several processes' rows: each figure the median of the processes' figures.
 * A process's JIT choices bias every round it runs alike, so its median ratio is one sample, and the
 * figure users get is the median over processes (docs/decisions/overhead-bench-method.md).
 */
export function mergeOverhead(runs: OverheadRow[][]): OverheadRow[] {
  const first = runs[0] ?? [];
  return first.map((row, i) => {
    const cells = runs.map((run) => run[i]).filter((r): r is OverheadRow => r !== undefined);
    const mid = (pick: (r: OverheadRow) => number) => median(cells.map(pick));
    const sample = (k: Kind): Sample => ({
      cpuUs: mid((r) => r.samples[k].cpuUs),
      wallUs: mid((r) => r.samples[k].wallUs),
    });
    const own = cells.map((r) => r.sdkOverKy);
    return {
      scenario: row.scenario,
      inFlight: row.inFlight,
      requests: row.requests,
      samples: {
        fetch: sample('fetch'),
        ky: sample('ky'),
        openai: sample('openai'),
        openai6: sample('openai6'),
        sdk: sample('sdk'),
      },
      sdkOverKy: median(own),
      sdkOverOpenai: mid((r) => r.sdkOverOpenai),
      sdkOverOpenai6: mid((r) => r.sdkOverOpenai6),
      sdkOverFetch: mid((r) => r.sdkOverFetch),
      kyOverFetch: mid((r) => r.kyOverFetch),
      openaiOverFetch: mid((r) => r.openaiOverFetch),
      wallOverKy: mid((r) => r.wallOverKy),
      sdkOverKyRange: [Math.min(...own), Math.max(...own)],
    };
  });
}

// The SDK's retry policy (src/internal/retry.ts), spelled out for bare ky.
const RETRY_STATUSES = [408, 409, 429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];

/**
 * Bare ky configured as the SDK configures it: URL prefix, the given headers, 60 s per attempt,
 * redirects not followed, and the SDK's retry policy. `fetch` replaces the network (the heap run).
 */
export function createKyAlike(url: string, headers: Record<string, string>, fetch?: typeof globalThis.fetch) {
  return ky.create({
    prefix: url,
    headers,
    timeout: 60_000,
    redirect: 'manual',
    retry: {
      limit: 2,
      methods: ['get', 'post'],
      statusCodes: RETRY_STATUSES,
      afterStatusCodes: RETRY_STATUSES,
      maxRetryAfter: 60_000,
      backoffLimit: 8_000,
      retryOnTimeout: true,
      delay: (n) => 500 * 2 ** (n - 1),
      jitter: (d) => Math.floor(Math.random() * d),
    },
    ...(fetch === undefined ? {} : { fetch }),
  });
}

export function scenarios(sdk: Sdk, url: string): Scenario[] {
  const client: Client = new sdk.Client({ apiKey: KEY, baseURL: url });
  const headers = {
    accept: 'application/json',
    authorization: `Bearer ${KEY}`,
    'service-version': '2026-01-01',
    'user-agent': 'bench',
  };
  const kyAlike = createKyAlike(url, headers);
  const openai = new OpenAI({ apiKey: KEY, baseURL: url, maxRetries: 2, timeout: 60_000 });
  const openai6 = new OpenAI6({ apiKey: KEY, baseURL: url, maxRetries: 2, timeout: 60_000 });
  const openaiHeaders = { 'service-version': '2026-01-01' };
  // What a careful hand-written call does: the same headers, a status check, JSON parsing.
  const fetchRetrieve: Op = async () => {
    const response = await fetch(`${url}/sms/messages/msg_1`, { headers });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  };
  const fetchCreate: Op = async () => {
    const response = await fetch(`${url}/sms/messages`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify(WIRE_SEND),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  };
  const retrieve: Record<Kind, Op> = {
    fetch: fetchRetrieve,
    ky: () => kyAlike.get('sms/messages/msg_1').json(),
    openai: () => openai.get('/sms/messages/msg_1', { headers: openaiHeaders }),
    openai6: () => openai6.get('/sms/messages/msg_1', { headers: openaiHeaders }),
    sdk: () => client.sms.messages.retrieve('msg_1').then((m) => m),
  };
  const create: Record<Kind, Op> = {
    fetch: fetchCreate,
    ky: () =>
      kyAlike
        .post('sms/messages', { json: WIRE_SEND, headers: { 'idempotency-key': crypto.randomUUID() } })
        .json(),
    openai: () =>
      openai.post('/sms/messages', {
        body: WIRE_SEND,
        headers: { ...openaiHeaders, 'idempotency-key': crypto.randomUUID() },
      }),
    openai6: () =>
      openai6.post('/sms/messages', {
        body: WIRE_SEND,
        headers: { ...openaiHeaders, 'idempotency-key': crypto.randomUUID() },
      }),
    sdk: () => client.sms.messages.create(SEND).then((m) => m),
  };
  return [
    { name: 'messages.retrieve (GET)', inFlight: 1, ops: retrieve },
    { name: 'messages.retrieve (GET)', inFlight: 16, ops: retrieve },
    { name: 'messages.create (POST)', inFlight: 1, ops: create },
    { name: 'messages.create (POST)', inFlight: 16, ops: create },
  ];
}

/** Runs `op` `n` times with `inFlight` concurrent callers. */
export async function drive(op: Op, n: number, inFlight: number): Promise<void> {
  let left = n;
  const worker = async () => {
    while (left-- > 0) await op();
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

/**
 * One client's CPU and wall time per request, in the steady state an app runs in: no full collection
 * is forced before a sample. A forced one (`gc()`, as this bench did until issue 25) marks the
 * optimized code of ky, undici and the SDK for deoptimization (V8's "weak objects": code that embeds
 * objects the collection freed), so the sample after it paid for re-optimizing, ~35 % more CPU
 * per request for every client, and more for the client with more code on its path. Each sample
 * still pays for the young-generation collections its own allocations cause (docs/decisions/overhead-bench-method.md).
 */
async function sample(op: Op, n: number, inFlight: number): Promise<Sample> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await drive(op, n, inFlight);
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / n, wallUs: (wall * 1000) / n };
}

const med = (xs: Sample[]): Sample => ({
  cpuUs: median(xs.map((x) => x.cpuUs)),
  wallUs: median(xs.map((x) => x.wallUs)),
});

export async function measureOverhead(
  sdk: Sdk,
  url: string,
  options: { rounds: number; requests: number },
): Promise<OverheadRow[]> {
  const rows: OverheadRow[] = [];
  for (const s of scenarios(sdk, url)) {
    // Warm-up: JIT and the connection pool.
    for (const kind of CLIENTS) await drive(s.ops[kind], 400, s.inFlight);
    const n = options.requests * (s.inFlight > 1 ? 2 : 1);
    const runs = await interleaved(
      options.rounds,
      Object.fromEntries(CLIENTS.map((k) => [k, () => sample(s.ops[k], n, s.inFlight)])) as Record<
        Kind,
        () => Promise<Sample>
      >,
    );
    const cpu = (k: Kind) => runs[k].map((x) => x.cpuUs);
    rows.push({
      scenario: s.name,
      inFlight: s.inFlight,
      requests: n,
      samples: {
        fetch: med(runs.fetch),
        ky: med(runs.ky),
        openai: med(runs.openai),
        openai6: med(runs.openai6),
        sdk: med(runs.sdk),
      },
      sdkOverKy: medianRatio(cpu('sdk'), cpu('ky')),
      sdkOverOpenai: medianRatio(cpu('sdk'), cpu('openai')),
      sdkOverOpenai6: medianRatio(cpu('sdk'), cpu('openai6')),
      sdkOverFetch: medianRatio(cpu('sdk'), cpu('fetch')),
      kyOverFetch: medianRatio(cpu('ky'), cpu('fetch')),
      openaiOverFetch: medianRatio(cpu('openai'), cpu('fetch')),
      wallOverKy: medianRatio(
        runs.sdk.map((x) => x.wallUs),
        runs.ky.map((x) => x.wallUs),
      ),
    });
  }
  return rows;
}
