// `npm run size`: what the built package costs a browser page, minified and gzipped (level 9).
// Measures the files users install (dist/, through the package's `exports` map), so run
// `npm run build` first (`npm run check` does); stale or missing dist/ fails with that advice. Each
// app is bundled with esbuild (bundle, minify, code splitting, ESM, platform browser), and every
// chunk is gzipped on its own, as a page fetches it:
//
//   first load  the entry chunk and every chunk it imports statically, transitively: what the page
//               loads before any call (a chunk behind a dynamic import() waits for its first use)
//   all chunks  every chunk the app can load
//   as one file every chunk gzipped together, shown beside it: what the split costs gzip
//
// Budgets are the goals (issue 51), written here as numbers, never the size measured plus a margin:
// a budget that follows the measure records growth instead of stopping it. A row that goes over by a
// byte fails. Raising a budget needs a decision record in docs/decisions/ naming the user-visible
// gain and the bytes it costs (docs/decisions/size-budgets-are-goals.md), and a line in the release's
// closing note; shrinking one needs neither.
//
// Also fails when a first load pulls in ky or zod (they belong to the first request), when the
// webhooks bundle pulls in ky or zod at all (sdk-contract.md promises that entry uses neither), or
// when it has a `node:` import (browsers cannot load a Node builtin). tsup bundles dependencies into
// dist/, so besides the metafile's input paths (which catch them if they were ever left external)
// each dist input is scanned for esbuild's `// node_modules/ky/…` module markers, which name every
// module tsup put in that file.
//
// Options: --json prints the results as JSON; --print <name> prints the minified chunks;
// --root <dir> measures the package at <dir> (its package.json and dist/: the bench's --compare
// measures another build this way); --budgets <file.json> replaces rows' budgets, as
// { "<row name>": { "first": bytes, "all": bytes } } (a what-if, and the test of the check itself).
import { bundleApp, exportTarget, manifest } from './bundle-size.mjs';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const option = (name) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const root = resolve(option('--root') ?? repo);
const pkg = manifest(root);

const CLIENT =
  "import { Client } from 'gateway-sdk';\nexport const client = new Client({ dangerouslyAllowBrowser: true });\n";

const BUNDLES = [
  {
    name: 'gateway-sdk { Client }',
    entry: 'gateway-sdk',
    source: CLIENT,
    // Both at their goals: 9,216 B first load, 34,816 B all chunks (raised for 0.2.0, back at the
    // goal since 2026-12-03: docs/decisions/size-budgets-are-goals.md).
    firstBudget: 9_216,
    budget: 34_816,
    firstForbid: ['ky', 'zod'],
    forbid: [],
  },
  {
    name: 'gateway-sdk/webhooks { Webhooks }',
    entry: 'gateway-sdk/webhooks',
    source: "export { Webhooks, WebhookVerificationError } from 'gateway-sdk/webhooks';",
    budget: 2_048,
    forbid: ['ky', 'zod'],
    noNodeImports: true,
  },
  {
    name: 'gateway-sdk/webhooks { createWebhookHandler, memoryStore }',
    entry: 'gateway-sdk/webhooks',
    source: "export { createWebhookHandler, memoryStore } from 'gateway-sdk/webhooks';",
    // The goal (docs/decisions/webhook-handler-budget.md raised it until the handler was back under).
    budget: 5_120,
    forbid: ['ky', 'zod'],
    noNodeImports: true,
  },
  {
    name: 'gateway-sdk/webhooks *',
    entry: 'gateway-sdk/webhooks',
    source: "export * from 'gateway-sdk/webhooks';",
    budget: 7_629,
    forbid: ['ky', 'zod'],
    noNodeImports: true,
  },
  {
    name: 'gateway-sdk/campaigns { createMany, memoryPacer }',
    entry: 'gateway-sdk/campaigns',
    source:
      CLIENT +
      "import { createMany, memoryPacer } from 'gateway-sdk/campaigns';\n" +
      'export const send = (rows) => createMany(client, rows, { pacer: memoryPacer({ maxPerSecond: 10 }) });\n',
    // The Client's first load plus the campaign helpers, under the same promise as the Client's.
    firstBudget: 24_576,
    budget: 45_863,
    firstForbid: ['ky'],
    forbid: [],
  },
  {
    // OpenTelemetry: the entry's own bytes, its peer @opentelemetry/api being the app's.
    name: 'gateway-sdk/otel { instrument, webhookTelemetry }',
    entry: 'gateway-sdk/otel',
    source: "export { instrument, webhookTelemetry } from 'gateway-sdk/otel';",
    budget: 2_048,
    external: ['@opentelemetry/api'],
    forbid: ['ky', 'zod'],
  },
];

const overrides =
  option('--budgets') === undefined ? {} : JSON.parse(readFileSync(option('--budgets'), 'utf8'));
for (const bundle of BUNDLES) {
  const given = overrides[bundle.name];
  if (given?.first !== undefined) bundle.firstBudget = given.first;
  if (given?.all !== undefined) bundle.budget = given.all;
}
for (const name of Object.keys(overrides))
  if (!BUNDLES.some((b) => b.name === name)) throw new Error(`--budgets names no row called ${name}`);

async function newestMtime(dir) {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

// A row for an entry this package does not export (yet: an older build under --root) is skipped,
// not failed.
const exported = BUNDLES.filter(
  (b) => pkg.exports?.[b.entry === pkg.name ? '.' : `.${b.entry.slice(pkg.name.length)}`] !== undefined,
);

async function checkBuilt() {
  const targets = exported.map((b) => exportTarget(b.entry, root));
  let oldest = Infinity;
  for (const file of targets) {
    try {
      oldest = Math.min(oldest, statSync(file).mtimeMs);
    } catch {
      throw new Error(`${relative(root, file)} is missing: run \`npm run build\` first.`);
    }
  }
  if (existsSync(join(root, 'src')) && (await newestMtime(join(root, 'src'))) > oldest)
    throw new Error('dist/ is older than src/: run `npm run build` first.');
}

/** Modules a dist file holds, from the `// path` comments esbuild writes above each one. */
function bundledModules(file) {
  return [...readFileSync(file, 'utf8').matchAll(/^\/\/ (\S+\.[cm]?[jt]s)$/gm)].map((m) => m[1]);
}

async function measure({
  name,
  source,
  budget,
  firstBudget,
  forbid,
  firstForbid = [],
  noNodeImports = false,
  external = [],
}) {
  const {
    metafile,
    byPath,
    loaded,
    first,
    all: bytes,
    whole,
  } = await bundleApp(join(repo, '.tmp', 'size', name.replace(/\W+/g, '-')), source, root, external);
  const outputs = [...byPath.values()];
  const inputs = Object.keys(metafile.inputs);
  const firstInputs = [...loaded].flatMap((path) =>
    Object.entries(metafile.outputs[path]?.inputs ?? {})
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([input]) => input),
  );
  const problems = [];
  const pulls = (list, deps, where) => {
    for (const input of list) {
      const file = resolve(input);
      const modules = file.startsWith(join(root, 'dist')) ? bundledModules(file) : [input];
      for (const dep of deps) {
        const hits = modules.filter((m) => m.includes(`node_modules/${dep}/`));
        if (hits.length > 0)
          problems.push(
            `${where} pulls in ${dep} (${input}: ${hits.slice(0, 2).join(', ')}${hits.length > 2 ? ', …' : ''})`,
          );
      }
    }
  };
  pulls(inputs, forbid, 'the bundle');
  pulls(firstInputs, firstForbid, 'the first load');
  if (
    noNodeImports &&
    outputs.some((f) => /\bfrom\s*["']node:|\bimport\s*\(\s*["']node:|\brequire\(\s*["']node:/.test(f.text))
  ) {
    problems.push('imports a node: builtin');
  }
  if (firstBudget !== undefined && first > firstBudget)
    problems.push(`first load ${first - firstBudget} bytes over its budget`);
  if (bytes > budget) problems.push(`${bytes - budget} bytes over budget (all chunks)`);
  if (process.argv.includes('--print') && process.argv.includes(name))
    for (const [path, f] of byPath)
      console.log(`// ${path}${loaded.has(path) ? ' (first load)' : ''}\n${f.text}`);
  return { name, first, firstBudget, bytes, whole, budget, chunks: byPath.size, inputs, problems };
}

try {
  await checkBuilt();
} catch (error) {
  console.error(`size: ${error.message}`);
  process.exit(1);
}
const results = [];
for (const bundle of exported) results.push(await measure(bundle));
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(results, null, 2));
} else {
  const row = (label, bytes, budget, ok) =>
    console.log(
      `${label.padEnd(62)} ${String(bytes).padStart(6)} B min+gzip  budget ${String(budget).padStart(5)} B (${((bytes / budget) * 100).toFixed(1)}%)  ${ok ? 'ok' : 'FAIL'}`,
    );
  for (const r of results) {
    if (r.firstBudget !== undefined)
      row(`${r.name} first load`, r.first, r.firstBudget, r.first <= r.firstBudget);
    row(
      r.chunks > 1 ? `${r.name} all ${r.chunks} chunks` : r.name,
      r.bytes,
      r.budget,
      r.problems.length === 0,
    );
    if (r.chunks > 1)
      console.log(`${`${r.name} as one file`.padEnd(62)} ${String(r.whole).padStart(6)} B min+gzip`);
    for (const p of r.problems) console.error(`  ${r.name}: ${p}`);
  }
}
process.exitCode = results.some((r) => r.problems.length > 0) ? 1 : 0;
