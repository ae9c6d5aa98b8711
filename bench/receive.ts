// Webhook receiver throughput on loopback: requests per second that createWebhookHandler (memory
// store, behind toNodeHandler) answers 200, next to a bare node:http server that only verifies the
// signature with node:crypto. Each server runs in its own process; this process generates the load
// over keep-alive connections, 1 KB signed events with a fresh id each (so every one is claimed and
// handled, none answered as a duplicate). Rounds interleave the two servers.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { interleaved, median, medianRatio } from './stats.js';

const SECRET = 'whsec_bench_receive_0123456789';
export const CONCURRENCY = 16;

export interface ReceiveResult {
  bareRps: number;
  sdkRps: number;
  ratio: number;
  rounds: number;
  roundMs: number;
  bodyBytes: number;
}

/** Starts a receiver in its own process: the SDK's (of the checkout at `root`, default this one) or the bare one. */
export async function start(kind: 'sdk' | 'bare', root?: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      new URL('./receive-server.ts', import.meta.url).pathname,
      kind,
      SECRET,
      ...(root === undefined ? [] : [root]),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`receive server (${kind}) exited with ${code}`)));
  });
  return { url: new URL(url), stop: () => void (child.stdin.end(), child.kill()) };
}

let next = 0;
/** A 1 KB event envelope with a fresh id, and its signature. */
function delivery(): { body: string; signature: string } {
  const head = JSON.stringify({
    id: `evt_bench_${++next}`,
    type: 'message.delivered',
    created: Math.floor(Date.now() / 1000),
    api_version: '2026-01-01',
    data: {
      object: { id: `msg_${next}`, to: '447700900123', from: 'Gateway', status: 'delivered', body: '' },
    },
  });
  // Pad the message body so that the whole envelope is 1,024 bytes.
  const body = head.replace('"body":""', `"body":"${'x'.repeat(1024 - head.length)}"`);
  return { body, signature: createHmac('sha256', SECRET).update(body).digest('hex') };
}

function post(url: URL, agent: Agent): Promise<number> {
  const { body, signature } = delivery();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-service-signature': signature,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Requests answered 200 per second over `ms`, CONCURRENCY in flight. */
export async function rps(url: URL, agent: Agent, ms: number): Promise<number> {
  let done = 0;
  const until = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const status = await post(url, agent);
        if (status !== 200) throw new Error(`receiver answered ${status}`);
        done++;
      }
    }),
  );
  return (done * 1000) / (performance.now() - started);
}

export async function measureReceive(rounds: number, roundMs: number): Promise<ReceiveResult> {
  const [sdk, bare] = await Promise.all([start('sdk'), start('bare')]);
  const agents = {
    sdk: new Agent({ keepAlive: true, maxSockets: CONCURRENCY }),
    bare: new Agent({ keepAlive: true, maxSockets: CONCURRENCY }),
  };
  try {
    // Warm-up: JIT and connections.
    await rps(sdk.url, agents.sdk, roundMs / 2);
    await rps(bare.url, agents.bare, roundMs / 2);
    const runs = await interleaved(rounds, {
      sdk: () => rps(sdk.url, agents.sdk, roundMs),
      bare: () => rps(bare.url, agents.bare, roundMs),
    });
    return {
      sdkRps: median(runs.sdk),
      bareRps: median(runs.bare),
      ratio: medianRatio(runs.sdk, runs.bare),
      rounds,
      roundMs,
      bodyBytes: delivery().body.length,
    };
  } finally {
    agents.sdk.destroy();
    agents.bare.destroy();
    sdk.stop();
    bare.stop();
  }
}
