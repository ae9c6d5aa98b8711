// `npm run bench`: measures the SDK against the floor on this machine and writes bench/RESULTS.md.
// `npm run bench -- --compare <git ref>` compares this checkout with another build instead
// (bench/compare.ts, which says how).
// Not part of `npm test`. Takes about half an hour on two cores; `--quick` takes about eight (fewer
// rounds, for a smoke run), `--only overhead,pagination,scale,verify,receive,import,bundle,hostile` runs some sections
// and prints them; with `--update` as well, they replace the same sections and summary rows in RESULTS.md.
// The overhead, pagination and scale sections run under each Node line of `--nodes` (default 24,20,26;
// the first is the headline), this script running itself once per line (bench/node-lines.ts).
//
//   node --expose-gc --import tsx bench/run.ts [--quick] [--nodes=24,20,26] [--only … [--update]]
import { execFileSync } from 'node:child_process';
import { cpus, platform, release } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { measureBundles } from './bundle-size.js';
import { measurePeers, type PeerSize } from './size-peers.js';
import { SIZE_HISTORY } from './size-history.js';
import { type HostileHeap, type HostileRatio, type HostileRow, measureHostile } from './hostile.js';
import { startServer } from './child.js';
import { type LineResult, linesSection, measureLine, NODE_LINES } from './node-lines.js';
import { type ColdImport, ensureBuilt, type Kind, measureColdImport, ROOT } from './cold-import.js';
import { measureOverhead, mergeOverhead, type OverheadRow } from './overhead.js';
import { measurePagination, type PaginationResult } from './pagination.js';
import { measureScale, mergeScale, scaleReport, scaleSettings, type ScaleResult } from './scale.js';
import { loadSdk, loadWebhooks } from './sdk.js';
import { fmt, ratio, verdict } from './stats.js';
import { measureReceive, type ReceiveResult } from './receive.js';
import { measureVerify, type VerifyRow } from './verify.js';
import { runCompare } from './compare.js';
import { PROFILES } from './profiles.js';

if (process.argv.includes('--compare') || process.argv.some((a) => a.startsWith('--compare='))) {
  // bench/compare.ts: this checkout against another build, in one process.
  await runCompare(process.argv.slice(2));
  process.exit(0);
}

const quick = process.argv.includes('--quick');
const onlyArg = process.argv.find((a) => a.startsWith('--only'));
const only = onlyArg
  ? (onlyArg.includes('=') ? onlyArg.split('=')[1] : process.argv[process.argv.indexOf(onlyArg) + 1])?.split(
      ',',
    )
  : undefined;
const wants = (section: string) => only === undefined || only.includes(section);
/** `--child <file>`: one Node line's run (bench/node-lines.ts) writing what it measured to <file>. */
const childOut = process.argv.includes('--child')
  ? process.argv[process.argv.indexOf('--child') + 1]
  : undefined;
const headline = childOut === undefined || process.argv.includes('--headline');
const lineList =
  process.argv
    .find((a) => a.startsWith('--nodes='))
    ?.slice('--nodes='.length)
    .split(',') ?? NODE_LINES;
if ((globalThis as { gc?: unknown }).gc === undefined) {
  console.error('bench: run with --expose-gc (npm run bench does), so heap samples follow a full GC.');
  process.exit(1);
}

const SETTINGS = quick
  ? {
      rounds: 3,
      overheadProcesses: 1,
      requests: 400,
      pageRounds: 3,
      verifyRounds: 3,
      verifyMs: 200,
      receiveRounds: 3,
      receiveMs: 1000,
      imports: 9,
    }
  : {
      // Many short rounds: each ratio is of two samples taken seconds apart; in five processes,
      // as a process's JIT choices bias all of its rounds alike.
      rounds: 13,
      overheadProcesses: 5,
      requests: 300,
      pageRounds: 5,
      verifyRounds: 7,
      verifyMs: 300,
      receiveRounds: 7,
      receiveMs: 2000,
      imports: 61,
    };
const TARGET = { cpu: 1.1, verify: 0.8, sdkImport: 1.5, webhooksImport: 1.1, pagesLive: 2, pagesOverKy: 1.1 };

const log = (line: string) => console.log(`[bench] ${line}`);
const started = Date.now();
const sections: string[] = [];
const summary: [string, string, string, string][] = [];

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

// ---------------------------------------------------------------------------------------------

// Every section measures the built package, as users run it.
log('building dist/ if missing or stale …');
const built = ensureBuilt();
const sdk = await loadSdk();

let overhead: OverheadRow[] | undefined;
let pagination: PaginationResult | undefined;
let scale: ScaleResult | undefined;
let lines: LineResult[] | undefined;
const lineSections = ['overhead', 'pagination', 'scale'].filter(wants);
if (childOut === undefined && lineSections.length > 0) {
  lines = lineList.map((line, i) => {
    log(`Node ${line}${i === 0 ? ' (headline)' : ''}: ${lineSections.join(', ')} …`);
    const result = measureLine(line, lineSections, quick, i === 0);
    // More processes for the throughput figures (a process's JIT choices bias all of its rounds).
    const again = (section: 'overhead' | 'scale', processes: number) =>
      Array.from({ length: processes - 1 }, (_, p) => {
        log(`Node ${line}: ${section}, process ${p + 2} of ${processes} …`);
        return measureLine(line, [section], quick, false);
      });
    if (result.overhead !== undefined) {
      const more = again('overhead', SETTINGS.overheadProcesses).map((r) => r.overhead);
      result.overhead = mergeOverhead([result.overhead, ...more.filter((o) => o !== undefined)]);
    }
    if (result.scale !== undefined) {
      const more = again('scale', scaleSettings(quick).processes).map((r) => r.scale);
      result.scale = mergeScale([result.scale, ...more.filter((s) => s !== undefined)]);
    }
    return result;
  });
  ({ overhead, pagination, scale } = lines[0] ?? {});
} else if (lineSections.length > 0) {
  const server = await startServer();
  try {
    if (wants('overhead')) {
      log(`per-request overhead: ${SETTINGS.rounds} rounds …`);
      overhead = await measureOverhead(sdk, server.url, {
        rounds: SETTINGS.rounds,
        requests: SETTINGS.requests,
      });
    }
    if (wants('pagination')) {
      log(`pagination: ${SETTINGS.pageRounds} rounds of 100,000 messages …`);
      pagination = await measurePagination(sdk, server.url, SETTINGS.pageRounds, headline);
    }
    if (wants('scale')) {
      log('sending at scale: createMany vs a bare-fetch pool, then 1,000,000 items …');
      scale = await measureScale(sdk, server.url, { ...scaleSettings(quick), heap: headline });
    }
  } finally {
    server.stop();
  }
}
if (childOut !== undefined) {
  writeFileSync(childOut, JSON.stringify({ version: process.versions.node, overhead, pagination, scale }));
  process.exit(0);
}

let verify: VerifyRow[] | undefined;
if (wants('verify')) {
  log('Webhooks.verify …');
  verify = await measureVerify(await loadWebhooks(), SETTINGS.verifyRounds, SETTINGS.verifyMs);
}

let receive: ReceiveResult | undefined;
if (wants('receive')) {
  log(
    `webhook handler throughput: ${SETTINGS.receiveRounds} rounds of ${SETTINGS.receiveMs} ms per server …`,
  );
  receive = await measureReceive(SETTINGS.receiveRounds, SETTINGS.receiveMs);
}

let imports: ColdImport | undefined;
if (wants('import')) {
  log(`cold import: ${SETTINGS.imports} processes of each kind …`);
  imports = measureColdImport(SETTINGS.imports);
}

let bundles: Awaited<ReturnType<typeof measureBundles>> | undefined;
let peers: PeerSize[] | undefined;
if (wants('bundle')) {
  log("bundle sizes, ours and the peers' …");
  bundles = await measureBundles();
  peers = await measurePeers();
}

let hostile: { rows: HostileRow[]; heap: HostileHeap; bodies: HostileRatio[] } | undefined;
if (wants('hostile')) {
  log('hostile input: each scan on 1 MiB of its worst case, and a 300 MiB answer …');
  hostile = await measureHostile(quick ? 3 : 7);
}

// ---------------------------------------------------------------------------------------------

if (overhead) {
  const worst = Math.max(...overhead.map((r) => r.sdkOverKy));
  summary.push([
    'Client CPU per request vs bare ky configured alike (worst of 4)',
    ratio(worst),
    `≤ ${ratio(TARGET.cpu)}`,
    verdict(worst <= TARGET.cpu),
  ]);
  summary.push([
    'Client CPU per request vs openai-node 7 `get`/`post` (worst of 4)',
    ratio(Math.max(...overhead.map((r) => r.sdkOverOpenai))),
    'report',
    '—',
  ]);
  summary.push([
    'Client CPU per request vs openai-node 6 `get`/`post` (worst of 4; reference, one more round)',
    ratio(Math.max(...overhead.map((r) => r.sdkOverOpenai6))),
    'report',
    '—',
  ]);
  const rows = overhead.map(
    (r) =>
      `| ${r.scenario} | ${r.inFlight} | ${fmt(r.requests)} | ${fmt(r.samples.fetch.cpuUs)} | ${fmt(r.samples.ky.cpuUs)} | ${fmt(r.samples.openai.cpuUs)} | ${fmt(r.samples.openai6.cpuUs)} | ${fmt(r.samples.sdk.cpuUs)} | **${ratio(r.sdkOverKy)}** | ${r.sdkOverKyRange ? `${ratio(r.sdkOverKyRange[0])}–${ratio(r.sdkOverKyRange[1])}` : '—'} | ${ratio(r.sdkOverOpenai)} | ${ratio(r.sdkOverOpenai6)} | ${ratio(r.sdkOverFetch)} | ${ratio(r.kyOverFetch)} | ${ratio(r.openaiOverFetch)} | ${fmt(r.samples.ky.wallUs)} | ${fmt(r.samples.sdk.wallUs)} | ${ratio(r.wallOverKy)} |`,
  );
  sections.push(`## Per-request overhead on loopback

Client CPU (\`process.cpuUsage()\` of the bench process; the server runs in a child process) and wall
time per request, in ${SETTINGS.overheadProcesses} processes of ${SETTINGS.rounds} rounds each: a process's figure is the median of its
rounds (its ratios the medians of its per-round ratios), and each figure below the median over the processes,
as a process's JIT choices bias all of its rounds alike (the lowest and highest process are shown). The four
clients' rounds interleaved (fetch, openai-node 6, openai-node 7, ky, SDK, then the reverse, so bare ky and the SDK
always run back to back: this machine's speed drifts between seconds). No full collection is forced
between samples, as none is in an app: a forced one made V8 discard the optimized code of ky, undici
and the SDK (its "weak objects" deoptimizations), and the sample after it paid for re-optimizing,
~35 % more CPU per request for every client and more for the one with more code on its path. Each
sample pays for the young-generation collections its own requests cause. The four clients, against
the same server:

- **fetch**: bare \`fetch\` with the same headers, a status check and \`response.json()\`; \`create\` also
  generates its idempotency key. The floor.
- **ky alike**: bare ky 2 configured as the SDK configures it: \`prefix\`, the same headers,
  \`timeout: 60000\`, \`redirect: 'manual'\`, the same retry options (limit 2, GET and POST, 408/409/429/5xx,
  \`Retry-After\` on all of them capped at 60 s, backoff 0.5 s doubling to 8 s with full jitter, retry on
  timeout), \`.json()\`; \`create\` sends \`json\` and a fresh \`Idempotency-Key\`. The target's reference.
- **openai-node**: the \`openai\` package's (7.x) generic \`client.get\` / \`client.post\` pointed at the same
  server (its own retries, timeout and headers), for scale: a first-class SDK's request path. openai-node
  6.x, the peer until this round, beside it as a reference for one more round.
- **SDK**: \`client.sms.messages.retrieve('msg_1')\` / \`client.sms.messages.create(…)\`: input validation,
  the call's checks on every attempt, the body read inside the attempt's timeout, zod's parse of the response.

| operation | in flight | requests / round | fetch CPU µs | ky alike CPU µs | openai-node 7 CPU µs | openai-node 6 CPU µs | SDK CPU µs | SDK / ky alike | SDK / ky alike, per process | SDK / openai-node 7 | SDK / openai-node 6 | SDK / fetch | ky / fetch | openai-node 7 / fetch | ky alike wall µs | SDK wall µs | wall SDK / ky |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

Target: client CPU per request at most ${ratio(TARGET.cpu)} bare ky configured alike: ${verdict(worst <= TARGET.cpu)} (worst ${ratio(worst)}).
Where the SDK's time over ky goes is under "Profiles". The machine was shared with other work
while measuring (two cores, other jobs running): rounds vary by several percent, which is why the
ratios are medians of per-round ratios, and processes by more (the per-process column), which is why
the figure is the median over processes.`);
}

if (pagination) {
  const p = pagination;
  const pages = p.peakGrowth / p.pageBytes;
  const flat = p.live.every(([, n]) => n <= TARGET.pagesLive);
  summary.push([
    'Iterating 100,000 messages (1,000 pages) vs a bare-ky page loop',
    ratio(p.kyRatio),
    `≤ ${ratio(TARGET.pagesOverKy)}`,
    verdict(p.kyRatio <= TARGET.pagesOverKy),
  ]);
  summary.push([
    'Iterating 100,000 messages (1,000 pages) vs a bare fetch loop',
    ratio(p.ratio),
    'report',
    '—',
  ]);
  summary.push([
    'Pages live while iterating (most at any sample)',
    String(p.maxLive),
    `≤ ${TARGET.pagesLive}, flat`,
    verdict(flat),
  ]);
  summary.push([
    'Peak heap held while iterating',
    `${fmt(p.peakGrowth / 1024)} KB (${pages.toFixed(1)} × a page)`,
    'report',
    '—',
  ]);
  sections.push(`## Iterating 100,000 messages across 1,000 pages

\`for await (const m of client.sms.messages.list({ limit: 100 }))\` against a bare fetch loop that
requests the same pages (\`limit=100&after=<next_cursor>\`) and parses them with \`response.json()\`,
and a bare-ky loop doing the same through ky configured as the SDK configures it
(\`api.get('sms/messages', { searchParams }).json()\`: no schema, no cursor guards). Median of
${SETTINGS.pageRounds} interleaved walks each, bare ky and the SDK back to back; ratios are medians of
the per-round ratios.

| | bare fetch loop | bare-ky loop | SDK |
|---|---:|---:|---:|
| time for 100,000 messages | ${fmt(p.bareMs)} ms | ${fmt(p.kyMs)} ms | ${fmt(p.sdkMs)} ms |
| per page | ${fmt((p.bareMs * 1000) / 1000)} µs | ${fmt((p.kyMs * 1000) / 1000)} µs | ${fmt((p.sdkMs * 1000) / 1000)} µs |
| SDK over it | ${ratio(p.ratio)} | **${ratio(p.kyRatio)}** | |

Target: at most ${ratio(TARGET.pagesOverKy)} the bare-ky loop: ${verdict(p.kyRatio <= TARGET.pagesOverKy)}. Per page, beyond ky's request and
\`JSON.parse\` (which \`.json()\` pays as well), the SDK checks the 100 messages against their schema
(the exact check; zod only on a fault), the cursor guards (a few comparisons) and builds the page; per item, \`for await\` takes one
settled promise, where the bare loop reads the array.

Memory while iterating, at page 1 and every 50 pages: **pages live**, counted exactly (the first message
of every page is registered with a \`FinalizationRegistry\`, which reports it once nothing holds that
page's data any more), and
**heap held**, \`heapUsed\` after \`global.gc()\` minus the same once the walk is over (the same process,
warmed up alike, holding no page). One parsed page holds
about ${fmt(p.pageBytes / 1024)} KB (measured by keeping 20); all 100,000 messages kept would hold about
${fmt(p.allBytes / 1024 / 1024, 1)} MB.

| after page | ${p.samples.map(([page]) => page).join(' | ')} |
|---|${p.samples.map(() => '---:').join('|')}|
| pages live | ${p.live.map(([, n]) => n).join(' | ')} |
| heap held (KB) | ${p.samples.map(([, b]) => fmt(b / 1024)).join(' | ')} |

At most ${p.maxLive} ${p.maxLive === 1 ? 'page' : 'pages'} live at any sample: ${verdict(flat)} (target: at most ${TARGET.pagesLive}, however long the list). ${
    p.maxLive <= 1
      ? 'That is the page being read: the item iterator lets go of the `PagePromise` (and so of the first page) once the first page has arrived, and of each page once it has moved past it.'
      : 'Beyond the page being read, the first page can stay live while the `PagePromise` returned by `list()` is referenced (sdk-contract.md: "two while the first page is still referenced").'
  } The heap held
peaks at ${fmt(p.peakGrowth / 1024)} KB (${pages.toFixed(1)} × a page) and does not grow with the number of pages walked; swings of
a few tens of KB between samples are V8's own (compiled code, feedback), not pages.`);
}

if (scale) {
  const report = scaleReport(scale, scaleSettings(quick).rounds);
  summary.push(...report.summary);
  sections.push(report.section);
}

if (lines) sections.unshift(linesSection(lines));

if (verify) {
  const one = verify.find((v) => v.size === 1024);
  summary.push([
    '`Webhooks.verify`, 1 KB body, vs node:crypto floor',
    ratio(one?.ratio ?? 0),
    `≥ ${ratio(TARGET.verify)}`,
    verdict((one?.ratio ?? 0) >= TARGET.verify),
  ]);
  const big = verify.find((v) => v.size !== 1024);
  summary.push([
    '`Webhooks.verify`, 64 KB body, vs node:crypto floor',
    ratio(big?.ratio ?? 0),
    'report',
    '—',
  ]);
  sections.push(`## \`Webhooks.verify\`

Verifications per second, median of ${SETTINGS.verifyRounds} interleaved rounds of ${SETTINGS.verifyMs} ms; the floor is
\`createHmac('sha256', secret).update(body).digest()\` + hex decode + \`timingSafeEqual\`, called
synchronously (only the SDK's promise is awaited, so the ratio is not flattered).

| body | node:crypto floor / s | \`Webhooks.verify\` / s | ratio |
|---|---:|---:|---:|
${verify.map((v) => `| ${v.size / 1024} KB | ${fmt(v.floorPerSec)} | ${fmt(v.sdkPerSec)} | ${ratio(v.ratio)} |`).join('\n')}

Target: at least ${ratio(TARGET.verify)} of the floor for 1 KB bodies: ${verdict((one?.ratio ?? 0) >= TARGET.verify)}.`);
}

if (receive) {
  summary.push([
    '`createWebhookHandler` over node:http, 1 KB events, vs bare node:http + node:crypto verify',
    ratio(receive.ratio),
    'report',
    '—',
  ]);
  sections.push(`## Webhook receiver throughput

Requests per second answered 200 on loopback, median of ${receive.rounds} interleaved rounds of ${fmt(receive.roundMs)} ms per server, 16
requests in flight over keep-alive connections, ${fmt(receive.bodyBytes)}-byte signed \`message.delivered\` events, each with a
fresh id (so every request is verified, parsed, claimed in the store, handled and recorded, none
answered as a duplicate). Each server runs in its own process; this process generates the load.

| receiver | requests / s |
|---|---:|
| bare node:http: read the body, \`createHmac\` + \`timingSafeEqual\`, answer (no parsing, routing or de-duplication) | ${fmt(receive.bareRps)} |
| \`toNodeHandler(createWebhookHandler({ secret, onEvent, dedupe: memoryStore() }))\` | ${fmt(receive.sdkRps)} |
| ratio (median of per-round ratios) | ${ratio(receive.ratio)} |

The difference is what the bare server skips: JSON parsing and the envelope check, routing, and
the store's claim and completion. \`toNodeHandler\` calls the handler's core directly instead of
building a web \`Request\` and \`Response\` per delivery: through them, the same server managed 0.57×
(undici's streams cost Node 20 about as much as everything else). Other Fetch API handlers still go
through them. The load generator runs on the same two cores, and the machine was shared with other
work while this ran, so absolute figures vary by tens of percent from run to run; the
ratio is the figure to compare.`);
}

if (imports) {
  const r = imports.ratio;
  const sdkRatio = r["import 'gateway-sdk'"];
  const hooks = r["import 'gateway-sdk/webhooks'"];
  summary.push([
    "Cold `import 'gateway-sdk'` vs `node -e 0`",
    ratio(sdkRatio),
    `≤ ${ratio(TARGET.sdkImport)}`,
    verdict(sdkRatio <= TARGET.sdkImport),
  ]);
  summary.push([
    "Cold `import 'gateway-sdk/webhooks'` vs `node -e 0`",
    ratio(hooks),
    `≤ ${ratio(TARGET.webhooksImport)}`,
    verdict(hooks <= TARGET.webhooksImport),
  ]);
  const empty = r['import an empty .mjs file'];
  const emptyPackage = r["import an empty package's subpath"];
  summary.push([
    "Cold import of an empty package's subpath vs `node -e 0` (the floor for the webhooks entry)",
    ratio(emptyPackage),
    'report',
    '—',
  ]);
  sections.push(`## Cold import

Wall time of ${SETTINGS.imports} fresh processes of each kind, interleaved round by round (one more round first, to warm
the file cache), importing the built package (\`dist/\`, through its \`exports\` map) with
\`node --input-type=module -e "import '…'"\` from the package root. The ratio is the median over rounds
of each process's time over \`node -e 0\`'s in the same round, which cancels the machine's drift; the
median times are shown too.

| process | median ms | vs \`node -e 0\` |
|---|---:|---:|
${(Object.keys(imports.ms) as Kind[]).map((k) => `| \`${k}\` | ${imports?.ms[k].toFixed(1)} | ${ratio(r[k])} |`).join('\n')}

The import alone, timed inside the process around a dynamic \`import()\` (median of ${SETTINGS.imports}):
\`gateway-sdk\` ${imports.insideMs.sdk.toFixed(1)} ms, \`gateway-sdk/webhooks\` ${imports.insideMs.webhooks.toFixed(1)} ms, an empty module file
${imports.insideMs.empty.toFixed(1)} ms (the first file any ES module import loads pays for the loader's file machinery).

Targets: \`gateway-sdk\` at most ${ratio(TARGET.sdkImport)} (${verdict(sdkRatio <= TARGET.sdkImport)}), \`gateway-sdk/webhooks\`
at most ${ratio(TARGET.webhooksImport)} (${verdict(hooks <= TARGET.webhooksImport)}). For scale: loading one empty module file costs ${ratio(empty)};
importing an installed package's subpath whose file is empty (resolving its \`exports\`, then one file)
costs ${ratio(emptyPackage)}: the floor any package's entry sits on, ${(imports.ms["import 'gateway-sdk/webhooks'"] - imports.ms["import an empty package's subpath"]).toFixed(1)} ms below \`gateway-sdk/webhooks\`
in median time. Spawning a process varies by several milliseconds on this shared machine.${
    hooks > TARGET.webhooksImport
      ? `

**\`gateway-sdk/webhooks\` missed in this run.** What it costs is Node's module loader more than the
code: an empty module file alone costs ${ratio(empty)} (${imports.insideMs.empty.toFixed(1)} ms inside the process, against
${imports.insideMs.webhooks.toFixed(1)} ms for the entry). The entry runs nothing at import (the HMAC path is chosen on first
use) and is one file (docs/decisions/webhooks-entry-one-file.md); the rest is resolving the package's
\`exports\`, which any installed package pays: an empty package's subpath costs ${ratio(emptyPackage)}.
The target sits at that floor on this machine.`
      : ''
  }`);
}

if (bundles) {
  for (const b of bundles) {
    if (b.firstBudget !== undefined)
      summary.push([
        `Bundle, ${b.name}, first load (min + gzip 9)`,
        `${fmt(b.first)} B`,
        `≤ ${fmt(b.firstBudget)} B`,
        verdict(b.first <= b.firstBudget),
      ]);
    summary.push([
      `Bundle, ${b.name}${b.chunks > 1 ? ', all chunks' : ''} (min + gzip 9)`,
      `${fmt(b.bytes)} B`,
      `≤ ${fmt(b.budget)} B`,
      verdict(b.bytes <= b.budget),
    ]);
  }
  sections.push(`## Bundle sizes

esbuild, \`bundle\`, \`minify\`, \`splitting\`, \`platform: 'browser'\`, ESM, of the built package through its
\`exports\` map (as \`npm run size\` measures), then gzip level 9, each chunk on its own as a page fetches
it. The first load is the entry chunk and every chunk it imports statically: what a page loads before
any call. The client's first request loads the rest (ky, zod/mini, the schemas and the call:
src/resources/engine.ts) with one dynamic import. "As one file" gzips every chunk together: the same
code without what the split costs gzip (each chunk starts with an empty dictionary).

| app | first load | all chunks | as one file | chunks | budget (first / all) | inputs |
|---|---:|---:|---:|---:|---:|---|
${bundles.map((b) => `| \`${b.name}\` | ${fmt(b.first)} | ${fmt(b.bytes)} | ${fmt(b.whole)} | ${b.chunks} | ${b.firstBudget === undefined ? '' : `${fmt(b.firstBudget)} / `}${fmt(b.budget)} | ${b.inputs.map((i) => `\`${i}\``).join(', ')} |`).join('\n')}${
    peers
      ? `

### Against the peers

Each SDK's client constructed and one call made (bench/size-peers.ts: ours sends a message), bundled
the same way in this run.

| SDK | first load | all chunks | chunks |
|---|---:|---:|---:|
${peers.map((p) => `| ${p.version} | ${fmt(p.first)} | ${fmt(p.all)} | ${p.chunks} |`).join('\n')}`
      : ''
  }

${SIZE_HISTORY}`);
}

if (hostile) {
  const MiB = 1024 * 1024;
  const worst = Math.max(...hostile.rows.map((r) => r.ms));
  summary.push([
    'Slowest scan of 1 MiB of hostile text',
    `${worst.toFixed(1)} ms`,
    '≤ 10 ms',
    verdict(worst <= 10),
  ]);
  summary.push([
    '300 MiB answer, client heap growth (maxResponseBytes 10 MiB)',
    `${(hostile.heap.heapGrowth / MiB).toFixed(1)} MiB`,
    '≤ 26 MiB',
    verdict(hostile.heap.heapGrowth <= 26 * MiB),
  ]);
  for (const kind of ['error', '2xx']) {
    const big = hostile.bodies.filter((r) => r.name.startsWith(kind) && r.name.endsWith('10 MiB'));
    const worst = Math.max(...big.map((r) => r.ratio));
    const typed = big.every((r) => !r.outcome.startsWith('not a GatewayError'));
    summary.push([
      `10 MiB hostile ${kind} body, any shape, vs its JSON.parse`,
      `${worst.toFixed(2)}x`,
      '≤ 2x, a GatewayError when invalid',
      verdict(worst <= 2 && typed),
    ]);
  }
  sections.push(`## Hostile input (issue 26)

Each function that reads text a server sends, on 1 MiB of its worst case (median of the rounds; the
functions are internal, so they run from \`src/\` through tsx). Then a loopback server streams a
300 MiB answer with no length to a client with the default \`maxResponseBytes\` in a child process
sampled every 2 ms: heap is V8's heap plus external memory (every ArrayBuffer), RSS the process's.

| scan | 1 MiB worst case |
|---|---:|
${hostile.rows.map((r) => `| ${r.name} | ${r.ms.toFixed(2)} ms |`).join('\n')}

300 MiB answer: ${hostile.heap.error}, heap +${(hostile.heap.heapGrowth / MiB).toFixed(1)} MiB, RSS +${(hostile.heap.rssGrowth / MiB).toFixed(1)} MiB.

Whole bodies against their own \`JSON.parse\` (medians): an error body turned into the call's error
(scrubbed, or withheld past 1 MiB or 100,000 strings), a 2xx list parsed and validated.

| body | SDK | JSON.parse | ratio | outcome |
|---|---:|---:|---:|---|
${hostile.bodies.map((r) => `| ${r.name} | ${r.ms.toFixed(1)} ms | ${r.parseMs.toFixed(1)} ms | ${r.ratio.toFixed(2)}x | ${r.outcome} |`).join('\n')}`);
}

// ---------------------------------------------------------------------------------------------

const seconds = Math.round((Date.now() - started) / 1000);
const cpu = cpus();
const command = `npm run bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
const dirty = git(['status', '--porcelain', '--', 'src']) === '' ? '' : ' (with uncommitted changes in src/)';
const md = `# Benchmark results

Written by \`bench/run.ts\`; do not edit by hand. How to read it: docs/reliability.md.

- Command: \`${command}\` (\`node --expose-gc --import tsx bench/run.ts\`), ${seconds} s${quick ? ', quick settings (fewer rounds): a smoke run, not figures to quote' : ''}
- Machine: ${lines ? `Node ${lines.map((l) => l.version).join(', ')} (headline first; the rest on Node ${process.version})` : `Node ${process.version}`}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${platform()} ${release()}
- Code: ${git(['rev-parse', '--short', 'HEAD'])}${dirty}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; every section measures the built \`dist/\`${built ? ', rebuilt by this run' : ''}

## Summary

| measure | result | target | |
|---|---:|---:|---|
${summary.map((r) => `| ${r.join(' | ')} |`).join('\n')}

${sections.join('\n\n')}
`;

const RESULTS = new URL('./RESULTS.md', import.meta.url);

/** Writes RESULTS.md as the repository's Prettier settings format it, so `npm run format:check` stays green. */
async function writeResults(text: string): Promise<void> {
  const prettier = await import('prettier');
  const path = RESULTS.pathname;
  const config = await prettier.resolveConfig(path);
  writeFileSync(RESULTS, await prettier.format(text, { ...config, filepath: path }));
}

if (only === undefined) {
  await writeResults(`${md}\n${PROFILES}`);
  log(`wrote bench/RESULTS.md in ${seconds} s`);
} else {
  console.log(md);
  if (process.argv.includes('--update')) {
    await writeResults(spliced(readFileSync(RESULTS, 'utf8')));
    log('updated its sections and summary rows in bench/RESULTS.md');
  }
}

/**
 * `--only … --update`: RESULTS.md with this run's sections and summary rows in place of the same
 * ones, the rest as the last run wrote it, and a line saying what was updated.
 */
function spliced(previous: string): string {
  const blocks = previous.split(/^(?=## )/m);
  const titleOf = (block: string) => block.split('\n', 1)[0];
  for (const section of sections) {
    const at = blocks.findIndex((b) => titleOf(b) === titleOf(section));
    const profiles = blocks.findIndex((b) => titleOf(b) === '## Profiles');
    if (at >= 0) blocks[at] = `${section}\n\n`;
    else blocks.splice(profiles >= 0 ? profiles : blocks.length, 0, `${section}\n\n`);
  }
  const at = blocks.findIndex((b) => titleOf(b) === '## Summary');
  if (at >= 0) {
    const lines = (blocks[at] ?? '').trimEnd().split('\n');
    const firstCell = (line: string) => line.split('|')[1]?.trim();
    // A bundle row of an app no longer measured would stay behind: this run's bundle rows replace them all.
    if (bundles) lines.splice(0, lines.length, ...lines.filter((l) => !firstCell(l)?.startsWith('Bundle, ')));
    for (const row of summary) {
      const line = `| ${row.join(' | ')} |`;
      const same = lines.findIndex((l) => firstCell(l) === row[0]);
      if (same >= 0) lines[same] = line;
      else lines.push(line);
    }
    blocks[at] = `${lines.join('\n')}\n\n`;
  }
  const stamp = `- Updated by \`${command}\`: ${(only ?? []).join(', ')}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${lines ? `Node ${lines.map((l) => l.version).join(', ')}` : `Node ${process.version}`}, code ${git(['rev-parse', '--short', 'HEAD'])}${dirty}`;
  // A line per partial run whose sections are still in the file: one this run rewrote all of goes.
  const rewritten = (line: string) =>
    line.startsWith('- Updated by `') &&
    (/`: ([\w,\s]+), \d{4}-/.exec(line)?.[1] ?? '')
      .split(',')
      .every((name) => (only ?? []).includes(name.trim()));
  const header = (blocks[0] ?? '')
    .trimEnd()
    .split('\n')
    .filter((line) => !rewritten(line));
  blocks[0] = `${header.join('\n')}\n${stamp}\n\n`;
  return blocks.join('');
}
