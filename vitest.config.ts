import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

// msw 3 (the dev dependency) needs Node 22.12+ (it calls Promise.withResolvers): on older Node the
// suite runs on msw 2, installed beside it as the dev dependency `msw2`, so the Node 20 line is the
// msw 2 leg of the matrix. GATEWAY_MSW=2 or 3 picks one.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const mswMajor = process.env.GATEWAY_MSW ?? (major > 22 || (major === 22 && minor >= 12) ? '3' : '2');
if (mswMajor !== '2' && mswMajor !== '3') throw new Error(`GATEWAY_MSW is ${mswMajor}: use 2 or 3`);

export default defineConfig({
  resolve: {
    // Examples and tests import the package by its public name, as users do.
    alias: [
      { find: /^gateway-sdk\/webhooks$/, replacement: src('webhooks.ts') },
      { find: /^gateway-sdk\/otel$/, replacement: src('otel/index.ts') },
      { find: /^gateway-sdk\/campaigns$/, replacement: src('campaigns/index.ts') },
      { find: /^gateway-sdk\/testing\/msw$/, replacement: src('testing/msw/index.ts') },
      { find: /^gateway-sdk\/testing$/, replacement: src('testing/index.ts') },
      { find: /^gateway-sdk$/, replacement: src('index.ts') },
      ...(mswMajor === '2' ? [{ find: /^msw(\/.*)?$/, replacement: 'msw2$1' }] : []),
    ],
  },
  test: {
    // The JSON report is what .ci/run counts; the default reporter is for people. The suites on the
    // other Node lines (scripts/test/node-suites.mjs) write theirs elsewhere.
    reporters: [
      'default',
      ['json', { outputFile: process.env.GATEWAY_VITEST_RESULTS ?? '.tmp/vitest-results.json' }],
    ],
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/types/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    testTimeout: 20_000,
    // Vitest's default is one worker per core but one, which is a single worker on a two-core
    // machine; many files here wait on loopback servers and child processes rather than on the
    // CPU, and two workers take the suite from 160 s to 104 s on two cores, every test passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The package built once per run (tsup, no declarations) for the tests of the build and the CLI.
    globalSetup: ['test/helpers/global-build.ts'],
    // Files share a worker's module cache instead of importing src/ afresh for each of ~90 files,
    // which was a third of the suite's CPU. What one file could leave behind for the next is undone
    // after each test (env and globals) and each file (timers, spies): test/helpers/setup.ts.
    isolate: false,
    // ky is loaded through vite like src/, so a file can load a fresh copy (vi.resetModules), as
    // test/internal/no-abort-signal-any.test.ts does to load it without AbortSignal.any.
    server: { deps: { inline: ['ky'] } },
    unstubEnvs: true,
    unstubGlobals: true,
    setupFiles: ['test/helpers/setup.ts'],
  },
});
