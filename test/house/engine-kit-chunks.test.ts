// The engine imports nothing from the first load but LIMITS (docs/decisions/engine-kit.md): what
// it shares comes through the kit the loader hands it. An engine file that imported a first-load
// file again would make every app's bundler put that file (and what it imports) in a third chunk
// that both import. Bundled here from src/ as `npm run size` bundles an app (esbuild, split, ESM).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The src/ files of each chunk of an app that imports `source` from the SDK's src/index.ts. */
async function chunksOf(source: string): Promise<{ file: string; entry: boolean; inputs: string[] }[]> {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, sourcefile: 'app.js' },
    alias: { 'gateway-sdk': './src/index.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, output]) => ({
      file,
      entry: output.entryPoint !== undefined,
      inputs: Object.keys(output.inputs).filter((input) => input.startsWith('src/')),
    }));
}

describe('the engine and the first load', () => {
  it('share only src/limits.ts: the first load is one chunk, the engine another', async () => {
    const chunks = await chunksOf(
      "import { Client } from 'gateway-sdk';\nexport const client = new Client();\n",
    );
    const app = chunks.find((c) => c.inputs.includes('src/client.ts'));
    const engine = chunks.find((c) => c.inputs.includes('src/resources/engine.ts'));
    expect(app?.inputs).toContain('src/internal/settings.ts');
    expect(app?.inputs).toContain('src/core/client-errors.ts');
    expect(engine?.inputs).toContain('src/internal/call.ts');
    const shared = chunks.filter((c) => c !== app && c !== engine);
    expect(shared.map((c) => c.inputs)).toEqual([['src/limits.ts']]);
  });
});
