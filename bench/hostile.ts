// Issue 26: what a hostile server's input costs. Each parser, regex and scrubber that reads text a
// server sends is timed on 1 MiB of its worst case (target: 10 ms at most), and a 300 MiB answer is
// sent to a client with the default maxResponseBytes in a child process whose memory is sampled
// (target: at most maxResponseBytes + 16 MiB). The functions are internal, so they are timed from
// src/ (through tsx), not from dist/.
//
// Then whole bodies of the largest size maxResponseBytes allows (10 MiB), each against its own
// JSON.parse: an error body of any shape, turned into the call's error as Call does (target: at
// most 2x), and a 2xx list, valid or not, parsed and validated (target: at most 2x, a GatewayError
// when invalid). Bodies just under the 1 MiB bound, which are kept and walked, are timed the same way.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isIdempotencyKeyReuse } from '../src/core/error-body.js';
import { APIError } from '../src/core/client-errors.js';
import { isGatewayError } from '../src/core/error-guards.js';
import { errorForStatus } from '../src/core/status-error.js';
import { takeKit } from '../src/internal/engine-kit.js';
import { KIT } from '../src/internal/kit.js';
import { maskText } from '../src/internal/safe-logger.js';
import { parseOutput } from '../src/internal/schema.js';
import { BODY_LIMIT, scrub, scrubBody } from '../src/internal/scrub.js';
import { MessagePage } from '../src/resources/models/sms.js';
import { parseRetryAfter } from '../src/internal/retry.js';
import { cleanText } from '../src/core/text.js';

// The engine's files below read what the Client's loader hands it (src/internal/kit.ts).
takeKit(KIT);

const MiB = 1024 * 1024;
const KEY = 'sk_live_BENCH_hostile_0123456789';

/** One timed scan: its name, what 1 MiB of its worst case is, and the call. */
const CASES: [string, string, (text: string) => unknown][] = [
  [
    'isIdempotencyKeyReuse (409 body, code and message)',
    'reused '.repeat(MiB / 7),
    (t) => isIdempotencyKeyReuse({ error: { code: t, message: t } }),
  ],
  ['maskText (log line)', '“'.repeat(MiB), maskText],
  ['maskText, straight quotes', `"${'1'.repeat(MiB)}`, maskText],
  ['cleanText (message, log)', '\u001b[31m\n'.repeat(MiB / 6), (t) => cleanText(t)],
  [
    'scrub (3 credentials)',
    `${KEY.slice(0, -1)} `.repeat(MiB / KEY.length),
    (t) => scrub(t, [KEY, KEY + 'a', KEY + 'b']),
  ],
  [
    'scrubBody as text (error body JSON)',
    JSON.stringify({ error: { message: `${KEY.slice(0, -1)}"`.repeat(MiB / 40) } }),
    (t) => scrubBody(t, [KEY], true),
  ],
  ['parseRetryAfter (header)', `${'1'.repeat(MiB)}.x`, (t) => parseRetryAfter(t, 0)],
  [
    'APIError message (error body)',
    'c'.repeat(MiB),
    (t) =>
      new APIError({ status: 400, headers: new Headers(), body: { error: { code: t, message: `\n${t}` } } }),
  ],
];

/** A body about `bytes` long: `open`, then `item` repeated, separated by commas, then `close`. */
function filled(bytes: number, open: string, item: (i: number) => string, close: string): string {
  const parts: string[] = [];
  let size = open.length + close.length;
  for (let i = 0; size < bytes; i++) {
    const next = item(i);
    parts.push(next);
    size += next.length + 1;
  }
  return open + parts.join(',') + close;
}

const MESSAGE = JSON.stringify({
  id: 'msg_1',
  to: '447700900123',
  from: 'ACME',
  body: 'hi',
  status: 'queued',
  created_at: '2026-01-01T00:00:00Z',
});

/** Error bodies of each hostile shape, `bytes` long. */
function errorBodies(bytes: number): [string, string][] {
  const nested = Math.floor(bytes / 6);
  return [
    ['many short strings', filled(bytes, '{"error":{"message":"x"},"junk":[', () => '"a\\b"', ']}')],
    ['deep', '{"a":'.repeat(nested) + '1' + '}'.repeat(nested)],
    [
      'one long string',
      JSON.stringify({ error: { message: `${KEY.slice(0, -1)}\\ `.repeat(bytes / (KEY.length + 2)) } }),
    ],
  ];
}

/** 2xx list bodies, `bytes` long. */
function listBodies(bytes: number): [string, string][] {
  const page = (item: (i: number) => string) =>
    filled(bytes, '{"has_more":false,"next_cursor":null,"data":[', item, ']}');
  return [
    ['valid list', page(() => MESSAGE)],
    ['invalid list items', page(() => '{"id":1,"to":2}')],
  ];
}

/** What Call does with an error body: the scrubbed body, headers and message of the APIError. */
function errorOf(text: string): APIError {
  const secrets = [KEY, encodeURIComponent(KEY)];
  return errorForStatus({
    status: 500,
    headers: new Headers(),
    ...scrubBody(text, secrets),
    statusText: 'x',
  });
}

/** What Call does with a 2xx body: parsed, validated, and on a fault the error with the scrubbed text. */
function pageOf(text: string): string {
  try {
    parseOutput(MessagePage, JSON.parse(text), () => ({
      status: 200,
      ...scrubBody(text, [KEY], true),
      requestId: undefined,
      idempotencyKey: undefined,
    }));
    return 'parsed';
  } catch (error) {
    return isGatewayError(error) ? error.name : `not a GatewayError: ${String(error)}`;
  }
}

/** A body timed against its own JSON.parse: medians of the rounds, and what the SDK made of it. */
export interface HostileRatio {
  name: string;
  bytes: number;
  ms: number;
  parseMs: number;
  ratio: number;
  outcome: string;
}

function median(times: number[]): number {
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

function timed(name: string, text: string, run: (text: string) => string, rounds: number): HostileRatio {
  const ms: number[] = [];
  const parse: number[] = [];
  let outcome = '';
  // A full collection before each timing (the bench runs with --expose-gc), so neither pays for
  // the garbage of the other's 10 MiB of objects.
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  for (let i = 0; i < rounds; i++) {
    gc();
    let start = performance.now();
    JSON.parse(text);
    parse.push(performance.now() - start);
    gc();
    start = performance.now();
    outcome = run(text);
    ms.push(performance.now() - start);
  }
  const row = { name, bytes: text.length, ms: median(ms), parseMs: median(parse), outcome };
  return { ...row, ratio: row.ms / row.parseMs };
}

/** Every hostile body, 10 MiB and just under the bound, timed against its JSON.parse. */
export function measureBodies(rounds = 5): HostileRatio[] {
  const rows: HostileRatio[] = [];
  for (const [bytes, label] of [
    [10 * MiB, '10 MiB'],
    [BODY_LIMIT - 64, 'just under 1 MiB'],
  ] as const) {
    for (const [shape, text] of errorBodies(bytes)) {
      const describe = (t: string) => {
        const error = errorOf(t);
        return error.body === undefined ? 'withheld' : 'kept';
      };
      rows.push(timed(`error body, ${shape}, ${label}`, text, describe, rounds));
    }
    for (const [shape, text] of listBodies(bytes))
      rows.push(timed(`2xx ${shape}, ${label}`, text, pageOf, rounds));
  }
  return rows;
}

/** A timed row: the median of `rounds` runs, in ms. */
export interface HostileRow {
  name: string;
  ms: number;
}

/** The 300 MiB answer's cost, in bytes. */
export interface HostileHeap {
  error: string;
  heapGrowth: number;
  rssGrowth: number;
}

/** Times every case and measures the 300 MiB answer. */
export async function measureHostile(
  rounds = 7,
): Promise<{ rows: HostileRow[]; heap: HostileHeap; bodies: HostileRatio[] }> {
  const rows = CASES.map(([name, input, run]) => {
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      run(input);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { name, ms: times[Math.floor(times.length / 2)] ?? Number.NaN };
  });
  const chunk = Buffer.alloc(MiB, 0x20);
  const server = createServer(async (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url?.endsWith('/small')) return res.end('{}');
    for (let sent = 0; sent < 300 * MiB && !res.destroyed; sent += MiB)
      if (!res.write(chunk))
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done).off('close', done);
            resolve();
          };
          res.on('drain', done).on('close', done);
        });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  try {
    const child = fileURLToPath(new URL('../test/helpers/heap-child.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--expose-gc',
      '--import',
      'tsx',
      child,
      `http://127.0.0.1:${port}`,
      String(10 * MiB),
    ]);
    const heap = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as HostileHeap;
    return { rows, heap, bodies: measureBodies(Math.max(3, rounds - 2)) };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

// Run alone: `node --expose-gc --import tsx bench/hostile.ts`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rows, heap, bodies } = await measureHostile();
  for (const r of rows) console.log(`${r.name}: ${r.ms.toFixed(2)} ms`);
  for (const r of bodies)
    console.log(
      `${r.name}: ${r.ms.toFixed(1)} ms, JSON.parse ${r.parseMs.toFixed(1)} ms, ${r.ratio.toFixed(2)}x, ${r.outcome}`,
    );
  console.log(
    `300 MiB answer: ${heap.error}, heap +${(heap.heapGrowth / MiB).toFixed(1)} MiB, RSS +${(heap.rssGrowth / MiB).toFixed(1)} MiB`,
  );
}
