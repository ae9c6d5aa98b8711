// The vitest config of the msw matrix (scripts/msw-matrix.mjs): the repository's config, with every
// import of `msw` and `msw/*` (the tests' and src/testing's alike, so both get one copy) resolved
// from the project in $GATEWAY_MSW_DIR instead of the repository's own msw 2.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mergeConfig, type Plugin } from 'vitest/config';
import base from '../vitest.config.js';

const dir = process.env.GATEWAY_MSW_DIR;
if (dir === undefined) throw new Error('GATEWAY_MSW_DIR is not set: run scripts/msw-matrix.mjs');

const mswFromDir: Plugin = {
  name: 'msw-from-dir',
  enforce: 'pre',
  async resolveId(id, _importer, options) {
    if (id !== 'msw' && !id.startsWith('msw/')) return null;
    // Resolved as if imported from a file in that project (one that exists: vite resolves from the
    // root otherwise), with its exports and conditions.
    const resolved = await this.resolve(id, join(dir, 'package.json'), { ...options, skipSelf: true });
    if (resolved === null || !resolved.id.startsWith(dir))
      throw new Error(`${id} resolves to ${resolved?.id ?? 'nothing'} from ${dir}, not into it`);
    if (process.env.GATEWAY_MSW_DEBUG) console.log(`msw-from-dir: ${id} -> ${resolved.id}`);
    return resolved;
  },
};

// src/testing/msw-loader.ts loads msw with createRequire (synchronously, on the first read of
// mock.handlers), which vite does not resolve: point that require at the same project.
const mswLoaderFromDir: Plugin = {
  name: 'msw-loader-from-dir',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith('/src/testing/msw-loader.ts')) return null;
    const from = JSON.stringify(pathToFileURL(join(dir, 'package.json')).href);
    const out = code.replace('createRequire(import.meta.url)', `createRequire(${from})`);
    if (out === code)
      throw new Error(
        'msw-loader-from-dir: src/testing/msw-loader.ts no longer calls createRequire(import.meta.url)',
      );
    return out;
  },
};

export default mergeConfig(base, { plugins: [mswFromDir, mswLoaderFromDir] });
