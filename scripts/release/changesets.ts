// The changesets of .changeset/ and the CHANGELOG they write (docs/decisions/changesets.md). One
// file per user-visible change: its bump in the front matter, then its CHANGELOG line starting with
// its group ("Added: …"), and for a breaking change a "Migration: …" paragraph of one line.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

/** The CHANGELOG's groups, in the order a released section lists them. */
export const GROUPS = ['Breaking', 'Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'] as const;
export type Group = (typeof GROUPS)[number];
export type Bump = 'patch' | 'minor' | 'major';

/** One parsed `.changeset/*.md`; `bump` is undefined for an empty changeset (`changeset --empty`). */
export interface Changeset {
  file: string;
  bump: Bump | undefined;
  group: Group | undefined;
  text: string;
  migration: string | undefined;
}

/** The bump a change of `group` takes from `version`: in 0.x a break is a minor, anything else a patch. */
export function requiredBump(version: string, group: Group): Bump {
  const stable = semver.major(version) >= 1;
  if (group === 'Breaking') return stable ? 'major' : 'minor';
  if (group === 'Added' && stable) return 'minor';
  return 'patch';
}

/** Parses one changeset's text; `problems` says what a maintainer must fix in it. */
export function parseChangeset(
  file: string,
  source: string,
  pkgName: string,
): { changeset: Changeset; problems: string[] } {
  const problems: string[] = [];
  const match = /^---\r?\n([\s\S]*?)\r?\n?---\r?\n?([\s\S]*)$/.exec(source);
  const changeset: Changeset = { file, bump: undefined, group: undefined, text: '', migration: undefined };
  if (!match) return { changeset, problems: [`${file}: no front matter (--- 'gateway-sdk': patch ---)`] };
  for (const line of (match[1] ?? '').split('\n').filter((l) => l.trim() !== '')) {
    const entry = /^\s*(['"]?)([^'"]+)\1\s*:\s*(patch|minor|major)\s*$/.exec(line);
    if (!entry || entry[2] !== pkgName)
      problems.push(`${file}: front matter line "${line}" is not '${pkgName}': patch|minor|major`);
    else changeset.bump = entry[3] as Bump;
  }
  const paragraphs = (match[2] ?? '')
    .trim()
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (changeset.bump === undefined) {
    if (paragraphs.length > 0 && problems.length === 0)
      problems.push(`${file}: an empty changeset (no bump) must have no text; give it '${pkgName}': patch`);
    return { changeset, problems };
  }
  const migrationAt = paragraphs.findIndex((p) => /^Migration:/.test(p));
  if (migrationAt >= 0) {
    changeset.migration = paragraphs[migrationAt]?.replace(/^Migration:\s*/, '').trim();
    paragraphs.splice(migrationAt, 1);
  }
  const head = /^([A-Z][a-z]+):\s+/.exec(paragraphs[0] ?? '');
  if (!head || !(GROUPS as readonly string[]).includes(head[1] ?? ''))
    problems.push(
      `${file}: the text must start with its group, one of ${GROUPS.map((g) => `"${g}:"`).join(', ')}`,
    );
  else {
    changeset.group = head[1] as Group;
    paragraphs[0] = (paragraphs[0] ?? '').slice(head[0].length);
  }
  changeset.text = paragraphs.join('\n\n').trim();
  if (changeset.text === '') problems.push(`${file}: no text for the CHANGELOG`);
  if (changeset.group === 'Breaking' && (changeset.migration === undefined || changeset.migration === ''))
    problems.push(`${file}: a breaking change needs a one-line "Migration: …" paragraph`);
  if (changeset.migration?.includes('\n')) problems.push(`${file}: the migration must be one line`);
  if (changeset.group !== 'Breaking' && changeset.migration !== undefined)
    problems.push(`${file}: only a "Breaking:" change has a migration`);
  return { changeset, problems };
}

/** The changeset files of `root`/.changeset (README.md aside), by name. */
export function changesetFiles(root: string): string[] {
  return readdirSync(join(root, '.changeset'))
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .sort();
}

/** Every changeset of `root`, and what is wrong with each, its bump checked against `version`. */
export function readChangesets(root: string): { changesets: Changeset[]; problems: string[] } {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const changesets: Changeset[] = [];
  const problems: string[] = [];
  for (const file of changesetFiles(root)) {
    const parsed = parseChangeset(file, readFileSync(join(root, '.changeset', file), 'utf8'), pkg.name);
    changesets.push(parsed.changeset);
    problems.push(...parsed.problems);
    const { bump, group } = parsed.changeset;
    if (bump !== undefined && group !== undefined && bump !== requiredBump(pkg.version, group))
      problems.push(
        `${file}: a "${group}" change from ${pkg.version} is a ${requiredBump(pkg.version, group)}, not a ${bump} (docs/decisions/changesets.md)`,
      );
  }
  return { changesets, problems };
}

/** The version the changesets make of `version`: its largest bump, or `version` when none bumps. */
export function nextVersion(version: string, changesets: readonly Changeset[]): string {
  const order: Bump[] = ['major', 'minor', 'patch'];
  const bump = order.find((b) => changesets.some((c) => c.bump === b));
  return bump === undefined ? version : (semver.inc(version, bump) ?? version);
}

const bullet = (text: string) => `- ${text.replace(/\n(?=.)/g, '\n  ')}`;

/** A released section of the CHANGELOG: its heading, then each group's lines, breaking ones first. */
export function renderSection(version: string, date: string, changesets: readonly Changeset[]): string {
  const parts = [`## [${version}] - ${date}`];
  for (const group of GROUPS) {
    const lines = changesets
      .filter((c) => c.group === group)
      .map((c) => bullet(c.migration === undefined ? c.text : `${c.text}\n**Migration:** ${c.migration}`));
    if (lines.length > 0) parts.push(`### ${group}`, lines.join('\n'));
  }
  return parts.join('\n\n') + '\n';
}

const UNRELEASED = '## [Unreleased]';

/** The lines under `## [Unreleased]` (up to the next `## ` heading), trimmed. */
export function unreleasedBody(changelog: string): string {
  const start = changelog.indexOf(`${UNRELEASED}\n`);
  if (start < 0) throw new Error('CHANGELOG.md has no "## [Unreleased]" heading');
  const from = start + UNRELEASED.length + 1;
  const next = changelog.indexOf('\n## ', from);
  return changelog.slice(from, next < 0 ? undefined : next).trim();
}

/** The bullets under `## [Unreleased]`, each with the group it sits in. */
export function unreleasedBullets(changelog: string): { group: string; text: string }[] {
  const found: { group: string; text: string }[] = [];
  let group = '';
  for (const line of unreleasedBody(changelog).split('\n')) {
    const heading = /^### (.+)$/.exec(line);
    if (heading) group = heading[1]?.trim() ?? '';
    else if (line.startsWith('- ')) found.push({ group, text: line.slice(2) });
    else if (/^\s+\S/.test(line) && found.length > 0) {
      const last = found[found.length - 1];
      if (last) last.text += `\n${line.trim()}`;
    }
  }
  return found;
}

/** The version and date of the CHANGELOG's newest released section. */
export function topRelease(changelog: string): { version: string; date: string } | undefined {
  const m = /^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/m.exec(changelog);
  return m ? { version: m[1] ?? '', date: m[2] ?? '' } : undefined;
}

/** `changelog` with `section` released as `version`: [Unreleased] emptied, compare links updated. */
export function releaseChangelog(changelog: string, version: string, section: string): string {
  const previous = topRelease(changelog);
  const start = changelog.indexOf(`${UNRELEASED}\n`);
  const next = changelog.indexOf('\n## [', start + UNRELEASED.length);
  if (start < 0 || next < 0) throw new Error('CHANGELOG.md needs "## [Unreleased]" above a released section');
  let text = `${changelog.slice(0, start)}${UNRELEASED}\n\nNothing yet.\n\n${section}${changelog.slice(next + 1)}`;
  const link = /^\[Unreleased\]: (.+)\/compare\/v[^.\s]+\.[^.\s]+\.[^.\s]+\.\.\.HEAD$/m.exec(text);
  if (link && previous) {
    const repo = link[1];
    text = text.replace(
      link[0],
      `[Unreleased]: ${repo}/compare/v${version}...HEAD\n[${version}]: ${repo}/compare/v${previous.version}...v${version}`,
    );
  }
  return text;
}
