// `npm run api:check` in a scratch package: API Extractor's report of its declarations is on record
// (review/*.api.md), and the check fails on a surface change the report does not show, and on a
// report change without a changeset of the right bump (a removed or changed line is a break),
// the methods of a class the entry reaches but does not export by name among them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiProblems, reportDiff, type ApiEntry } from '../../scripts/release/api.js';

const entries: ApiEntry[] = [{ name: 'gateway-sdk', types: 'dist/index.d.ts' }];
const root = mkdtempSync(join(tmpdir(), 'gateway-api-'));
const dirs = [root];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
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

/**
 * A client whose `sms` is of a class index.d.ts does not export by name, with one method; an export
 * list, as tsup writes, so that the other declarations stay the file's own.
 */
const client = (method: string) =>
  `/** SMS. */\ndeclare class Sms {\n  /** Sends one. */\n  ${method}\n}\n/** The client. */\ndeclare class Client {\n  /** SMS. */\n  readonly sms: Sms;\n}\nexport { Client };\n`;

/** A scratch package of its own, for a test that needs a history of its own. */
function scratchPackage(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  mkdirSync(join(dir, 'dist'));
  mkdirSync(join(dir, '.changeset'));
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write('package.json', JSON.stringify({ name: 'gateway-sdk', version: '0.1.0' }));
  write('.gitignore', 'dist/\n.tmp/\n');
  const run = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
  const commit = (message: string) => {
    run('add', '-A');
    run('commit', '-q', '-m', message);
  };
  return {
    write,
    commit,
    declare: (text: string) => write('dist/index.d.ts', text),
    changeset: (name: string, text: string) => write(`.changeset/${name}`, text),
    report: () => readFileSync(join(dir, 'review/gateway-sdk.api.md'), 'utf8'),
    update: (base: string) => apiProblems(dir, base, { entries, compilerOptions, update: true }),
    check: () => apiProblems(dir, 'v0.1.0', { entries, compilerOptions }),
    /** Commits the tree as 0.1.0 and tags it v0.1.0. */
    release: () => {
      run('init', '-q', '-b', 'main');
      commit('0.1.0');
      run('tag', 'v0.1.0');
    },
  };
}

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

  it('records a class reachable only through an export, and counts a changed method of it as a break', () => {
    const scratch = scratchPackage('gateway-api-reachable-');
    scratch.declare(client('send(to: string): Promise<string>;'));
    scratch.update('HEAD');
    // The report shows Sms, which index.d.ts does not export by name, with its method.
    expect(scratch.report()).toContain('\nclass Sms {\n    send(to: string): Promise<string>;\n}');
    expect(scratch.report()).not.toContain('export class Sms');
    scratch.release();
    expect(scratch.check()).toEqual([]);

    // A required parameter added to the method: the report left as it was says so.
    scratch.declare(client('send(to: string, from: string): Promise<string>;'));
    expect(scratch.check()).toEqual([expect.stringContaining('is not what the declarations say')]);
    // Recorded, it is a changed line of Sms: a patch changeset does not cover it, a "Breaking:" one does.
    scratch.update('v0.1.0');
    scratch.changeset('from.md', "---\n'gateway-sdk': patch\n---\n\nChanged: `sms.send` takes `from`.\n");
    const breakOfSend =
      /removes or changes 1 lines since v0\.1\.0 \(class Sms \{ send\(to: string\): Promise<string>;\).*"Breaking:" changeset/;
    expect(scratch.check()).toEqual([expect.stringMatching(breakOfSend)]);
    scratch.changeset(
      'from.md',
      "---\n'gateway-sdk': minor\n---\n\nBreaking: `sms.send` needs `from`.\n\nMigration: pass the sender.\n",
    );
    expect(scratch.check()).toEqual([]);
  }, 60_000);

  it("compares the reachable classes with the commit that began recording them, while the last release's reports predate it", () => {
    const scratch = scratchPackage('gateway-api-since-');
    scratch.declare(client('send(to: string): Promise<string>;'));
    scratch.update('HEAD');
    // The release's report as written before the setting: Client's `sms` line, no Sms class.
    scratch.write(
      'review/gateway-sdk.api.md',
      scratch.report().replace('// @public\nclass Sms {\n    send(to: string): Promise<string>;\n}\n\n', ''),
    );
    expect(scratch.report()).not.toContain('class Sms');
    scratch.release();
    // The commit that turns the setting on (in scripts/release/api.ts) and rewrites the report, with
    // a patch changeset pending as after any fix.
    scratch.write('scripts/release/api.ts', 'apiReport: { includeForgottenExports: true }\n');
    scratch.update('v0.1.0');
    scratch.changeset('fix.md', "---\n'gateway-sdk': patch\n---\n\nFixed: a fix.\n");
    scratch.commit('complete reports');
    expect(scratch.check()).toEqual([]);

    // Against the release alone the changed method would read as an added line, which the patch covers.
    scratch.declare(client('send(to: string, from: string): Promise<string>;'));
    scratch.update('v0.1.0');
    expect(scratch.check()).toEqual([
      expect.stringMatching(/removes or changes 1 lines since v0\.1\.0 \(class Sms \{ send\(to: string\)/),
    ]);
  }, 60_000);

  it('counts a changed signature as a removed line', () => {
    expect(reportDiff('x\nexport function a(): string;\n', 'x\nexport function a(): number;\n')).toEqual({
      removed: ['export function a(): string;'],
      added: ['export function a(): number;'],
    });
  });

  it('reads each line under the declaration around it, so a line another declaration repeats still counts', () => {
    const two = (b: string) => `export interface A {\n    id: string;\n}\n\nexport interface B {\n${b}}\n`;
    expect(reportDiff(two('    id: string;\n'), two(''))).toEqual({
      removed: ['interface B { id: string;'],
      added: [],
    });
    // A class reachable only through an export, exported by name: an addition, none of its members moved.
    const sms = (prefix: string) => `${prefix}class Sms {\n    send(to: string): Promise<string>;\n}\n`;
    expect(reportDiff(sms(''), sms('export '))).toEqual({ removed: [], added: ['export class Sms {'] });
  });
});
