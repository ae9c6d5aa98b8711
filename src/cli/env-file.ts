// `gateway-sdk mock --write-env PATH`: the GATEWAY_* lines go to a file only its owner can read,
// written so that nothing already at PATH is written through or lost. The rule in force: the file
// is written to a fresh temporary file beside PATH (O_EXCL, no link followed, mode 0600) and
// renamed over PATH, so a symlink, FIFO or hard link at PATH is never opened for writing; and what
// is at PATH is replaced only when it is missing or a regular file this mock wrote (its first line
// is MARKER, its owner is this user), or, for any other regular file, with --force. A symlink,
// FIFO, socket, device or directory at PATH is refused even with --force, and is never opened.
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type EnvTarget, printable, UsageError } from './options.js';

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

/**
 * Checks that `path` may receive the mock's env file: missing, or a regular file the mock wrote,
 * or (with `force`) any regular file. Throws a UsageError (exit 2) otherwise. A non-regular entry
 * is refused from lstat alone, and a regular one is opened non-blocking without following links,
 * so the check never hangs and never reads through a link.
 */
export async function checkEnvTarget(target: EnvTarget): Promise<void> {
  const { path, option, force } = target;
  let stats: Stats;
  try {
    stats = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const kind = kindOf(stats);
  if (kind !== undefined) throw refusal(target, kind);
  if (force || (await writtenByMock(path, stats))) return;
  throw new UsageError(
    `${option} ${printable(path)} already exists and the mock did not write it (it lacks the ` +
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
 * The temporary file is removed when anything fails.
 */
export async function writeEnvFile(target: EnvTarget, text: string): Promise<void> {
  await checkEnvTarget(target);
  const { path } = target;
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
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
