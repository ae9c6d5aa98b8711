// Per-request cost of the SDK against bare fetch to the same loopback server: client CPU
// (process.cpuUsage: this process only, the server is a child process) and wall time, for
// messages.retrieve (GET) and messages.create (POST: input validation, JSON body, idempotency
// key, response parsing), one at a time and 16 in flight. A third client is the SDK over a lean
// ky instance (retry 0, timeout false, throwHttpErrors false, redirect manual), plugged in
// through the `fetch` option: the request path the SDK had before it called fetch directly.
import ky from 'ky';
import type { Client } from '../src/index.js';
import type { Sdk } from './sdk.js';
import { gc, interleaved, median, medianRatio } from './stats.js';

export const KEY = 'sk_live_bench_0123456789';
const SEND = { to: '+447700900123', message: 'Your code is 424242', from: 'ACME', route: 'otp' } as const;

type Op = () => Promise<unknown>;
interface Scenario {
  name: string;
  inFlight: number;
  bare: Op;
  /** Bare fetch under a per-attempt timeout, as the SDK's contract requires of every attempt. */
  bareTimed: Op;
  sdk: Op;
  sdkKy: Op;
}

interface Sample {
  cpuUs: number;
  wallUs: number;
}

export interface OverheadRow {
  scenario: string;
  inFlight: number;
  requests: number;
  bare: Sample;
  bareTimed: Sample;
  sdk: Sample;
  sdkKy: Sample;
  /** Medians of the per-round ratios to bare fetch. */
  cpuRatio: number;
  wallRatio: number;
  kyCpuRatio: number;
  kyWallRatio: number;
  /** SDK CPU over bare fetch with the same kind of timeout. */
  timedCpuRatio: number;
}

const leanKy = ky.create({ retry: 0, timeout: false, throwHttpErrors: false, redirect: 'manual' });
const kyFetch = ((input: string, init: RequestInit) =>
  leanKy(input, init as Parameters<typeof leanKy>[1])) as unknown as typeof fetch;

export function scenarios(sdk: Sdk, url: string): Scenario[] {
  const client = new sdk.Client({ apiKey: KEY, baseURL: url });
  const overKy = new sdk.Client({ apiKey: KEY, baseURL: url, fetch: kyFetch });
  const headers = {
    accept: 'application/json',
    authorization: `Bearer ${KEY}`,
    'service-version': '2026-01-01',
  };
  // What a careful hand-written call does: the same headers, a status check, JSON parsing.
  const bareRetrieve: Op = async () => {
    const response = await fetch(`${url}/sms/messages/msg_1`, { headers });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  };
  const bareCreate: Op = async () => {
    const response = await fetch(`${url}/sms/messages`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ ...SEND, to: SEND.to.slice(1) }),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  };
  // The same calls with what the SDK does for its timeout: an AbortController and a timer per attempt.
  const timed =
    (op: (signal: AbortSignal) => Promise<unknown>): Op =>
    async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 60_000);
      try {
        return await op(controller.signal);
      } finally {
        clearTimeout(timer);
      }
    };
  const bareRetrieveTimed = timed(async (signal) => {
    const response = await fetch(`${url}/sms/messages/msg_1`, { headers, signal });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  });
  const bareCreateTimed = timed(async (signal) => {
    const response = await fetch(`${url}/sms/messages`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ ...SEND, to: SEND.to.slice(1) }),
      signal,
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  });
  const retrieve =
    (c: Client): Op =>
    () =>
      c.sms.messages.retrieve('msg_1').then((m) => m);
  const create =
    (c: Client): Op =>
    () =>
      c.sms.messages.create(SEND).then((m) => m);
  return [
    {
      name: 'messages.retrieve (GET)',
      inFlight: 1,
      bare: bareRetrieve,
      bareTimed: bareRetrieveTimed,
      sdk: retrieve(client),
      sdkKy: retrieve(overKy),
    },
    {
      name: 'messages.retrieve (GET)',
      inFlight: 16,
      bare: bareRetrieve,
      bareTimed: bareRetrieveTimed,
      sdk: retrieve(client),
      sdkKy: retrieve(overKy),
    },
    {
      name: 'messages.create (POST)',
      inFlight: 1,
      bare: bareCreate,
      bareTimed: bareCreateTimed,
      sdk: create(client),
      sdkKy: create(overKy),
    },
    {
      name: 'messages.create (POST)',
      inFlight: 16,
      bare: bareCreate,
      bareTimed: bareCreateTimed,
      sdk: create(client),
      sdkKy: create(overKy),
    },
  ];
}

/** Runs `op` `n` times with `inFlight` concurrent callers. */
async function drive(op: Op, n: number, inFlight: number): Promise<void> {
  let left = n;
  const worker = async () => {
    while (left-- > 0) await op();
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

async function sample(op: Op, n: number, inFlight: number): Promise<Sample> {
  gc();
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
    for (const op of [s.bare, s.bareTimed, s.sdk, s.sdkKy]) await drive(op, 400, s.inFlight);
    const n = options.requests * (s.inFlight > 1 ? 2 : 1);
    const runs = await interleaved(options.rounds, {
      bare: () => sample(s.bare, n, s.inFlight),
      bareTimed: () => sample(s.bareTimed, n, s.inFlight),
      sdk: () => sample(s.sdk, n, s.inFlight),
      sdkKy: () => sample(s.sdkKy, n, s.inFlight),
    });
    const cpu = (k: 'sdk' | 'sdkKy') => runs[k].map((x) => x.cpuUs);
    const wall = (k: 'sdk' | 'sdkKy') => runs[k].map((x) => x.wallUs);
    const bareCpu = runs.bare.map((x) => x.cpuUs);
    const bareWall = runs.bare.map((x) => x.wallUs);
    rows.push({
      scenario: s.name,
      inFlight: s.inFlight,
      requests: n,
      bare: med(runs.bare),
      bareTimed: med(runs.bareTimed),
      sdk: med(runs.sdk),
      sdkKy: med(runs.sdkKy),
      cpuRatio: medianRatio(cpu('sdk'), bareCpu),
      wallRatio: medianRatio(wall('sdk'), bareWall),
      kyCpuRatio: medianRatio(cpu('sdkKy'), bareCpu),
      kyWallRatio: medianRatio(wall('sdkKy'), bareWall),
      timedCpuRatio: medianRatio(
        cpu('sdk'),
        runs.bareTimed.map((x) => x.cpuUs),
      ),
    });
  }
  return rows;
}
