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
  external: ['zod', 'msw', /^node:/],
};

export default defineConfig([
  { ...shared, format: 'esm', clean: true, external: [...(shared.external ?? []), 'ky'] },
  // ky ships only ESM; Node 20 before 20.19 cannot require() it, so the CommonJS build carries
  // its own copy (about 4 KB gzipped) and `require('gateway-sdk')` works on every Node >= 20.
  { ...shared, format: 'cjs', noExternal: ['ky'] },
]);
