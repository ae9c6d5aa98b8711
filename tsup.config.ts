import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  entry: {
    index: 'src/index.ts',
    webhooks: 'src/webhooks.ts',
    campaigns: 'src/campaigns/index.ts',
    'testing/index': 'src/testing/index.ts',
    // The MSW adapter: the only entry that imports msw (an optional peer, so external).
    'testing/msw/index': 'src/testing/msw/index.ts',
  },
  // Resource internals (the request helpers) stay out of the published types.
  dts: { compilerOptions: { stripInternal: true } },
  sourcemap: false,
  target: 'es2022',
  platform: 'neutral',
  splitting: true,
  treeshake: true,
  // zod is bundled: as a package, zod/mini loads as dozens of small ES modules, which cost more
  // than the rest of the SDK at import time (docs/decisions/bundled-dependencies.md).
  noExternal: ['zod', 'ky'],
  external: ['msw', /^node:/],
  // Keep `node:http` as written: Deno resolves only the prefixed form without a flag.
  removeNodeProtocol: false,
};

export default defineConfig([
  { ...shared, format: 'esm', clean: true },
  // Split like the ESM build, so that both entries share one copy of the error classes and
  // `instanceof` holds across require('gateway-sdk') and require('gateway-sdk/webhooks').
  { ...shared, format: 'cjs' },
  // gateway-sdk/testing for browser bundlers (package.json: every condition but `node`): no
  // node: import and no startMockServer. Its declarations are the Node build's (one set for both).
  {
    ...shared,
    // The MSW adapter too, so that a page's gateway-sdk/testing and gateway-sdk/testing/msw share one
    // copy of the mock's classes (mswHandlers tells a reset fault by instanceof).
    entry: { 'testing/browser': 'src/testing/browser.ts', 'testing/msw/browser': 'src/testing/msw/index.ts' },
    format: ['esm', 'cjs'],
    platform: 'browser',
    dts: false,
  },
  // The `gateway-sdk` command (package.json `bin`): Node only, self-contained.
  {
    entry: { cli: 'src/cli/main.ts' },
    format: 'esm',
    platform: 'node',
    target: 'node20',
    noExternal: ['zod'],
    removeNodeProtocol: false,
    // `--` ends node's own options: node reads `--env-file` anywhere on its command line, the
    // script's arguments included, and would take `gateway-sdk mock --env-file PATH` for itself.
    banner: { js: '#!/usr/bin/env -S node --' },
    dts: false,
    sourcemap: false,
  },
]);
