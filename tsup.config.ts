import { defineConfig, type Options } from 'tsup';
import { sharedFromWebhooksEntry, webhooksEntryPath } from './scripts/package/webhooks-entry.js';

const entries = {
  index: 'src/index.ts',
  campaigns: 'src/campaigns/index.ts',
  'testing/index': 'src/testing/index.ts',
  // The MSW adapter: the only entry that imports msw (an optional peer, so external).
  'testing/msw/index': 'src/testing/msw/index.ts',
  // OpenTelemetry: the only entry that imports @opentelemetry/api (an optional peer, so external).
  otel: 'src/otel/index.ts',
};

const shared: Options = {
  entry: entries,
  // Resource internals (the request helpers) stay out of the published types. The declarations
  // are built together, the webhooks entry's included, so that every entry names one set of types.
  dts: {
    entry: { ...entries, webhooks: webhooksEntryPath },
    compilerOptions: { stripInternal: true },
  },
  sourcemap: false,
  target: 'es2022',
  platform: 'neutral',
  splitting: true,
  treeshake: true,
  // zod is bundled: as a package, zod/mini loads as dozens of small ES modules, which cost more
  // than the rest of the SDK at import time (docs/decisions/bundled-dependencies.md).
  noExternal: ['zod', 'ky'],
  external: ['msw', '@opentelemetry/api', /^node:/],
  // Keep `node:http` as written: Deno resolves only the prefixed form without a flag.
  removeNodeProtocol: false,
};

export default defineConfig([
  // The other entries import the errors' base classes and the webhook helpers from dist/webhooks.js,
  // so one copy of the classes serves all and `instanceof` holds across gateway-sdk and
  // gateway-sdk/webhooks (scripts/package/webhooks-entry.ts).
  { ...shared, format: 'esm', clean: true, ...sharedFromWebhooksEntry('esm') },
  { ...shared, format: 'cjs', ...sharedFromWebhooksEntry('cjs') },
  // gateway-sdk/webhooks as one self-contained file: a receiver's cold start loads one module, not
  // four (docs/decisions/webhooks-entry-one-file.md).
  {
    ...shared,
    entry: { webhooks: webhooksEntryPath },
    format: ['esm', 'cjs'],
    splitting: false,
    dts: false,
  },
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
