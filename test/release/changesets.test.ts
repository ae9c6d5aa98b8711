// The release machinery of scripts/release/: changesets parsed and classified, the CHANGELOG
// section they write (breaking changes first, each with its migration), the [Unreleased] lines
// turned into changesets once, and `npm run changeset:check` failing and passing in a scratch git
// repository.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  nextVersion,
  parseChangeset,
  readChangesets,
  releaseChangelog,
  renderSection,
  requiredBump,
  topRelease,
} from '../../scripts/release/changesets.js';
import { changesetProblems } from '../../scripts/release/check-changesets.js';
import { fromUnreleased } from '../../scripts/release/from-unreleased.js';
import { lastRelease, releaseBase } from '../../scripts/release/git.js';
import { releaseProblems } from '../../scripts/release/release-check.js';

const repo = join(__dirname, '../..');
const breaking =
  "---\n'gateway-sdk': minor\n---\n\nBreaking: An unknown option throws.\n\nMigration: rename it.\n";
const fixed = "---\n'gateway-sdk': patch\n---\n\nFixed: The receiver answers 200.\n";

const CHANGELOG = `# Changelog

## [Unreleased]

### Changed

- **Breaking:** \`on\` throws for a misspelt name. Migration: spell it as the error says.
- A plain change, written
  over two lines.

## [0.1.0] - 2026-11-27

The first release.

[Unreleased]: https://example.test/r/compare/v0.1.0...HEAD
[0.1.0]: https://example.test/r/releases/tag/v0.1.0
`;

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** A scratch package in a git repository: src/a.ts, .changeset/, CHANGELOG.md, one commit tagged v0.1.0. */
function scratch(): { root: string; git: (...args: string[]) => string } {
  const root = mkdtempSync(join(tmpdir(), 'gateway-release-'));
  dirs.push(root);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, '.changeset'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'gateway-sdk', version: '0.1.0' }));
  writeFileSync(join(root, 'src/a.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'src/version.ts'), "export const VERSION = '0.1.0';\n");
  writeFileSync(join(root, '.changeset/README.md'), '# Changesets\n');
  writeFileSync(
    join(root, 'CHANGELOG.md'),
    CHANGELOG.replace(/### Changed[\s\S]*?(?=## \[0)/, 'Nothing yet.\n\n'),
  );
  git('init', '-q', '-b', 'main');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.test', 'commit', '-q', '--allow-empty', '-m', 'start');
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.test', 'commit', '-q', '-m', '0.1.0');
  git('tag', 'v0.1.0');
  return { root, git };
}

describe('changesets', () => {
  it('reads the bump, the group, the text and a breaking change’s migration', () => {
    const { changeset, problems } = parseChangeset('x.md', breaking, 'gateway-sdk');
    expect(problems).toEqual([]);
    expect(changeset).toMatchObject({
      bump: 'minor',
      group: 'Breaking',
      text: 'An unknown option throws.',
      migration: 'rename it.',
    });
  });

  it('refuses a breaking change without its migration, and text without its group', () => {
    const noMigration = parseChangeset('x.md', breaking.replace(/\n\nMigration:.*\n/, '\n'), 'gateway-sdk');
    expect(noMigration.problems).toEqual([expect.stringContaining('needs a one-line "Migration: …"')]);
    const noGroup = parseChangeset('y.md', fixed.replace('Fixed: ', ''), 'gateway-sdk');
    expect(noGroup.problems).toEqual([expect.stringContaining('must start with its group')]);
  });

  it('takes a break as a minor and anything else as a patch in 0.x; major and minor from 1.0', () => {
    expect(requiredBump('0.1.0', 'Breaking')).toBe('minor');
    expect(requiredBump('0.1.0', 'Added')).toBe('patch');
    expect(requiredBump('1.2.0', 'Breaking')).toBe('major');
    expect(requiredBump('1.2.0', 'Added')).toBe('minor');
    expect(requiredBump('1.2.0', 'Fixed')).toBe('patch');
  });

  it('writes the dated section with the breaking changes first and their migrations, and moves the links', () => {
    const changesets = [fixed, breaking].map((s, i) => parseChangeset(`${i}.md`, s, 'gateway-sdk').changeset);
    expect(nextVersion('0.1.0', changesets)).toBe('0.2.0');
    const section = renderSection('0.2.0', '2026-12-02', changesets);
    expect(section).toBe(
      '## [0.2.0] - 2026-12-02\n\n### Breaking\n\n- An unknown option throws.\n  **Migration:** rename it.\n\n' +
        '### Fixed\n\n- The receiver answers 200.\n',
    );
    const released = releaseChangelog(
      CHANGELOG.replace(/### Changed[\s\S]*?(?=## \[0)/, ''),
      '0.2.0',
      section,
    );
    expect(topRelease(released)).toEqual({ version: '0.2.0', date: '2026-12-02' });
    expect(released).toContain('## [Unreleased]\n\nNothing yet.\n\n## [0.2.0] - 2026-12-02\n');
    expect(released).toContain('\n## [0.1.0] - 2026-11-27\n');
    expect(released).toContain(
      '[Unreleased]: https://example.test/r/compare/v0.2.0...HEAD\n[0.2.0]: https://example.test/r/compare/v0.1.0...v0.2.0\n[0.1.0]:',
    );
  });

  it('turns [Unreleased] lines into changesets once, a **Breaking:** line with its migration', () => {
    const { root } = scratch();
    writeFileSync(join(root, 'CHANGELOG.md'), CHANGELOG);
    expect(fromUnreleased(root)).toHaveLength(2);
    const { changesets, problems } = readChangesets(root);
    expect(problems).toEqual([]);
    expect(changesets.map((c) => [c.bump, c.group, c.text, c.migration])).toEqual([
      ['patch', 'Changed', 'A plain change, written\nover two lines.', undefined],
      ['minor', 'Breaking', '`on` throws for a misspelt name.', 'spell it as the error says.'],
    ]);
    expect(readFileSync(join(root, 'CHANGELOG.md'), 'utf8')).toContain(
      '## [Unreleased]\n\nNothing yet.\n\n## [0.1.0]',
    );
    // The same lines merged in again from another branch are not doubled.
    writeFileSync(join(root, 'CHANGELOG.md'), CHANGELOG);
    expect(fromUnreleased(root)).toEqual([]);
  });

  it('every changeset of this repository is well formed and takes its bump', () => {
    expect(readChangesets(repo).problems).toEqual([]);
  });
});

describe('the last release', () => {
  it('is the newest commit before HEAD that changed the version, with or without tags', () => {
    const { root, git } = scratch();
    const commit = (m: string) => {
      git('add', '-A');
      git('-c', 'user.name=t', '-c', 'user.email=t@example.test', 'commit', '-q', '--allow-empty', '-m', m);
      return git('rev-parse', 'HEAD');
    };
    git('tag', '-d', 'v0.1.0');
    // No commit changed the version yet: the untagged 0.1.0 commit stands in.
    expect(lastRelease(root)).toBeUndefined();
    writeFileSync(join(root, 'src/a.ts'), 'export const a = 2;\n');
    commit('a change');
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'gateway-sdk', version: '0.1.1' }));
    const release = commit('Release 0.1.1');
    // On the release commit itself the base is the release before it, so its own checks still run.
    expect(lastRelease(root)).toBeUndefined();
    writeFileSync(join(root, 'src/a.ts'), 'export const a = 3;\n');
    commit('after the release');
    expect(lastRelease(root)).toBe(release);
    expect(releaseBase(root, [])).toBe(release);
    expect(releaseBase(root, ['--base=abc'])).toBe('abc');
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'gateway-sdk', version: '0.1.2' }));
    const next = commit('Release 0.1.2');
    commit('and one more');
    expect(lastRelease(root)).toBe(next);
  });
});

describe('npm run changeset:check', () => {
  it('fails when src/ changed since the last release without a changeset, and passes with one', () => {
    const { root } = scratch();
    expect(changesetProblems(root, 'v0.1.0')).toEqual([]);
    writeFileSync(join(root, 'src/a.ts'), 'export const a = 2;\n');
    expect(changesetProblems(root, 'v0.1.0')).toEqual([
      expect.stringMatching(
        /^src\/ changed since v0\.1\.0 \(1 files: src\/a\.ts\) and no changeset was added/,
      ),
    ]);
    writeFileSync(join(root, '.changeset/a-is-two.md'), fixed);
    expect(changesetProblems(root, 'v0.1.0')).toEqual([]);
  });

  it('takes an empty changeset for a change users cannot notice, and refuses a break taken as a patch', () => {
    const { root } = scratch();
    writeFileSync(join(root, 'src/a.ts'), 'export const a = 1; // why\n');
    writeFileSync(join(root, '.changeset/comment.md'), '---\n---\n');
    expect(changesetProblems(root, 'v0.1.0')).toEqual([]);
    writeFileSync(join(root, '.changeset/break.md'), breaking.replace('minor', 'patch'));
    expect(changesetProblems(root, 'v0.1.0')).toEqual([
      'break.md: a "Breaking" change from 0.1.0 is a minor, not a patch (docs/decisions/changesets.md)',
    ]);
  });

  it('passes the release commit, whose changesets became CHANGELOG.md, and release:check wants none left', () => {
    const { root, git } = scratch();
    writeFileSync(join(root, 'src/a.ts'), 'export const a = 2;\n');
    writeFileSync(join(root, '.changeset/a-is-two.md'), fixed);
    expect(releaseProblems(root, 'v0.1.0', new Date('2026-12-02'))).toEqual([]);
    // The release: version, src/version.ts and a dated section; one changeset left behind.
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'gateway-sdk', version: '0.1.1' }));
    writeFileSync(join(root, 'src/version.ts'), "export const VERSION = '0.1.1';\n");
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    const section = renderSection('0.1.1', '2026-12-02', readChangesets(root).changesets);
    writeFileSync(join(root, 'CHANGELOG.md'), releaseChangelog(changelog, '0.1.1', section));
    expect(releaseProblems(root, 'v0.1.0', new Date('2026-12-02'))).toEqual([
      'the release commit of 0.1.1 still has 1 changesets (a-is-two.md…): `npm run release` consumes them',
    ]);
    git('rm', '-q', '--cached', '--ignore-unmatch', '.changeset/a-is-two.md');
    rmSync(join(root, '.changeset/a-is-two.md'));
    expect(changesetProblems(root, 'v0.1.0')).toEqual([]);
    expect(releaseProblems(root, 'v0.1.0', new Date('2026-12-02'))).toEqual([]);
    // Dated tomorrow, or with a line left under [Unreleased], it is not releasable.
    expect(releaseProblems(root, 'v0.1.0', new Date('2026-12-01'))).toEqual([
      "CHANGELOG.md's 0.1.1 is dated 2026-12-02, in the future",
    ]);
    writeFileSync(join(root, 'CHANGELOG.md'), CHANGELOG);
    expect(releaseProblems(root, 'v0.1.0', new Date('2026-12-02'))).toEqual([
      "package.json says 0.1.1 but CHANGELOG.md's newest section is 0.1.0",
      'CHANGELOG.md has 2 lines under [Unreleased]: run `npm run changeset:from-unreleased` (a change waits in .changeset/ until its release)',
    ]);
  });
});
