// Cold import time: fresh Node processes importing the built package (dist/, through the
// package's `exports` map, as users get it), against `node -e 0`. Processes of all kinds are
// interleaved, so drift hits them alike; the figure is the median wall time per kind.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, medianRatio } from './stats.js';

export const ROOT = new URL('..', import.meta.url).pathname;

function newest(dir: string): number {
  let ms = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) ms = Math.max(ms, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return ms;
}

/** Runs `npm run build` when dist/ is missing or older than src/ (or the build config). Returns whether it built. */
export function ensureBuilt(): boolean {
  let built = Number.POSITIVE_INFINITY;
  try {
    for (const file of ['dist/index.js', 'dist/webhooks.js'])
      built = Math.min(built, statSync(join(ROOT, file)).mtimeMs);
  } catch {
    built = 0;
  }
  const sources = Math.max(
    newest(join(ROOT, 'src')),
    statSync(join(ROOT, 'tsup.config.ts')).mtimeMs,
    statSync(join(ROOT, 'package.json')).mtimeMs,
  );
  if (built >= sources) return false;
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return true;
}

const EMPTY = join(tmpdir(), 'gateway-sdk-bench-empty.mjs');
// An installed package whose subpath export is an empty file: what resolving any package's `exports`
// and loading one file costs, the floor for `import 'gateway-sdk/webhooks'`.
const EMPTY_PACKAGE_APP = join(tmpdir(), 'gateway-sdk-bench-empty-package');
const EMPTY_PACKAGE_KIND = "import an empty package's subpath";

function writeEmptyPackage(): void {
  const pkg = join(EMPTY_PACKAGE_APP, 'node_modules', 'empty-package');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(EMPTY_PACKAGE_APP, 'package.json'), '{ "type": "module" }\n');
  const exportsMap = { './webhooks': { import: './webhooks.js', require: './webhooks.cjs' } };
  writeFileSync(
    join(pkg, 'package.json'),
    `${JSON.stringify({ name: 'empty-package', type: 'module', exports: exportsMap })}\n`,
  );
  writeFileSync(join(pkg, 'webhooks.js'), '');
}

export const KINDS = {
  'node -e 0': ['-e', '0'],
  "import 'gateway-sdk/webhooks'": ['--input-type=module', '-e', "import 'gateway-sdk/webhooks'"],
  "import 'gateway-sdk'": ['--input-type=module', '-e', "import 'gateway-sdk'"],
  // For scale: the ES module loader alone, and loading one empty module file.
  'node --input-type=module -e ""': ['--input-type=module', '-e', ''],
  'import an empty .mjs file': ['--input-type=module', '-e', `import '${pathToFileURL(EMPTY).href}'`],
  [EMPTY_PACKAGE_KIND]: ['--input-type=module', '-e', "import 'empty-package/webhooks'"],
} as const;
export type Kind = keyof typeof KINDS;

export interface ColdImport {
  /** Median wall time per kind of process, ms. */
  ms: Record<Kind, number>;
  /** Median over rounds of (this kind's time / `node -e 0`'s time in the same round). */
  ratio: Record<Kind, number>;
  /** The import alone, timed inside the process (performance.now() around a dynamic import), ms. */
  insideMs: { sdk: number; webhooks: number; empty: number };
}

function spawnMs(args: readonly string[], cwd = ROOT): { ms: number; stdout: string } {
  const start = performance.now();
  const child = spawnSync(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const ms = performance.now() - start;
  if (child.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${child.stderr.toString()}`);
  return { ms, stdout: child.stdout.toString() };
}

export function measureColdImport(runs: number): ColdImport {
  writeFileSync(EMPTY, '');
  writeEmptyPackage();
  const kinds = Object.keys(KINDS) as Kind[];
  const times = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
  // The first round only warms the file cache.
  for (let i = 0; i < runs + 1; i++) {
    for (const kind of i % 2 === 0 ? kinds : [...kinds].reverse()) {
      const { ms } = spawnMs(KINDS[kind], kind === EMPTY_PACKAGE_KIND ? EMPTY_PACKAGE_APP : ROOT);
      if (i > 0) times[kind].push(ms);
    }
  }
  const inside = (specifier: string) => {
    const code = `const t = performance.now(); await import('${specifier}'); process.stdout.write(String(performance.now() - t));`;
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push(Number(spawnMs(['--input-type=module', '-e', code]).stdout));
    return median(samples);
  };
  const base = times['node -e 0'];
  return {
    ms: Object.fromEntries(kinds.map((k) => [k, median(times[k])])) as Record<Kind, number>,
    ratio: Object.fromEntries(kinds.map((k) => [k, medianRatio(times[k], base)])) as Record<Kind, number>,
    insideMs: {
      sdk: inside('gateway-sdk'),
      webhooks: inside('gateway-sdk/webhooks'),
      empty: inside(pathToFileURL(EMPTY).href),
    },
  };
}
