// The TypeScript in the README and every guide is type-checked, so it cannot drift from the API:
// each ```ts block becomes a module and is compiled with the project's tsconfig (which maps
// `gateway-sdk`, `gateway-sdk/webhooks` and `gateway-sdk/testing` to src/). `npm run docs:check`
// (CI, once) compiles every block of the docs; this file does not compile them again on each of
// the suite's four Node lines (5 to 8 s of tsc each time). It checks what docs:check does not fail
// on (every guide has a checked block, none is skipped without a reason) and, on one small guide of
// its own, that the markers are honoured; docs:check proves on that guide that the checker sees the
// real API and reports an error at its line of the Markdown. The extraction and the markers are
// scripts/docs/snippets.ts's.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSnippets, PLANTED_ERROR, PLANTED_GUIDE } from '../../scripts/docs/snippets.js';

const root = new URL('../../', import.meta.url).pathname;
const DOCS = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];

describe('code in the docs', () => {
  const snippets = extractSnippets(root, DOCS, join(root, '.tmp/snippets-suite'));

  it('finds the snippets of every guide, and skips none without a reason', () => {
    expect(snippets.filter((s) => s.doc === 'README.md').length).toBeGreaterThanOrEqual(8);
    for (const doc of DOCS.filter((d) => !['docs/api-index.md', 'docs/reliability.md'].includes(d)))
      expect(
        snippets.some((s) => s.doc === doc && s.skipped === null),
        `${doc} has a checked snippet`,
      ).toBe(true);
    for (const s of snippets.filter((x) => x.skipped !== null))
      expect(s.skipped, `${s.doc}:${s.line}`).not.toBe('marked not checked');
  });
});

describe("docs:check's planted guide", () => {
  // `npm run docs:check` (a CI step) type-checks this guide with the docs, in the same program, and
  // fails unless the checker reports exactly PLANTED_ERROR: the whole-tree tsc runs there, not here.
  it('yields its blocks at their lines, the marked one skipped with its reason, the wrong one checked', () => {
    const dir = join(root, '.tmp/docs-snippets-test');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'guide.md'), PLANTED_GUIDE);
    const snippets = extractSnippets(root, ['.tmp/docs-snippets-test/guide.md'], join(dir, 'out'));
    expect(snippets.map((s) => [s.line, s.skipped])).toEqual([
      [4, null],
      [12, null],
      [22, null],
      [27, 'a signature listing'],
    ]);
    // The error docs:check must report falls in the wrong block, which is checked.
    const wrong = snippets.find((s) => s.line === 12);
    expect(wrong?.skipped).toBeNull();
    expect(PLANTED_ERROR.line).toBeGreaterThan(12);
    expect(PLANTED_ERROR.line).toBeLessThan(16);
  });
});
