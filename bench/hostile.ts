// Issue 26: what a hostile server's input costs. Each parser, regex and scrubber that reads text a
// server sends is timed on 1 MiB of its worst case (target: 10 ms at most), and a 300 MiB answer is
// sent to a client with the default maxResponseBytes in a child process whose memory is sampled
// (target: at most maxResponseBytes + 16 MiB). The functions are internal, so they are timed from
// src/ (through tsx), not from dist/.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { APIError, isIdempotencyKeyReuse } from '../src/core/errors.js';
import { maskText } from '../src/internal/safe-logger.js';
import { scrub, scrubText } from '../src/internal/scrub.js';
import { parseRetryAfter } from '../src/internal/retry.js';
import { cleanText } from '../src/core/text.js';

const MiB = 1024 * 1024;
const KEY = 'sk_live_BENCH_hostile_0123456789';

/** One timed scan: its name, what 1 MiB of its worst case is, and the call. */
const CASES: [string, string, (text: string) => unknown][] = [
  [
    'isIdempotencyKeyReuse (409 message)',
    'reused '.repeat(MiB / 7),
    (t) => isIdempotencyKeyReuse({ error: { message: t } }),
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
    'scrubText (error body JSON)',
    JSON.stringify({ error: { message: `${KEY.slice(0, -1)}"`.repeat(MiB / 40) } }),
    (t) => scrubText(t, [KEY]),
  ],
  ['parseRetryAfter (header)', `${'1'.repeat(MiB)}.x`, (t) => parseRetryAfter(t, 0)],
  [
    'APIError message (error body)',
    'c'.repeat(MiB),
    (t) =>
      new APIError({ status: 400, headers: new Headers(), body: { error: { code: t, message: `\n${t}` } } }),
  ],
];

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
export async function measureHostile(rounds = 7): Promise<{ rows: HostileRow[]; heap: HostileHeap }> {
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
    return { rows, heap: JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as HostileHeap };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

// Run alone: `node --expose-gc --import tsx bench/hostile.ts`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rows, heap } = await measureHostile();
  for (const r of rows) console.log(`${r.name}: ${r.ms.toFixed(2)} ms`);
  console.log(
    `300 MiB answer: ${heap.error}, heap +${(heap.heapGrowth / MiB).toFixed(1)} MiB, RSS +${(heap.rssGrowth / MiB).toFixed(1)} MiB`,
  );
}
