// `npm run api:check` in a scratch package: API Extractor's report of its declarations is on record
// (review/*.api.md), and the check fails on a surface change the report does not show, and on a
// report change without a changeset of the right bump (a removed or changed line is a break).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiProblems, reportDiff, type ApiEntry } from '../../scripts/release/api.js';

const entries: ApiEntry[] = [{ name: 'gateway-sdk', types: 'dist/index.d.ts' }];
const root = mkdtempSync(join(tmpdir(), 'gateway-api-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
const declare = (text: string) => writeFileSync(join(root, 'dist/index.d.ts'), text);
const changeset = (name: string, text: string) => writeFileSync(join(root, '.changeset', name), text);
// Declarations of plain functions: the ES library alone, no DOM, no @types.
const compilerOptions = { lib: ['es2022'], types: [] };
const check = () => apiProblems(root, 'v0.1.0', { entries, compilerOptions });
const A = '/** Says a. */\nexport declare function a(): string;\n';
const B = '/** Says b. */\nexport declare function b(): number;\n';

describe('npm run api:check', () => {
  it('fails on an unrecorded surface change, then on a recorded one without the changeset its bump needs', () => {
    mkdirSync(join(root, 'dist'));
    mkdirSync(join(root, '.changeset'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'gateway-sdk', version: '0.1.0' }));
    writeFileSync(join(root, '.gitignore'), 'dist/\n.tmp/\n');
    declare(A);
    // The first report, written before there is a release to compare with.
    apiProblems(root, 'HEAD', { entries, compilerOptions, update: true });
    expect(readFileSync(join(root, 'review/gateway-sdk.api.md'), 'utf8')).toContain(
      'export function a(): string;',
    );
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', '0.1.0');
    git('tag', 'v0.1.0');
    expect(check()).toEqual([]);

    // An export added to the declarations, the report left as it was.
    declare(A + B);
    expect(check()).toEqual([
      'review/gateway-sdk.api.md is not what the declarations say: run `npm run api:update` and commit the report (the diff is the surface change)',
    ]);
    // `npm run api:update` records it; an addition then needs a changeset, a patch being enough.
    apiProblems(root, 'v0.1.0', { entries, compilerOptions, update: true });
    expect(check()).toEqual([expect.stringContaining('changed since v0.1.0 and no changeset says so')]);
    changeset('b.md', "---\n'gateway-sdk': patch\n---\n\nAdded: `b()`.\n");
    expect(check()).toEqual([]);

    // An export removed: a break, which a patch changeset does not cover.
    declare(B);
    apiProblems(root, 'v0.1.0', { entries, compilerOptions, update: true });
    expect(check()).toEqual([
      expect.stringMatching(
        /removes or changes 1 lines since v0\.1\.0 \(export function a\(\): string;\).*"Breaking:" changeset/,
      ),
    ]);
    changeset(
      'no-a.md',
      "---\n'gateway-sdk': minor\n---\n\nBreaking: `a()` is gone.\n\nMigration: call `b()`.\n",
    );
    expect(check()).toEqual([]);
  }, 180_000);

  it('counts a changed signature as a removed line', () => {
    expect(reportDiff('x\nexport function a(): string;\n', 'x\nexport function a(): number;\n')).toEqual({
      removed: ['export function a(): string;'],
      added: ['export function a(): number;'],
    });
  });
});
