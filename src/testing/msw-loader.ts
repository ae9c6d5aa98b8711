// msw is an optional peer dependency: only `mock.handlers` needs it. The ESM build loads it once
// here, so a missing msw fails `mock.handlers` with a clear message instead of failing the import.
// (The CommonJS build swaps this file for msw-loader-cjs.ts: see tsup.config.ts.)
import type * as Msw from 'msw';

/** @internal msw, or why it could not be loaded. */
export const loadedMsw: { msw?: typeof Msw; error?: unknown } = await import('msw').then(
  (msw) => ({ msw }),
  (error: unknown) => ({ error }),
);
