// `server.listen` options that work under msw 2 and msw 3: msw 2 reads `onUnhandledRequest`, msw 3
// renamed it `onUnhandledFrame` and ignores the old name (falling back to 'warn', which would let
// an unhandled request pass). Setting both keeps 'error' an error under either major, so the
// adapter's suites run unchanged under both (vitest.config.ts picks the major by Node version).
import type { allowLoopback } from 'gateway-sdk/testing/msw';

/** What to do with a request no handler answers. */
type Strategy = 'error' | 'warn' | 'bypass' | typeof allowLoopback;

/** Options for `server.listen(...)` that apply `strategy` under msw 2 and msw 3. */
export function onUnhandled<S extends Strategy>(strategy: S) {
  return { onUnhandledRequest: strategy, onUnhandledFrame: strategy };
}
