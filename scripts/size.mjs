// `npm run size`: what the built package costs a browser bundle, minified and gzipped (level 9),
// against the budgets of issue 5. Measures the files users install (dist/, through the package's
// `exports` map), so run `npm run build` first; stale or missing dist/ fails with that advice.
//
//   gateway-sdk { Client }             the whole client, every operation and its dependencies
//                                      (ky, zod) included, bundled with code splitting as a bundler
//                                      splits it (ky loads on the first request, by dynamic import):
//                                      first chunk (what loads with the import: the entry chunk and
//                                      the chunks it imports statically)  budget 24.5 KB (25088 B), target 20 KB (20480 B)
//                                      all chunks together                budget 33.5 KB (34304 B), target 26 KB (26624 B)
//   gateway-sdk/webhooks { Webhooks }  verify, constructEvent, sign and the error  budget  2 KB  (2048 B)
//   … { createWebhookHandler, memoryStore }  the receiver with its default store     budget  4 KB  (4096 B)
//   gateway-sdk/webhooks *             everything the entry exports (Node adapter and
//                                      redisStore included)                      budget  5 KB  (5120 B)
//
// Also fails when the webhooks bundle pulls in ky, zod or a `node:` import: sdk-contract.md
// promises that entry uses neither library, and browsers cannot load a Node builtin. tsup bundles dependencies into dist/, so besides the metafile's input paths (which catch them
// if they were ever left external) each dist input is scanned for esbuild's `// node_modules/ky/…`
// module markers, which name every module tsup put in that file.
//
// Options: --json prints the results as JSON; --print <name> prints a minified bundle.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

const BUNDLES = [
  // Measured on ky 2 (issue 21): what loads with `import { Client }`, and every chunk the client
  // can load. Issue 21's targets (20 KB first, 26 KB all) are missed: ky 2 alone is 8.9 KB, and
  // loading createMany/createAll lazily saved 0.4 KB of the first chunk for 3 KB more in all
  // (docs/decisions.md). The budgets are the CI guard against further growth; `target` is reported.
  {
    name: 'gateway-sdk { Client }',
    entry: 'gateway-sdk',
    source: "export { Client } from 'gateway-sdk';",
    split: true,
    budget: 34_304,
    target: 26_624,
    firstBudget: 25_088,
    firstTarget: 20_480,
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
    budget: 4_096,
    forbid: ['ky', 'zod'],
    noNodeImports: true,
  },
  {
    name: 'gateway-sdk/webhooks *',
    entry: 'gateway-sdk/webhooks',
    source: "export * from 'gateway-sdk/webhooks';",
    budget: 5_120,
    forbid: ['ky', 'zod'],
    noNodeImports: true,
  },
];

/** The file the package's `exports` map gives a browser bundler for `specifier`. */
function exportTarget(specifier) {
  const subpath = specifier === pkg.name ? '.' : `.${specifier.slice(pkg.name.length)}`;
  const target = pkg.exports?.[subpath]?.import?.default;
  if (typeof target !== 'string') throw new Error(`package.json exports has no import entry for ${subpath}`);
  return join(root, target);
}

async function newestMtime(dir) {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

async function checkBuilt() {
  const targets = BUNDLES.map((b) => exportTarget(b.entry));
  let oldest = Infinity;
  for (const file of targets) {
    try {
      oldest = Math.min(oldest, statSync(file).mtimeMs);
    } catch {
      throw new Error(`${relative(root, file)} is missing: run \`npm run build\` first.`);
    }
  }
  if ((await newestMtime(join(root, 'src'))) > oldest)
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
  target = budget,
  split = false,
  firstBudget,
  firstTarget = firstBudget,
  forbid,
  noNodeImports = false,
}) {
  // esbuild splits only files, not stdin: the entry is written under .tmp/.
  const entry = join(root, '.tmp', 'size', `${name.replace(/\W+/g, '-')}.js`);
  if (split) {
    mkdirSync(dirname(entry), { recursive: true });
    writeFileSync(entry, source);
  }
  const result = await build({
    ...(split
      ? { entryPoints: [entry], splitting: true, outdir: join(root, '.tmp', 'size', 'out') }
      : {
          stdin: { contents: source, resolveDir: root, sourcefile: `size-${name.replace(/\W+/g, '-')}.js` },
        }),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'package-exports',
        setup(b) {
          b.onResolve({ filter: /^gateway-sdk(\/.*)?$/ }, (args) => ({ path: exportTarget(args.path) }));
        },
      },
    ],
  });
  const outputs = split ? result.outputFiles.filter((f) => f.path.endsWith('.js')) : result.outputFiles;
  const output = split
    ? outputs.find(
        (f) => result.metafile.outputs[relative(root, f.path)]?.entryPoint === relative(root, entry),
      )
    : outputs[0];
  if (!output) throw new Error(`esbuild produced no output for ${name}`);
  const gz = (f) => gzipSync(f.contents, { level: 9 }).length;
  // Each chunk is fetched and compressed on its own, so "all chunks" is the sum of their sizes.
  const bytes = outputs.reduce((sum, f) => sum + gz(f), 0);
  // What loads with the import: the entry chunk and every chunk it imports statically, not the
  // ones behind a dynamic import() (ky, createMany, createAll).
  const byPath = new Map(outputs.map((f) => [relative(root, f.path), f]));
  const loaded = new Set([relative(root, output.path)]);
  for (const path of loaded)
    for (const { path: dep, kind } of result.metafile.outputs[path]?.imports ?? [])
      if (kind === 'import-statement' && byPath.has(dep)) loaded.add(dep);
  const first = [...loaded].reduce((sum, path) => sum + gz(byPath.get(path)), 0);
  const inputs = Object.keys(result.metafile.inputs);
  const problems = [];
  for (const input of inputs) {
    const modules = input.startsWith('dist/') ? bundledModules(join(root, input)) : [input];
    for (const dep of forbid) {
      const hits = modules.filter((m) => m.includes(`node_modules/${dep}/`));
      if (hits.length > 0)
        problems.push(
          `pulls in ${dep} (${input}: ${hits.slice(0, 2).join(', ')}${hits.length > 2 ? ', …' : ''})`,
        );
    }
  }
  if (
    noNodeImports &&
    /\bfrom\s*["']node:|\bimport\s*\(\s*["']node:|\brequire\(\s*["']node:/.test(output.text)
  ) {
    problems.push('imports a node: builtin');
  }
  if (bytes > budget) problems.push(`${bytes - budget} bytes over budget${split ? ' (all chunks)' : ''}`);
  if (firstBudget !== undefined && first > firstBudget)
    problems.push(`first chunk ${first - firstBudget} bytes over its budget`);
  if (process.argv.includes('--print') && process.argv.includes(name))
    for (const f of outputs) console.log(`// ${relative(root, f.path)}\n${f.text}`);
  const chunks = split ? outputs.length : 1;
  return { name, bytes, budget, target, first, firstBudget, firstTarget, chunks, inputs, problems };
}

try {
  await checkBuilt();
} catch (error) {
  console.error(`size: ${error.message}`);
  process.exit(1);
}
const results = [];
for (const bundle of BUNDLES) results.push(await measure(bundle));
if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify(
      results.map(
        ({ name, bytes, budget, target, first, firstBudget, firstTarget, chunks, inputs, problems }) => ({
          name,
          bytes,
          budget,
          target,
          ...(firstBudget === undefined ? {} : { first, firstBudget, firstTarget, chunks }),
          inputs,
          problems,
        }),
      ),
      null,
      2,
    ),
  );
} else {
  for (const r of results) {
    if (r.firstBudget !== undefined) {
      const pct = ((r.first / r.firstBudget) * 100).toFixed(1);
      console.log(
        `${`${r.name} first chunk`.padEnd(58)} ${String(r.first).padStart(6)} B min+gzip  budget ${r.firstBudget} B (${pct}%)  ${r.first <= r.firstBudget ? 'ok' : 'FAIL'}${r.firstTarget < r.firstBudget ? `  (target ${r.firstTarget} B: ${r.first <= r.firstTarget ? 'met' : `missed by ${r.first - r.firstTarget} B`})` : ''}`,
      );
    }
    const pct = ((r.bytes / r.budget) * 100).toFixed(1);
    const label = r.firstBudget === undefined ? r.name : `${r.name} all ${r.chunks} chunks`;
    console.log(
      `${label.padEnd(58)} ${String(r.bytes).padStart(6)} B min+gzip  budget ${r.budget} B (${pct}%)  ${r.problems.length ? 'FAIL' : 'ok'}${r.target < r.budget ? `  (target ${r.target} B: ${r.bytes <= r.target ? 'met' : `missed by ${r.bytes - r.target} B`})` : ''}`,
    );
    for (const p of r.problems) console.error(`  ${r.name}: ${p}`);
  }
}
process.exitCode = results.some((r) => r.problems.length > 0) ? 1 : 0;
