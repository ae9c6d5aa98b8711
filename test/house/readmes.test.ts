// A folder with a README that lists its files keeps it true: every file of the folder is named in
// it (by its path from the folder, or its own name; a `.d.mts`/`.d.ts` goes with its script), and
// every file name the README gives in backticks is a file of the folder. The check is a function of
// the folder's files and the README's text, so a planted fixture shows each half failing.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(__dirname, '../..');

/** The folders whose README lists their files (sub-folders included for scripts/). */
const FOLDERS = ['src/core', 'src/internal', 'scripts'];

/** Every file under `dir` but its README, as paths from `dir`. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((file) => file !== 'README.md');
}

const FILE_NAME = /^\w[\w.-]*\.(?:ts|mts|mjs|cjs|js|sh|json)$/;

/** What makes `readme` untrue to `files`: a file it does not name, a file name it gives that is not there. */
export function readmeProblems(folder: string, readme: string, files: readonly string[]): string[] {
  const named = new Set([...readme.matchAll(/`([^`\s]+)`/g)].map((m) => m[1] ?? ''));
  const listed = (file: string): boolean =>
    named.has(file) ||
    named.has(basename(file)) ||
    // Type declarations go with the script they type.
    (/\.d\.m?ts$/.test(file) && listed(file.replace(/\.d\.(m?)ts$/, '.$1js')));
  const problems = files
    .filter((file) => !listed(file))
    .map((file) => `${folder}/README.md does not list ${file}`);
  const names = new Set(files.map((file) => basename(file)));
  for (const name of named)
    if (FILE_NAME.test(name) && !names.has(name))
      problems.push(`${folder}/README.md lists ${name}, which is not a file of ${folder}/`);
  return problems;
}

describe('folder READMEs', () => {
  it.each(FOLDERS)('%s/README.md lists every file of its folder, and only those', (folder) => {
    const dir = join(repo, folder);
    expect(readmeProblems(folder, readFileSync(join(dir, 'README.md'), 'utf8'), filesOf(dir))).toEqual([]);
  });

  it('fails on a planted file the README does not list, and on a listed file that is gone', () => {
    const readme = '- `a.ts`: one; `sub/b.mjs` (+ its types); `gone.ts` was here.\n';
    expect(readmeProblems('x', readme, ['a.ts', 'sub/b.mjs', 'sub/b.d.mts', 'gone.ts'])).toEqual([]);
    expect(
      readmeProblems('x', readme, ['a.ts', 'sub/b.mjs', 'sub/b.d.mts', 'gone.ts', 'planted.ts']),
    ).toEqual(['x/README.md does not list planted.ts']);
    expect(readmeProblems('x', readme, ['a.ts', 'sub/b.mjs', 'sub/b.d.mts'])).toEqual([
      'x/README.md lists gone.ts, which is not a file of x/',
    ]);
  });
});
