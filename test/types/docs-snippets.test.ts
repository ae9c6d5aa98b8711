// The TypeScript in the README and every guide is type-checked, so it cannot drift from the API:
// each ```ts block becomes a module and is compiled with the project's tsconfig (which maps
// `gateway-sdk`, `gateway-sdk/webhooks` and `gateway-sdk/testing` to src/). `npm run docs:check`
// (CI, once) compiles every block of the docs; this file does not compile them again on each of
// the suite's four Node lines (5 to 8 s of tsc each time). It checks what docs:check does not fail
// on (every guide has a checked block, none is skipped without a reason) and, on one small guide of
// its own, that the checker sees the real API, reports an error at its line of the Markdown and
// honours the markers. The extraction and the markers are scripts/docs/snippets.ts's.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
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
    for (const doc of DOCS.filter((d) => !['docs/api-index.md', 'docs/reliability.md'].includes(d)))
      expect(
        snippets.some((s) => s.doc === doc && s.skipped === null),
        `${doc} has a checked snippet`,
      ).toBe(true);
    for (const s of snippets.filter((x) => x.skipped !== null))
      expect(s.skipped, `${s.doc}:${s.line}`).not.toBe('marked not checked');
  });
});

describe('typeCheckSnippets', () => {
  it('compiles against src/ and reports each error at its line of the Markdown, markers honoured', () => {
    const dir = join(root, '.tmp/docs-snippets-test');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'guide.md'),
      [
        'Right:',
        '',
        '```ts',
        "import { Webhooks } from 'gateway-sdk/webhooks';",
        '',
        "const valid: boolean = await Webhooks.verify('{}', 't=1,v1=00', 'whsec_x');",
        '```',
        '',
        'Wrong for the real API (verify resolves to a boolean):',
        '',
        '```ts',
        "import { Webhooks } from 'gateway-sdk/webhooks';",
        '',
        "const valid: string = await Webhooks.verify('{}', 't=1,v1=00', 'whsec_x');",
        '```',
        '',
        'A fragment that compiles with what it is given:',
        '',
        "<!-- snippet: given import { Webhooks } from 'gateway-sdk/webhooks'; declare const raw: string; -->",
        '',
        '```ts',
        "const valid: boolean = await Webhooks.verify(raw, undefined, 'whsec_x');",
        '```',
        '',
        '<!-- snippet: not checked: a signature listing -->',
        '```ts',
        'verify(raw: string, signature: string | undefined, secret: string): Promise<boolean>',
        '```',
        '',
      ].join('\n'),
    );
    const snippets = extractSnippets(root, ['.tmp/docs-snippets-test/guide.md'], join(dir, 'out'));
    expect(snippets.map((s) => [s.line, s.skipped])).toEqual([
      [4, null],
      [12, null],
      [22, null],
      [27, 'a signature listing'],
    ]);
    expect(typeCheckSnippets(root, snippets)).toEqual([
      {
        doc: '.tmp/docs-snippets-test/guide.md',
        line: 14,
        message: "Type 'boolean' is not assignable to type 'string'.",
      },
    ]);
  }, 60_000);
});
