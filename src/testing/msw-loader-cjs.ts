// The CommonJS build's msw-loader.ts: top-level await is ESM only, so CommonJS requires msw.
import type * as Msw from 'msw';

function load(): { msw?: typeof Msw; error?: unknown } {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return { msw: require('msw') as typeof Msw };
  } catch (error) {
    return { error };
  }
}

/** @internal msw, or why it could not be loaded. */
export const loadedMsw = load();
