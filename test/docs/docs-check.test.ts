// `npm run docs:check` itself: a run block's `//=>` result is checked against what the line
// prints, a wrong one fails, and `//=>` where nothing runs fails too.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSnippets, matchesExpectation, runSnippets } from '../../scripts/docs/snippets.js';

const root = new URL('../../', import.meta.url).pathname;

describe('matchesExpectation', () => {
  it('matches the whole line, with … for any characters', () => {
    expect(matchesExpectation('msg_00000001 queued', 'msg_… queued')).toBe(true);
    expect(matchesExpectation('msg_00000001 queued', 'msg_00000001 queued')).toBe(true);
    expect(matchesExpectation('msg_00000001 sent', 'msg_… queued')).toBe(false);
    expect(matchesExpectation('200 extra', '200')).toBe(false);
    expect(matchesExpectation('2.5', '2.5')).toBe(true);
    expect(matchesExpectation('205', '2.5')).toBe(false);
  });
});

describe('runSnippets', () => {
  it('checks each //=> line of a block that imports gateway-sdk/testing', async () => {
    const dir = join(root, '.tmp/docs-check-test');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'guide.md'),
      [
        'Runs:',
        '',
        '```ts',
        "import { createMockService } from 'gateway-sdk/testing';",
        '',
        'const mock = createMockService();',
        "const message = mock.store.createMessage({ to: '447700900123', body: 'Hi' });",
        'console.log(message.status); //=> queued',
        'console.log(message.id); //=> msg_… // any id',
        'console.log(message.body); //=> Hello',
        'const silent = 1; //=> 1',
        '```',
        '',
        'Type-checked only:',
        '',
        '```ts',
        'console.log(1 + 2); //=> 3',
        '```',
        '',
      ].join('\n'),
    );
    const snippets = extractSnippets(root, ['.tmp/docs-check-test/guide.md'], join(dir, 'out'));
    expect(snippets.map((s) => s.typeOnly)).toEqual([
      null,
      'needs the live service or your app (no gateway-sdk/testing)',
    ]);
    const failures = await runSnippets(root, snippets);
    expect(failures.map((f) => [f.line, f.message])).toEqual([
      [10, 'printed "Hi"; //=> Hello'],
      [11, 'printed nothing; //=> 1'],
      [17, expect.stringMatching(/^\/\/=> states a result, but this block does not run/)],
    ]);
  }, 60_000);
});
