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
  // ky and zod are bundled: as separate packages they load as ~60 small ES modules, which cost
  // more than the rest of the SDK (measured in bench/RESULTS.md). ky lands in its own chunk,
  // loaded on the first request.
  noExternal: ['ky', 'zod'],
  external: ['msw', /^node:/],
  // Keep `node:http` as written: Deno resolves only the prefixed form without a flag.
  removeNodeProtocol: false,
};

export default defineConfig([
  { ...shared, format: 'esm', clean: true },
  // Bundling also lets `require('gateway-sdk')` work on Node 20 before 20.19, which cannot
  // require() an ES module such as ky.
  // No code splitting in CommonJS: import() of a split .cjs chunk yields module.exports as
  // `default` (ky's real default is one level deeper); unsplit, esbuild inits ky lazily in place.
  { ...shared, format: 'cjs', splitting: false },
]);
