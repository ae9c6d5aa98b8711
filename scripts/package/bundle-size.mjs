// How a page's bundle is measured, by `npm run size` (scripts/package/size.mjs) and by the bench's peers
// table (bench/size-peers.ts) alike: esbuild --bundle --minify --splitting --format=esm
// --platform=browser, each chunk gzip -9. "First load" is the entry chunk and every chunk it imports
// statically (not those behind a dynamic import()); "all" is every chunk; "whole" is every chunk
// gzipped as one file, the first load's chunks first: the code's size without what gzipping each
// chunk on its own costs (each starts with an empty dictionary).
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const manifests = new Map();
/** The package.json of the package at `packageRoot`, read once. */
export function manifest(packageRoot = root) {
  if (!manifests.has(packageRoot))
    manifests.set(packageRoot, JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')));
  return manifests.get(packageRoot);
}

/**
 * The file the `exports` map of the package at `packageRoot` (this repository unless given: the
 * bench's --compare measures another build of it) gives a browser bundler for `specifier`.
 */
export function exportTarget(specifier, packageRoot = root) {
  const pkg = manifest(packageRoot);
  const subpath = specifier === pkg.name ? '.' : `.${specifier.slice(pkg.name.length)}`;
  const target = pkg.exports?.[subpath]?.import?.default;
  if (typeof target !== 'string') throw new Error(`package.json exports has no import entry for ${subpath}`);
  return join(packageRoot, target);
}

/** Resolves `gateway-sdk` and its subpaths to dist/ through the package's `exports` map, as users get it. */
const packageExports = (packageRoot) => ({
  name: 'package-exports',
  setup(b) {
    b.onResolve({ filter: /^gateway-sdk(\/.*)?$/ }, (args) => ({
      path: exportTarget(args.path, packageRoot),
    }));
  },
});

/**
 * Bundles `source` (an app's code) in `dir` (emptied first; esbuild splits only files, so the app
 * is written there) and measures it, `gateway-sdk` being the package at `packageRoot`. Bare imports
 * other than gateway-sdk resolve from the repository's node_modules.
 */
export async function bundleApp(dir, source, packageRoot = root, external = []) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'app.js');
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    outdir: join(dir, 'out'),
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    external,
    logLevel: 'silent',
    nodePaths: [join(root, 'node_modules')],
    plugins: [packageExports(packageRoot)],
  });
  const byPath = new Map(
    result.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => [relative(root, f.path), f]),
  );
  const entryPath = [...byPath.keys()].find(
    (path) => result.metafile.outputs[path]?.entryPoint === relative(root, entry),
  );
  if (entryPath === undefined) throw new Error(`esbuild produced no entry chunk for ${dir}`);
  const gz = (path) => gzipSync(byPath.get(path).contents, { level: 9 }).length;
  const loaded = new Set([entryPath]);
  for (const path of loaded)
    for (const { path: dep, kind } of result.metafile.outputs[path]?.imports ?? [])
      if (kind === 'import-statement' && byPath.has(dep)) loaded.add(dep);
  const first = [...loaded].reduce((sum, path) => sum + gz(path), 0);
  const all = [...byPath.keys()].reduce((sum, path) => sum + gz(path), 0);
  const ordered = [...loaded, ...[...byPath.keys()].filter((path) => !loaded.has(path))];
  const whole = gzipSync(Buffer.concat(ordered.map((path) => byPath.get(path).contents)), {
    level: 9,
  }).length;
  return { metafile: result.metafile, byPath, loaded, first, all, whole };
}
