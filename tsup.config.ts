import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

// How each build loads msw (the optional peer), on the first read of `mock.handlers`: ESM through
// createRequire (src/testing/msw-loader.ts), CommonJS with require, and the browser build by
// importing it with the entry, a page having no synchronous loader.
const mswLoader = (file: string): NonNullable<Options['esbuildPlugins']>[number] => ({
  name: `msw-loader:${file}`,
  setup(build) {
    build.onResolve({ filter: /\/msw-loader\.js$/ }, () => ({
      path: fileURLToPath(new URL(`./src/testing/${file}`, import.meta.url)),
    }));
  },
});

const shared: Options = {
  entry: {
    index: 'src/index.ts',
    webhooks: 'src/webhooks.ts',
    'testing/index': 'src/testing/index.ts',
  },
  // Resource internals (the request helpers) stay out of the published types.
  dts: { compilerOptions: { stripInternal: true } },
  sourcemap: false,
  target: 'es2022',
  platform: 'neutral',
  splitting: true,
  treeshake: true,
  // zod is bundled: as a package, zod/mini loads as dozens of small ES modules, which cost more
  // than the rest of the SDK at import time (docs/decisions.md, bench/RESULTS.md).
  noExternal: ['zod', 'ky'],
  external: ['msw', /^node:/],
  // Keep `node:http` as written: Deno resolves only the prefixed form without a flag.
  removeNodeProtocol: false,
};

export default defineConfig([
  { ...shared, format: 'esm', clean: true },
  // Split like the ESM build, so that both entries share one copy of the error classes and
  // `instanceof` holds across require('gateway-sdk') and require('gateway-sdk/webhooks').
  { ...shared, format: 'cjs', esbuildPlugins: [mswLoader('msw-loader-cjs.ts')] },
  // gateway-sdk/testing for browser bundlers (package.json: every condition but `node`): no
  // node: import and no startMockServer. Its declarations are the Node build's (one set for both).
  {
    ...shared,
    entry: { 'testing/browser': 'src/testing/browser.ts' },
    format: ['esm', 'cjs'],
    platform: 'browser',
    dts: false,
    esbuildPlugins: [mswLoader('msw-loader-browser.ts')],
  },
  // The `gateway-sdk` command (package.json `bin`): Node only, self-contained.
  {
    entry: { cli: 'src/cli/main.ts' },
    format: 'esm',
    platform: 'node',
    target: 'node20',
    noExternal: ['zod'],
    external: ['msw'],
    removeNodeProtocol: false,
    banner: { js: '#!/usr/bin/env node' },
    dts: false,
    sourcemap: false,
  },
]);
