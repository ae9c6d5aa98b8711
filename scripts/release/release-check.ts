// `npm run release:check` (CI): the tree could be published as it stands. package.json's version is
// the CHANGELOG's newest released section, dated (a real date, not in the future), and src/version.ts
// says the same; nothing waits under [Unreleased] (changes wait in .changeset/); every changeset is
// well formed; on a release commit (the version changed since the last release) none is left; the
// API reports are current and their changes since the last release fit the version step; the packed
// tarball passes publint and attw (`--tarball=PATH` checks that file; `--tarball-checked` says CI's
// package step has just done it).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiProblems } from './api.js';
import { changesetFiles, readChangesets, topRelease, unreleasedBullets } from './changesets.js';
import { fileAt, releaseBase } from './git.js';

/** What stops a release of the tree under `root`, apart from the API reports and the tarball. */
export function releaseProblems(root: string, base: string, today = new Date()): string[] {
  const problems: string[] = [];
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
  const top = topRelease(changelog);
  if (!top) problems.push('CHANGELOG.md has no released section ("## [x.y.z] - YYYY-MM-DD")');
  else {
    if (top.version !== pkg.version)
      problems.push(`package.json says ${pkg.version} but CHANGELOG.md's newest section is ${top.version}`);
    const date = new Date(`${top.date}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== top.date)
      problems.push(`CHANGELOG.md's ${top.version} is dated ${top.date}, which is not a date`);
    else if (date.getTime() > today.getTime())
      problems.push(`CHANGELOG.md's ${top.version} is dated ${top.date}, in the future`);
  }
  const version = /VERSION = '([^']+)'/.exec(readFileSync(join(root, 'src/version.ts'), 'utf8'))?.[1];
  if (version !== pkg.version) problems.push(`src/version.ts says ${version}, package.json ${pkg.version}`);
  const waiting = unreleasedBullets(changelog);
  if (waiting.length > 0)
    problems.push(
      `CHANGELOG.md has ${waiting.length} lines under [Unreleased]: run \`npm run changeset:from-unreleased\` (a change waits in .changeset/ until its release)`,
    );
  problems.push(...readChangesets(root).problems);
  const was = fileAt(root, base, 'package.json');
  const released = was !== undefined && (JSON.parse(was) as { version: string }).version !== pkg.version;
  const left = changesetFiles(root);
  if (released && left.length > 0)
    problems.push(
      `the release commit of ${pkg.version} still has ${left.length} changesets (${left[0]}…): \`npm run release\` consumes them`,
    );
  return problems;
}

/** publint and attw on `tarball`, packing one when none is given; a failure is a problem. */
function tarballProblems(root: string, tarball: string | undefined): string[] {
  let file = tarball;
  if (file === undefined) {
    const out = join(root, '.tmp/release');
    mkdirSync(out, { recursive: true });
    const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], {
      cwd: root,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1);
    file = join(out, name ?? '');
  }
  try {
    execFileSync('bash', ['scripts/package/lint-tarball.sh', file], { cwd: root, stdio: 'inherit' });
    return [];
  } catch {
    return [`${file} fails publint or attw (above)`];
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  const base = releaseBase(root);
  const tarball = process.argv.find((a) => a.startsWith('--tarball='))?.slice('--tarball='.length);
  const problems = [
    ...releaseProblems(root, base),
    ...apiProblems(root, base),
    ...(process.argv.includes('--tarball-checked') ? [] : tarballProblems(root, tarball)),
  ];
  for (const p of problems) console.error(`release: ${p}`);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  console.log(
    `release check of ${pkg.version} against ${base}: ${problems.length === 0 ? 'ok' : `${problems.length} problems`}`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}
