// The TypeScript in the README and the guides is type-checked, so it cannot drift from the API:
// each ```ts block becomes a module under .tmp/snippets/ and is compiled with the project's
// tsconfig (which maps `gateway-sdk`, `gateway-sdk/webhooks` and `gateway-sdk/testing` to src/).
// A block can be excluded by putting `<!-- snippet: not checked -->` on the line before it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const DOCS = [
  'README.md',
  'docs/getting-started.md',
  'docs/pagination.md',
  'docs/errors-and-retries.md',
  'docs/idempotency.md',
  'docs/testing.md',
  'docs/sending-at-scale.md',
];
const outDir = join(root, '.tmp/snippets');

interface Snippet {
  doc: string;
  line: number;
  file: string;
}

function extract(): Snippet[] {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const snippets: Snippet[] = [];
  for (const doc of DOCS) {
    const lines = readFileSync(join(root, doc), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (lines[i] !== '```ts') continue;
      const start = i + 1;
      let end = start;
      while (end < lines.length && lines[end] !== '```') end++;
      // The marker stands on the line before the fence, or before the blank line a formatter puts there.
      const marker = lines[i - 1]?.trim() === '' ? lines[i - 2] : lines[i - 1];
      if (marker?.trim() !== '<!-- snippet: not checked -->') {
        const file = join(outDir, `${doc.replace(/[/.]/g, '_')}_${start + 1}.ts`);
        // `export {}` keeps each block a module, so top-level await and names stay local.
        writeFileSync(file, `${lines.slice(start, end).join('\n')}\nexport {};\n`);
        snippets.push({ doc, line: start + 1, file });
      }
      i = end;
    }
  }
  return snippets;
}

describe('code in the docs', () => {
  const snippets = extract();

  it('finds the snippets', () => {
    expect(snippets.filter((s) => s.doc === 'README.md').length).toBeGreaterThanOrEqual(8);
    for (const doc of DOCS)
      expect(
        snippets.some((s) => s.doc === doc),
        `${doc} has a checked snippet`,
      ).toBe(true);
  });

  it('compiles with the real API', () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(root, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    );
    if (!config) throw new Error('cannot read tsconfig.json');
    const program = ts.createProgram(
      snippets.map((s) => s.file),
      { ...config.options, noEmit: true },
    );
    const byFile = new Map(snippets.map((s) => [s.file, s]));
    const errors = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file !== undefined && byFile.has(d.file.fileName))
      .map((d) => {
        const snippet = byFile.get(d.file?.fileName ?? '') as Snippet;
        const { line } = d.file?.getLineAndCharacterOfPosition(d.start ?? 0) ?? { line: 0 };
        return `${snippet.doc}:${snippet.line + line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      });
    expect(errors).toEqual([]);
  }, 60_000);
});
