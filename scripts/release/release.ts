// `npm run release`: cuts the next version from the changesets in one step. It writes the dated
// section of CHANGELOG.md (a "Breaking" heading first, each break with its migration), lets
// changesets bump package.json and delete the changesets it consumed, sets src/version.ts and the
// lockfile's version, then builds and writes the API reports and the docs' size figures. It commits
// nothing: review the diff, then commit and tag as it prints. `--date=YYYY-MM-DD` dates the section
// (default: today, UTC).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  nextVersion,
  readChangesets,
  releaseChangelog,
  renderSection,
  unreleasedBullets,
} from './changesets.js';

/** Writes the release's CHANGELOG section under `root`; returns the new version. */
export function writeRelease(root: string, date: string): string {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const changelogPath = join(root, 'CHANGELOG.md');
  const changelog = readFileSync(changelogPath, 'utf8');
  if (unreleasedBullets(changelog).length > 0)
    throw new Error(
      'CHANGELOG.md has lines under [Unreleased]: run `npm run changeset:from-unreleased` first',
    );
  const { changesets, problems } = readChangesets(root);
  if (problems.length > 0) throw new Error(`fix the changesets first:\n  ${problems.join('\n  ')}`);
  const version = nextVersion(pkg.version, changesets);
  if (version === pkg.version) throw new Error('no changeset bumps the version: nothing to release');
  writeFileSync(
    changelogPath,
    releaseChangelog(changelog, version, renderSection(version, date, changesets)),
  );
  return version;
}

/** Sets `version` where changesets does not: src/version.ts and package-lock.json. */
export function setVersion(root: string, version: string): void {
  const versionPath = join(root, 'src/version.ts');
  writeFileSync(
    versionPath,
    readFileSync(versionPath, 'utf8').replace(/VERSION = '[^']+'/, `VERSION = '${version}'`),
  );
  const lockPath = join(root, 'package-lock.json');
  const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as {
    version: string;
    packages: Record<string, { version?: string }>;
  };
  lock.version = version;
  const self = lock.packages[''];
  if (self) self.version = version;
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  const date =
    process.argv.find((a) => a.startsWith('--date='))?.slice('--date='.length) ??
    new Date().toISOString().slice(0, 10);
  const run = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
  try {
    const version = writeRelease(root, date);
    run('npx', '--no-install', 'changeset', 'version');
    const bumped = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string })
      .version;
    if (bumped !== version)
      throw new Error(`changesets bumped package.json to ${bumped}, CHANGELOG.md says ${version}`);
    setVersion(root, version);
    run('npm', 'run', 'build');
    run('npm', 'run', '--silent', 'api:update');
    run('npm', 'run', '--silent', 'docs:sizes', '--', '--write');
    run('npx', '--no-install', 'prettier', '--write', '--log-level=warn', 'CHANGELOG.md', 'package.json');
    console.log(
      `\nreleased ${version} in the tree. Check it and commit:\n  npm run release:check\n  git add -A && git commit -m "Release ${version}" && git tag v${version}`,
    );
  } catch (error) {
    console.error(`release: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
