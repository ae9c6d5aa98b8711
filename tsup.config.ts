import { defineConfig, type Options } from 'tsup';

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
  { ...shared, format: 'cjs' },
]);
