// The function-length check (scripts/house/longest-function.mjs): what it measures and names, and
// that the call's life cycle and createAll read as named steps under the 80-line limit.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { functionsOf } from '../../scripts/house/longest-function.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('longest function', () => {
  it('measures every function-like with a body, first line to last, by the name a reader looks for', () => {
    const text = [
      `export function long() {\n${body(79)}\n}`,
      `class Call {\n  run() {\n${body(3)}\n  }\n  readonly fetch = async () => {\n${body(1)}\n  };\n  constructor() {}\n}`,
      `const handler = (x: number) => x;`,
      `interface NoBody { method(): void }`,
    ].join('\n');
    const found = functionsOf('planted.ts', text).map(({ name, lines }) => `${name} ${lines}`);
    expect(found).toEqual(['long 81', 'Call.run 5', 'Call.fetch 3', 'Call.constructor 1', 'handler 1']);
  });

  it('Call.fetch, Call.run and createAll are each under 80 lines', () => {
    // Their two files only: the CI step `npm run check:functions` holds every function of src/.
    const lines = (file: string, name: string) =>
      functionsOf(file, readFileSync(join(root, file), 'utf8')).find((fn) => fn.name === name)?.lines ??
      Infinity;
    expect(lines('src/internal/call.ts', 'Call.fetch')).toBeLessThanOrEqual(80);
    expect(lines('src/internal/call.ts', 'Call.run')).toBeLessThanOrEqual(80);
    expect(lines('src/campaigns/create-all.ts', 'createAll')).toBeLessThanOrEqual(80);
  });

  it('prints the longest and exits 1 over the limit, 0 within it', async () => {
    // On one planted file, not src/ (the CI step `npm run check:functions` measures src/): two
    // runs of the script side by side, each parsing one small file.
    mkdirSync(join(root, '.tmp'), { recursive: true });
    const dir = mkdtempSync(join(root, '.tmp/longest-function-'));
    try {
      writeFileSync(join(dir, 'planted.ts'), `export function long() {\n${body(79)}\n}\n`);
      const run = (limit: string) =>
        new Promise<{ status: number; stdout: string; stderr: string }>((resolve) =>
          execFile(
            process.execPath,
            ['scripts/house/longest-function.mjs', relative(root, dir), limit],
            { cwd: root, encoding: 'utf8' },
            (error, stdout, stderr) => resolve({ status: error ? Number(error.code) : 0, stdout, stderr }),
          ),
        );
      const [within, over] = await Promise.all([run('81'), run('10')]);
      const where = `${relative(root, dir)}/planted.ts`;
      expect(within).toEqual({
        status: 0,
        stdout: `longest function: 81 lines (${where}:long)\n`,
        stderr: '',
      });
      expect(over.status).toBe(1);
      expect(over.stdout).toContain(`  81 lines  ${where}:1 long`);
      expect(over.stderr).toMatch(/function\(s\) over 10 lines: write each as a sequence of named steps/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
