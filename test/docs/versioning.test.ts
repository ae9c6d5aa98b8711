// docs/versioning.md's upgrade rehearsal is a program: its blocks that import gateway-sdk/testing
// run against the mock, each `//=>` line checked, so the documented steps (the new version refused
// by today's mock, then served per call and on the client) stay true.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSnippets, runSnippets } from '../../scripts/docs/snippets.js';

const root = new URL('../../', import.meta.url).pathname;

describe("docs/versioning.md's rehearsal against the mock", () => {
  it('runs, every stated result printed', async () => {
    const snippets = extractSnippets(root, ['docs/versioning.md'], join(root, '.tmp/versioning-doc'));
    const running = snippets.filter((s) => s.typeOnly === null && s.skipped === null);
    // A doc that lost its runnable block would pass vacuously.
    expect(running.map((s) => s.expectations.length)).toEqual([4]);
    expect(running[0]?.code).toMatch(/serviceVersions: \['2026-06-01'\]/);
    expect(await runSnippets(root, running)).toEqual([]);
  }, 120_000);
});
