// `gateway-sdk mock --write-env PATH`: the GATEWAY_* lines go to a file only its owner can read,
// written so that nothing already at PATH is written through or lost. The rule in force: the file
// is written to a fresh temporary file beside PATH (O_EXCL, no link followed, mode 0600) and
// renamed over PATH, so a symlink, FIFO or hard link at PATH is never opened for writing; and what
// is at PATH is replaced only when it is missing or a regular file this mock wrote (its first line
// is MARKER, its owner is this user), or, for any other regular file, with --force. A symlink,
// FIFO, socket, device or directory at PATH is refused even with --force, and is never opened.
// PATH's directory is resolved first, link by link: a symbolic link on the way that belongs to
// another user (not this user, not root) is refused, since whoever owns it chooses where the file
// lands; the file is then written in the directory as resolved, so the links are read once.
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, open, readlink, rename, unlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, parse, sep } from 'node:path';
import { type EnvTarget, printableLine as printable, UsageError } from './options.js';

/** The first line of every env file the mock writes: how a later start knows the file is its own. */
export const MARKER = '# Written by gateway-sdk mock, which replaces this file on each start.';

// Where a platform lacks O_NOFOLLOW (Windows), the lstat checks and O_EXCL still hold.
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/** How a non-regular entry at PATH is named in the refusal. */
function kindOf(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isSocket()) return 'a socket';
  return 'a device';
}

const refusal = ({ path, option }: EnvTarget, what: string) =>
  new UsageError(
    `${option} ${printable(path)} is ${what}; the mock writes only a file it created. ` +
      'Name another path, or remove what is there.',
    null,
  );

/** As many links as Linux follows in one path (ELOOP past it). */
const MAX_LINKS = 40;

/**
 * The directory of `target`'s path with every symbolic link resolved, one component at a time;
 * a link owned by neither this user nor root is refused (exit 2) before it is followed.
 */
async function realDirectory(target: EnvTarget): Promise<string> {
  const uid = process.getuid?.();
  // Not resolve(): it removes `link/..` by the text, where the file system goes up from the link's target.
  const given = dirname(target.path);
  const absolute = isAbsolute(given) ? given : `${process.cwd()}${sep}${given}`;
  const { root } = parse(absolute);
  // Components still to walk, the next one last.
  const rest = absolute.slice(root.length).split(sep).reverse();
  let at = root;
  let links = 0;
  for (let part = rest.pop(); part !== undefined; part = rest.pop()) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      at = dirname(at);
      continue;
    }
    const next = join(at, part);
    const stats = await lstat(next);
    if (!stats.isSymbolicLink()) {
      at = next;
      continue;
    }
    if (uid !== undefined && stats.uid !== uid && stats.uid !== 0)
      throw new UsageError(
        `${target.option} ${printable(target.path)}: ${printable(next)} is a symbolic link another user ` +
          `owns (uid ${stats.uid}), so that user chooses where the file would land. Name a path ` +
          'through directories and links of yours.',
        null,
      );
    if (++links > MAX_LINKS) throw new Error(`too many symbolic links in ${absolute}`);
    const link = await readlink(next);
    if (isAbsolute(link)) at = parse(link).root;
    rest.push(...link.split(sep).reverse());
  }
  return at;
}

/**
 * Checks that `path` may receive the mock's env file: its directory reached through no other
 * user's link (realDirectory), and the file missing, or a regular file the mock wrote, or (with
 * `force`) any regular file. Throws a UsageError (exit 2) otherwise. A non-regular entry is refused
 * from lstat alone, and a regular one is opened non-blocking without following links, so the
 * check never hangs and never reads through a link. Resolves to the path as resolved.
 */
export async function checkEnvTarget(target: EnvTarget): Promise<string> {
  const { option, force } = target;
  const path = join(await realDirectory(target), basename(target.path));
  let stats: Stats;
  try {
    stats = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return path;
    throw error;
  }
  const kind = kindOf(stats);
  if (kind !== undefined) throw refusal(target, kind);
  if (force || (await writtenByMock(path, stats))) return path;
  throw new UsageError(
    `${option} ${printable(target.path)} already exists and the mock did not write it (it lacks the ` +
      "mock's first line, or is another user's); replacing it would lose what it holds. Name " +
      'another file, or add --force to replace it.',
    null,
  );
}

/** Whether the regular file at `path` (as lstat saw it) starts with MARKER and is this user's. */
async function writtenByMock(path: string, seen: Stats): Promise<boolean> {
  const uid = process.getuid?.();
  if (uid !== undefined && seen.uid !== uid) return false;
  const file = await open(path, constants.O_RDONLY | NOFOLLOW | NONBLOCK);
  try {
    const stats = await file.stat();
    // Swapped since the lstat: judged as what is there now, never read if it is not that file.
    if (!stats.isFile() || stats.ino !== seen.ino || stats.dev !== seen.dev) return false;
    const head = Buffer.alloc(MARKER.length + 1);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const text = head.subarray(0, bytesRead).toString('utf8');
    return text === `${MARKER}\n` || text.startsWith(`${MARKER}\r`);
  } finally {
    await file.close();
  }
}

/**
 * Writes MARKER and `text` to `path` as checkEnvTarget allows: into a new 0600 file beside it,
 * then renamed over it (atomic on one file system, and a link at PATH is replaced, not followed).
 * The temporary file is removed when anything fails. Resolves to the path written.
 */
export async function writeEnvFile(target: EnvTarget, text: string): Promise<string> {
  const path = await checkEnvTarget(target);
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW;
  const file = await open(temporary, flags, 0o600);
  try {
    try {
      // The mode given to open() is narrowed by the umask only; this makes it exactly 0600.
      await file.chmod(0o600);
      await file.writeFile(`${MARKER}\n${text}`);
    } finally {
      await file.close();
    }
    await rename(temporary, path);
    return path;
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
