// The git facts the release checks read: which commit was the last release, and what changed since.
import { execFileSync } from 'node:child_process';

/**
 * 0.1.0 was released without changing package.json's version (it was 0.1.0 from the first commit):
 * this is the commit that wrote its CHANGELOG section, the base when no release commit is found.
 */
export const UNTAGGED_0_1_0 = 'e13800ec68f7ecc510495900394175e5e3a759ee';

/** `git …` in `root`, its output trimmed; throws with git's message on failure. */
export function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** `git …` in `root`, or undefined when it fails (a tag or file that is not there). */
export function gitMaybe(root: string, ...args: string[]): string | undefined {
  try {
    return git(root, ...args);
  } catch {
    return undefined;
  }
}

/**
 * What a change is compared with: `--base=REF`, else `GATEWAY_RELEASE_BASE`, else the last release
 * commit before HEAD (`lastRelease`), else the untagged 0.1.0 commit. Tags are not read: a clone
 * (CI's among them) need not carry them, and the answer must not depend on it.
 */
export function releaseBase(root: string, argv: readonly string[] = process.argv): string {
  const flag = argv.find((a) => a.startsWith('--base='))?.slice('--base='.length);
  const chosen = flag ?? process.env['GATEWAY_RELEASE_BASE'];
  if (chosen) return chosen;
  return lastRelease(root) ?? UNTAGGED_0_1_0;
}

/**
 * The newest commit reachable from HEAD, HEAD itself left out, whose package.json version differs
 * from its first parent's: a release commit (`npm run release` changes nothing else there). HEAD is
 * left out so that a release commit is compared with the release before it, and its checks (no
 * changeset left, reports' changes fit the bump) still run once it is committed.
 */
export function lastRelease(root: string): string | undefined {
  const head = gitMaybe(root, 'rev-parse', 'HEAD');
  const touched = gitMaybe(root, 'log', '--format=%H', '-G"version"', 'HEAD', '--', 'package.json');
  if (!head || !touched) return undefined;
  const version = (ref: string) => {
    const text = fileAt(root, ref, 'package.json');
    return text === undefined ? undefined : (JSON.parse(text) as { version?: string }).version;
  };
  for (const commit of touched.split('\n')) {
    if (commit === head) continue;
    const was = version(`${commit}^`);
    if (was !== undefined && was !== version(commit)) return commit;
  }
  return undefined;
}

/** Files under `paths` that differ between `base` and the working tree (commits and edits), untracked included. */
export function changedSince(
  root: string,
  base: string,
  paths: readonly string[],
  filter = 'ACDMRT',
): string[] {
  const tracked = git(root, 'diff', '--name-only', `--diff-filter=${filter}`, base, '--', ...paths);
  const untracked = filter.includes('A')
    ? git(root, 'ls-files', '--others', '--exclude-standard', '--', ...paths)
    : '';
  return [...new Set([...tracked.split('\n'), ...untracked.split('\n')].filter(Boolean))].sort();
}

/** A file's text at `ref`, or undefined when it is not there. */
export function fileAt(root: string, ref: string, path: string): string | undefined {
  return gitMaybe(root, 'show', `${ref}:${path}`);
}
