// The function-length check (scripts/house/longest-function.mjs): what it measures and names, and
// that the call's life cycle and createAll read as named steps under the 80-line limit.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { functionsOf, measure } from '../../scripts/house/longest-function.mjs';

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
    const all = measure(fileURLToPath(new URL('../../src', import.meta.url)));
    const lines = (file: string, name: string) =>
      all.find((fn) => fn.file.endsWith(file) && fn.name === name)?.lines ?? Infinity;
    expect(lines('src/internal/call.ts', 'Call.fetch')).toBeLessThanOrEqual(80);
    expect(lines('src/internal/call.ts', 'Call.run')).toBeLessThanOrEqual(80);
    expect(lines('src/campaigns/create-all.ts', 'createAll')).toBeLessThanOrEqual(80);
    expect(
      Math.max(...all.filter((fn) => fn.file.includes('src/internal/')).map((fn) => fn.lines)),
    ).toBeLessThanOrEqual(80);
  });

  it('prints the longest and exits 1 over the limit, 0 within it', () => {
    const run = (limit: string) =>
      spawnSync(process.execPath, ['scripts/house/longest-function.mjs', 'src/internal', limit], {
        cwd: root,
        encoding: 'utf8',
      });
    const within = run('80');
    expect(within.stdout).toMatch(/^longest function: \d+ lines \(src\/internal\/[\w-]+\.ts:[\w.#]+\)\n$/);
    expect(within.status).toBe(0);
    const over = run('10');
    expect(over.status).toBe(1);
    expect(over.stderr).toMatch(/function\(s\) over 10 lines: write each as a sequence of named steps/);
  });
});
