// The rows users feel on every Node line they run: per-request overhead, `createMany` throughput and
// the long list walk, measured on Node 24 (the headline) and on 20 and 26 beside it. `bench/run.ts`
// runs itself once per line with that line's binary (`--child`), which measures those sections and
// writes its results as JSON; the parent writes one table with a column per line. The binaries come
// from npm as the suite's do (scripts/runtimes/install.mjs); this machine's own Node serves its line.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './cold-import.js';
import type { OverheadRow } from './overhead.js';
import type { PaginationResult } from './pagination.js';
import type { ScaleResult } from './scale.js';
import { ratio } from './stats.js';

/** The headline line first: its run also measures the heap, and its figures fill the sections. */
export const NODE_LINES = ['24', '20', '26'];

/** What one line's run measured. */
export interface LineResult {
  line: string;
  version: string;
  overhead?: OverheadRow[] | undefined;
  pagination?: PaginationResult | undefined;
  scale?: ScaleResult | undefined;
}

/** The binary of Node `line`: this process's when it is that line, else the one npm installed. */
export function nodeBinary(line: string): string {
  if (process.versions.node.split('.')[0] === line) return process.execPath;
  const install = pathToFileURL(join(ROOT, 'scripts/runtimes/install.mjs')).href;
  // Reuses an install of the last 12 hours; else asks npm for the newest of the line.
  const script =
    `const m = await import(${JSON.stringify(install)});` +
    `const r = await m.installRuntime(m.nodeRuntime(${JSON.stringify(line)}));` +
    'console.log(r.path);';
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

/**
 * Runs bench/run.ts under Node `line` for `sections` and returns what it measured. `headline`:
 * the heap of `createMany` and of the walk as well.
 */
export function measureLine(line: string, sections: string[], quick: boolean, headline: boolean): LineResult {
  const bin = nodeBinary(line);
  const dir = mkdtempSync(join(tmpdir(), 'bench-line-'));
  const out = join(dir, 'result.json');
  try {
    const args = ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench/run.ts'), '--child', out];
    args.push('--only', sections.join(','));
    if (quick) args.push('--quick');
    if (headline) args.push('--headline');
    execFileSync(bin, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    return { line, ...(JSON.parse(readFileSync(out, 'utf8')) as Omit<LineResult, 'line'>) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The RESULTS.md section with a column per Node line, the headline's first. */
export function linesSection(results: LineResult[]): string {
  const cell = (pick: (r: LineResult) => number | undefined) =>
    results.map((r) => {
      const v = pick(r);
      return v === undefined || Number.isNaN(v) ? '—' : ratio(v);
    });
  const rows: [string, string[]][] = [];
  const cells = results[0]?.overhead?.map((o, i) => ({ o, i })) ?? [];
  for (const { o, i } of cells)
    rows.push([
      `Client CPU, ${o.scenario}, ${o.inFlight} in flight: SDK / bare ky alike (≤ 1.10×)`,
      cell((r) => r.overhead?.[i]?.sdkOverKy),
    ]);
  if (cells.length > 0) {
    rows.push([
      'Client CPU, worst of 4: SDK / openai-node 7',
      cell((r) => (r.overhead ? Math.max(...r.overhead.map((o) => o.sdkOverOpenai)) : undefined)),
    ]);
    rows.push([
      'Client CPU, worst of 4: SDK / openai-node 6 (reference, one more round)',
      cell((r) => (r.overhead ? Math.max(...r.overhead.map((o) => o.sdkOverOpenai6)) : undefined)),
    ]);
  }
  if (results[0]?.scale) {
    rows.push([
      '`createMany` throughput / a bare-ky pool configured alike (≥ 0.95×)',
      cell((r) => r.scale?.overKy),
    ]);
    rows.push(['`createMany` throughput / a bare-fetch pool', cell((r) => r.scale?.ratio)]);
    rows.push(['bare-ky pool throughput / the bare-fetch pool', cell((r) => r.scale?.kyRatio)]);
  }
  if (results[0]?.pagination) {
    rows.push([
      'Iterating 100,000 messages: SDK time / a bare-ky page loop (≤ 1.10×)',
      cell((r) => r.pagination?.kyRatio),
    ]);
    rows.push(['Iterating 100,000 messages: SDK time / a bare fetch loop', cell((r) => r.pagination?.ratio)]);
  }
  return `## Across Node lines

The same rows measured under each Node line, each line's run in its own process (\`bench/run.ts\`
runs itself with that line's binary, from npm as the test suite's: scripts/runtimes/install.mjs),
one line after the other. Node ${results[0]?.version ?? '?'} is the headline: the sections below are its run. Each
cell is that line's median of per-round ratios, as in the sections below; the machine was shared with
other work while measuring, so cells vary by several percent between runs.

| measure | ${results.map((r) => `Node ${r.version}`).join(' | ')} |
|---|${results.map(() => '---:').join('|')}|
${rows.map(([name, values]) => `| ${name} | ${values.join(' | ')} |`).join('\n')}`;
}
