// Size and purity budget of the `gateway-sdk/webhooks` entry, as a browser bundler would see it.
// Fails (exit 1) when the min+gzip size is over budget, or when ky, zod or a Node builtin got in:
// the contract promises that entry pulls in neither the HTTP client nor the schemas.
// Run: node scripts/size-webhooks.mjs   (--print shows the minified bundle)

import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';

const BUDGET = 2048;
const ENTRY = 'src/webhooks.ts';

const result = await build({
  entryPoints: [ENTRY],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  metafile: true,
  logLevel: 'silent',
});

const output = result.outputFiles[0];
if (!output) throw new Error(`esbuild produced no output for ${ENTRY}`);
const bytes = gzipSync(output.contents, { level: 9 }).length;
const problems = [];

// Every module that went into the bundle, and every import left in it.
const inputs = Object.keys(result.metafile.inputs);
const imports = Object.values(result.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
for (const path of inputs) {
  if (/(^|\/)node_modules\/(ky|zod)\//.test(path)) problems.push(`bundles ${path}`);
  if (!path.startsWith('src/')) problems.push(`bundles a module outside src/: ${path}`);
}
for (const path of [...inputs, ...imports]) {
  if (path.startsWith('node:')) problems.push(`imports ${path}`);
}
// A static or dynamic import of a builtin hidden from the metafile (e.g. inside an eval'd string).
// The string passed to process.getBuiltinModule() is not an import and is allowed.
const staticNode = output.text.match(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']node:[a-z_/]+["']/g);
if (staticNode) problems.push(`imports a Node builtin: ${staticNode.join(', ')}`);

console.log(`webhooks entry: ${bytes} bytes min+gzip (budget ${BUDGET})`);
if (process.argv.includes('--print')) console.log(output.text);
if (bytes > BUDGET) problems.push(`${bytes - BUDGET} bytes over budget`);
for (const p of problems) console.error(`size-webhooks: ${p}`);
process.exitCode = problems.length ? 1 : 0;
