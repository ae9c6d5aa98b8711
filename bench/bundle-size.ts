// Browser bundle sizes, measured as `npm run size` does (scripts/size.mjs): esbuild bundling the
// built package through its `exports` map, minified, platform browser, ESM, then gzip level 9.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ROOT } from './cold-import.js';

export const BUNDLES = [
  { name: "import { Client } from 'gateway-sdk'", source: "export { Client } from 'gateway-sdk';", budget: 20_480 },
  { name: "import * from 'gateway-sdk/webhooks'", source: "export * from 'gateway-sdk/webhooks';", budget: 2_048 },
] as const;

interface PackageJson {
  exports: Record<string, { import?: { default?: string } }>;
}

function exportTarget(specifier: string): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;
  const subpath = specifier === 'gateway-sdk' ? '.' : `.${specifier.slice('gateway-sdk'.length)}`;
  const target = pkg.exports[subpath]?.import?.default;
  if (target === undefined) throw new Error(`no export for ${subpath}`);
  return join(ROOT, target);
}

export async function measureBundles(): Promise<{ name: string; bytes: number; budget: number; inputs: string[] }[]> {
  const out = [];
  for (const bundle of BUNDLES) {
    const result = await build({
      stdin: { contents: bundle.source, resolveDir: ROOT, sourcefile: 'entry.js' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      metafile: true,
      logLevel: 'silent',
      plugins: [{ name: 'package-exports', setup: (b) => b.onResolve({ filter: /^gateway-sdk(\/.*)?$/ }, (args) => ({ path: exportTarget(args.path) })) }],
    });
    const file = result.outputFiles[0];
    if (file === undefined) throw new Error('no output');
    out.push({ name: bundle.name, bytes: gzipSync(file.contents, { level: 9 }).length, budget: bundle.budget, inputs: Object.keys(result.metafile.inputs) });
  }
  return out;
}
