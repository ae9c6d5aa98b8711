// The floors rule (eslint-rules/imports-run-down.js) through ESLint's own API, with the repository's
// config: a planted upward import fails in every form, a downward one passes, and the rule is on
// for every file of src/ in the config `npm run lint` (the CI step that lints the whole tree) runs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const cwd = fileURLToPath(new URL('../..', import.meta.url));
const RULE = 'house/imports-run-down';
const eslint = new ESLint({ cwd });

/** The floors rule's messages for `code` as if it were the file at `filePath`. */
async function floorsMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('imports run down', () => {
  it('fails a static import of a higher floor, naming both files and the floors', async () => {
    const messages = await floorsMessages(
      "import { Call } from '../internal/call.js';\nexport const x = Call;\n",
      'src/core/planted.ts',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /^src\/core\/planted\.ts imports src\/internal\/call\.ts, a higher floor: move the shared definition down \(floors: src\/limits\.ts, src\/version\.ts → src\/core\/ → src\/internal\/ → .* → src\/cli\/\)\.$/,
    );
  });

  it('fails `import type`, `export … from` and `import()` types running up', async () => {
    const code =
      "import type { Client } from '../client.js';\n" +
      "export { createAll } from '../campaigns/create-all.js';\n" +
      "export type T = typeof import('../testing/index.js');\n" +
      'export type C = Client;\n';
    const messages = await floorsMessages(code, 'src/resources/planted.ts');
    expect(messages.map((m) => m.split(',')[0])).toEqual([
      'src/resources/planted.ts imports src/client.ts',
      'src/resources/planted.ts imports src/campaigns/create-all.ts',
      'src/resources/planted.ts imports src/testing/index.ts',
    ]);
  });

  it('fails a dynamic import() running up', async () => {
    const messages = await floorsMessages(
      "export const load = () => import('../webhooks/handler.js');\n",
      'src/internal/planted.ts',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('src/internal/planted.ts imports src/webhooks/handler.ts, a higher floor');
  });

  it('passes imports of the same floor and of lower ones', async () => {
    const code =
      "import { LIMITS } from '../limits.js';\n" +
      "import { GatewayError } from '../core/errors.js';\n" +
      "import { Call } from '../internal/call.js';\n" +
      "import { redisStore } from '../webhooks/redis-store.js';\n" +
      "import { Pool } from './pool.js';\n" +
      'export const all = [LIMITS, GatewayError, Call, redisStore, Pool];\n';
    expect(await floorsMessages(code, 'src/campaigns/planted.ts')).toEqual([]);
    expect(await floorsMessages("export { Client } from './client.js';\n", 'src/index.ts')).toEqual([]);
  });

  it('fails a file of src/ on no floor', async () => {
    const messages = await floorsMessages('export const x = 1;\n', 'src/elsewhere/planted.ts');
    expect(messages[0]).toMatch(/^src\/elsewhere\/planted\.ts is on no floor/);
  });

  it('fails an example importing src/internal/ or src/core/, passes one importing an entry', async () => {
    const code =
      "import { Call } from '../src/internal/call.js';\n" +
      "import { GatewayError } from '../src/core/errors.js';\n" +
      "import { Webhooks } from '../src/webhooks.js';\n" +
      'export const all = [Call, GatewayError, Webhooks];\n';
    const messages = await floorsMessages(code, 'examples/planted.ts');
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(
      /^examples\/planted\.ts imports src\/internal\/call\.ts: examples import the package entries/,
    );
    expect(messages[1]).toContain('imports src/core/errors.ts');
  });

  it('applies to every file of src/ and examples/ in the config `npm run lint` runs', async () => {
    // src/ as it stands is held by the lint step (`npm run lint`, a CI step), which runs the rule
    // over the whole tree: not here, where ESLint over src/ raced the test timeout on a busy machine.
    for (const file of [
      'src/core/errors.ts',
      'src/resources/sms/messages.ts',
      'src/cli/main.ts',
      'examples/x.ts',
    ]) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> };
      expect([config.rules?.[RULE]].flat()[0], file).toBe(2);
    }
    const scripts = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.scripts['lint']).toBe('eslint .');
  });
});
