// `npm run changeset:check` (CI): a change to what src/ does needs a changeset. Fails when src/
// differs from the last release (scripts/release/git.ts says which commit that is; `--base=REF`
// compares with another, a pull request's merge base say) and no .changeset/*.md was added since,
// and when a changeset is malformed or takes the wrong bump. A change users cannot notice (a
// refactor, a comment) takes an empty changeset: `npx changeset --empty`. The release commit itself
// (package.json's version changed since the base) passes: its changesets became CHANGELOG.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readChangesets } from './changesets.js';
import { changedSince, fileAt, releaseBase } from './git.js';

/** What stops the check under `root` compared with `base`: an empty list passes. */
export function changesetProblems(root: string, base: string): string[] {
  const { problems } = readChangesets(root);
  const src = changedSince(root, base, ['src']).filter((f) => !f.endsWith('.md'));
  if (src.length === 0) return problems;
  const added = changedSince(root, base, ['.changeset'], 'A').filter(
    (f) => f.endsWith('.md') && !f.endsWith('/README.md'),
  );
  const version = (text: string | undefined) =>
    text ? (JSON.parse(text) as { version: string }).version : '';
  const released =
    version(fileAt(root, base, 'package.json')) !== version(readFileSync(join(root, 'package.json'), 'utf8'));
  if (added.length === 0 && !released)
    problems.push(
      `src/ changed since ${base} (${src.length} files: ${src.slice(0, 3).join(', ')}${src.length > 3 ? ', …' : ''}) and no changeset was added: run \`npx changeset\` and write the CHANGELOG line (CONTRIBUTING.md, "Adding a changeset"), or \`npx changeset --empty\` for a change users cannot notice`,
    );
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  const base = releaseBase(root);
  const problems = changesetProblems(root, base);
  for (const p of problems) console.error(`changeset: ${p}`);
  console.log(
    `changeset check against ${base}: ${problems.length === 0 ? 'ok' : `${problems.length} problems`}`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}
