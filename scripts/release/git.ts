// The git facts the release checks read: which commit was the last release, and what changed since.
import { execFileSync } from 'node:child_process';

/**
 * 0.1.0 was released without a tag: this is the commit that wrote its CHANGELOG section. Once a
 * `v*` tag exists (the release commit of 0.2.0 on), the newest one reachable is the base instead.
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
 * What a change is compared with: `--base=REF`, else `GATEWAY_RELEASE_BASE`, else the newest `v*`
 * tag reachable from HEAD, else the untagged 0.1.0 commit.
 */
export function releaseBase(root: string, argv: readonly string[] = process.argv): string {
  const flag = argv.find((a) => a.startsWith('--base='))?.slice('--base='.length);
  const chosen = flag ?? process.env['GATEWAY_RELEASE_BASE'];
  if (chosen) return chosen;
  return gitMaybe(root, 'describe', '--tags', '--match', 'v[0-9]*', '--abbrev=0', 'HEAD') ?? UNTAGGED_0_1_0;
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
