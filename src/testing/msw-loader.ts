// msw is an optional peer dependency: only `mock.handlers` needs it, so it is loaded the first time
// `mock.handlers` is read, never on import (a test that only uses mock.fetch loads no msw, and gets
// none of its warnings). `mock.handlers` is a getter, so the load is synchronous: require through
// createRequire, which loads msw's ES module build on Node 20.19+ and 22.12+ (its `module-sync`
// export), the same copy `import 'msw'` gives. The CommonJS build swaps this file for
// msw-loader-cjs.ts and the browser build for msw-loader-browser.ts (tsup.config.ts).
import type * as Msw from 'msw';

/** @internal msw, or why it could not be loaded. */
export interface LoadedMsw {
  msw?: Pick<typeof Msw, 'http' | 'HttpResponse'>;
  error?: unknown;
}

interface NodeModuleApi {
  createRequire(from: string): (id: string) => unknown;
}

let loaded: LoadedMsw | undefined;

/** @internal Loads msw on first call. */
export function loadMsw(): LoadedMsw {
  return (loaded ??= load());
}

function load(): LoadedMsw {
  // process only behind a guard (style.md): this file runs under Node, Bun and Deno only.
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const module = proc?.getBuiltinModule?.('node:module') as NodeModuleApi | undefined;
  if (module === undefined)
    return {
      error: new Error('loading msw needs process.getBuiltinModule (Node 20.16+, 22.3+, Bun, Deno 2)'),
    };
  try {
    return { msw: module.createRequire(import.meta.url)('msw') as typeof Msw };
  } catch (error) {
    return { error };
  }
}
