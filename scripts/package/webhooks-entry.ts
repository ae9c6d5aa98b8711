// The build's one shared module: dist/webhooks.js. The webhooks entry is built as one self-contained
// file, so a receiver's cold start loads one module; the other entries import the errors' base
// classes and the webhook helpers from that file instead of bundling copies, so `instanceof` holds
// across every entry (docs/decisions/webhooks-entry-one-file.md). esbuild writes a placeholder for those imports
// (it cannot know where each chunk lands) and the tsup plugin below writes the path from each file.
import path from 'node:path';
import type { Options } from 'tsup';

/** The webhooks entry's source, as tsup.config.ts builds it. */
export const webhooksEntryPath = 'src/webhooks.ts';

// Modules whose values other entries take from dist/webhooks.js: the base of the errors (one copy of
// GatewayError, which the client's errors extend) and the entry itself. Everything the other entries
// import from these is exported by src/webhooks.ts (test/house/webhooks-entry.test.ts).
const FROM_WEBHOOKS_ENTRY = new Set(['src/core/errors.ts', webhooksEntryPath].map((p) => path.resolve(p)));
const PLACEHOLDER = 'gateway-sdk:webhooks-entry';

/** tsup options for a split build whose imports of the shared modules go to dist/webhooks.{js,cjs}. */
export function sharedFromWebhooksEntry(format: 'esm' | 'cjs'): Pick<Options, 'esbuildPlugins' | 'plugins'> {
  const entryName = format === 'esm' ? 'webhooks.js' : 'webhooks.cjs';
  return {
    esbuildPlugins: [
      {
        name: 'shared-from-webhooks-entry',
        setup(build) {
          build.onResolve({ filter: /^\.\.?\// }, (args) => {
            const target = path.resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
            return FROM_WEBHOOKS_ENTRY.has(target) ? { path: PLACEHOLDER, external: true } : undefined;
          });
        },
      },
    ],
    plugins: [
      {
        name: 'webhooks-entry-path',
        renderChunk(code, info) {
          if (!code.includes(PLACEHOLDER)) return undefined;
          const entryFile = path.resolve(this.options.outDir, entryName);
          const relative = path.relative(path.dirname(info.path), entryFile).split(path.sep).join('/');
          const specifier = relative.startsWith('.') ? relative : `./${relative}`;
          return { code: code.replaceAll(`"${PLACEHOLDER}"`, JSON.stringify(specifier)) };
        },
      },
    ],
  };
}
