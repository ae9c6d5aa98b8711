// The CommonJS build's msw-loader.ts: msw is required the first time `mock.handlers` is read.
import type * as Msw from 'msw';
import type { LoadedMsw } from './msw-loader.js';

let loaded: LoadedMsw | undefined;

/** @internal Loads msw on first call. */
export function loadMsw(): LoadedMsw {
  return (loaded ??= load());
}

function load(): LoadedMsw {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return { msw: require('msw') as typeof Msw };
  } catch (error) {
    return { error };
  }
}
