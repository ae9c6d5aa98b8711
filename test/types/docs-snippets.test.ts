// The TypeScript in the README and every guide is type-checked, so it cannot drift from the API:
// each ```ts block becomes a module under .tmp/snippets/ and is compiled with the project's
// tsconfig (which maps `gateway-sdk`, `gateway-sdk/webhooks` and `gateway-sdk/testing` to src/).
// The extraction and its markers are scripts/docs/snippets.ts's; `npm run docs:check` (CI) also
// runs the blocks that need only the mock. This test uses its own folder, so the two can run at once.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSnippets, typeCheckSnippets } from '../../scripts/docs/snippets.js';

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
    for (const doc of DOCS.filter(
      (d) => !['docs/api-index.md', 'docs/decisions.md', 'docs/reliability.md'].includes(d),
    ))
      expect(
        snippets.some((s) => s.doc === doc && s.skipped === null),
        `${doc} has a checked snippet`,
      ).toBe(true);
    for (const s of snippets.filter((x) => x.skipped !== null))
      expect(s.skipped, `${s.doc}:${s.line}`).not.toBe('marked not checked');
  });

  it('compiles with the real API', () => {
    expect(typeCheckSnippets(root, snippets)).toEqual([]);
  }, 60_000);
});
