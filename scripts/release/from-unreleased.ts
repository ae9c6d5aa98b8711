// `npm run changeset:from-unreleased`: turns each line under CHANGELOG.md's `## [Unreleased]` into a
// changeset (.changeset/<slug>.md) and empties that section, so lines written the old way (or merged
// from a branch that still writes them) reach the next release. A line that a changeset already
// holds (same words) is dropped, not doubled. A line marked "**Breaking:**" becomes a breaking
// change; its migration is the sentence from "Migration:" on, and a line without one gets a
// changeset that `npm run changeset:check` refuses until the migration is written.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  GROUPS,
  changesetFiles,
  parseChangeset,
  requiredBump,
  unreleasedBody,
  unreleasedBullets,
  type Group,
} from './changesets.js';

const words = (text: string) =>
  text
    .replace(/\*\*Breaking:\*\*\s*/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A changeset's text for one CHANGELOG line of `group`, and the file name it takes. */
export function changesetFor(
  pkg: { name: string; version: string },
  group: string,
  line: string,
): { slug: string; source: string } {
  let text = line.trim();
  let kind: Group = (GROUPS as readonly string[]).includes(group) ? (group as Group) : 'Changed';
  let migration: string | undefined;
  if (/\*\*Breaking:?\*\*:?/.test(text)) {
    kind = 'Breaking';
    text = text.replace(/\*\*Breaking:?\*\*:?\s*/, '');
    const at = text.search(/(\*\*)?Migration:?(\*\*)?:?\s/);
    if (at >= 0) {
      migration = text
        .slice(at)
        .replace(/^(\*\*)?Migration:?(\*\*)?:?\s*/, '')
        .replace(/\s+/g, ' ')
        .trim();
      text = text.slice(0, at).trim();
    }
  }
  const slug = words(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .slice(0, 7)
    .join('-');
  const body = `${kind}: ${text}` + (kind === 'Breaking' ? `\n\nMigration: ${migration ?? ''}` : '');
  return {
    slug: slug || 'change',
    source: `---\n'${pkg.name}': ${requiredBump(pkg.version, kind)}\n---\n\n${body}\n`,
  };
}

/** Writes a changeset per new [Unreleased] line under `root` and empties the section; the files written. */
export function fromUnreleased(root: string): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const changelogPath = join(root, 'CHANGELOG.md');
  const changelog = readFileSync(changelogPath, 'utf8');
  const known = new Set(
    changesetFiles(root).map((file) => {
      const { changeset } = parseChangeset(
        file,
        readFileSync(join(root, '.changeset', file), 'utf8'),
        pkg.name,
      );
      return words(changeset.text);
    }),
  );
  const written: string[] = [];
  for (const { group, text } of unreleasedBullets(changelog)) {
    const { slug, source } = changesetFor(pkg, group, text);
    const parsed = parseChangeset('new.md', source, pkg.name);
    if (known.has(words(parsed.changeset.text))) continue;
    known.add(words(parsed.changeset.text));
    let name = `${slug}.md`;
    for (let n = 2; existsSync(join(root, '.changeset', name)); n++) name = `${slug}-${n}.md`;
    writeFileSync(join(root, '.changeset', name), source);
    written.push(name);
  }
  const body = unreleasedBody(changelog);
  if (body !== '' && body !== 'Nothing yet.')
    writeFileSync(changelogPath, changelog.replace(body, 'Nothing yet.'));
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const written = fromUnreleased(process.cwd());
  for (const name of written) console.log(`wrote .changeset/${name}`);
  console.log(
    `${written.length} changesets written from [Unreleased]; review their group and text, then \`npm run changeset:check\`.`,
  );
}
