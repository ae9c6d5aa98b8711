// The import-cycle check of .ci/run (scripts/house/import-cycles.mjs) finds cycles, type imports and
// dynamic imports included, and passes on src/ as it stands.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations.
import { cyclesOf, graphOf, listFiles, specifiersOf } from '../../scripts/house/import-cycles.mjs';

const script = join(__dirname, '../../scripts/house/import-cycles.mjs');

function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cycles-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

function run(root: string): { code: number; out: string } {
  try {
    return { code: 0, out: execFileSync(process.execPath, [script, root], { encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { code: failed.status, out: failed.stdout };
  }
}

describe('import-cycles', () => {
  it('reads type imports, export-from, side-effect and dynamic imports, not comments', () => {
    const specs = specifiersOf(
      [
        "import type { A } from './a.js';",
        "import {\n  b,\n  type C,\n} from '../b.js';",
        "export * from './c.js';",
        "export { d } from './d.js';",
        "import './e.js';",
        "const f = await import('./f.js');",
        "import ky from 'ky';",
        "// import { g } from './g.js';",
      ].join('\n'),
    );
    expect(specs.sort()).toEqual(['../b.js', './a.js', './c.js', './d.js', './e.js', './f.js']);
  });

  it('fails on a cycle closed by a type import, naming its files', () => {
    const root = fixture({
      'a.ts': "import { b } from './sub/b.js';\nexport const a = b;",
      'sub/b.ts': "import type { C } from '../c.js';\nexport const b = 1 as C;",
      'c.ts': "import type { a } from './a.js';\nexport type C = typeof a;",
      'd.ts': "import { b } from './sub/b.js';\nexport const d = b;",
    });
    const { code, out } = run(root);
    expect(code).toBe(1);
    expect(out).toMatch(/^import cycles: 1$/m);
    expect(out).toContain('a.ts <-> ');
    expect(out).toContain('sub/b.ts');
    expect(out).not.toContain('d.ts');
  });

  it('finds a cycle through a dynamic import and a self-import', () => {
    const graph = graphOf(
      ['/x/a.ts', '/x/b.ts', '/x/s.ts'],
      (file: string) =>
        ({
          '/x/a.ts': "import('./b.js');",
          '/x/b.ts': "export * from './a.js';",
          '/x/s.ts': "import './s.js';",
        })[file] ?? '',
    );
    expect(cyclesOf(graph)).toEqual([['/x/a.ts', '/x/b.ts'], ['/x/s.ts']]);
  });

  it('passes on an acyclic graph', () => {
    const root = fixture({ 'a.ts': "import './b.js';", 'b.ts': 'export {};' });
    expect(listFiles(root)).toHaveLength(2);
    expect(run(root)).toEqual({ code: 0, out: 'import cycles: 0\n' });
  });

  it('finds no cycle in src/', () => {
    expect(run(join(__dirname, '../../src'))).toEqual({ code: 0, out: 'import cycles: 0\n' });
  });
});
