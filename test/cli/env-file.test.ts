// `gateway-sdk mock --write-env PATH` writes only a file it created: through a new 0600 file beside
// PATH renamed over it, so a link or FIFO at PATH is never written through, and a file the mock did
// not write (an app's .env) is never replaced without --force. src/cli/env-file.ts, called directly;
// test/cli/commands.test.ts runs the same refusals through the command.
import { execFileSync } from 'node:child_process';
import {
  lchown,
  lstat,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  mkdir,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkEnvTarget, MARKER, writeEnvFile } from '../../src/cli/env-file.js';
import { type EnvTarget, UsageError } from '../../src/cli/options.js';

const LINES = 'export GATEWAY_API_KEY=sk_live_mock_1\n';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gateway-env-file-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const target = (name: string, force = false): EnvTarget => ({
  path: join(dir, name),
  option: '--write-env',
  force,
});

/** The UsageError (exit 2, one line, no usage) `run` rejects with. */
async function refusal(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UsageError);
  expect((error as UsageError).usage).toBeNull();
  expect((error as UsageError).message).not.toContain('\n');
  return (error as UsageError).message;
}

describe('--write-env PATH', () => {
  it('writes a new file, the marker line first, mode 0600, and leaves no temporary file behind', async () => {
    await writeEnvFile(target('.gateway.env'), LINES);
    const file = join(dir, '.gateway.env');
    expect(await readFile(file, 'utf8')).toBe(`${MARKER}\n${LINES}`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['.gateway.env']);
  });

  it('replaces, without --force, a file it wrote before, with a new file', async () => {
    const file = join(dir, '.gateway.env');
    await writeEnvFile(target('.gateway.env'), 'export GATEWAY_API_KEY=first\n');
    const before = await stat(file);
    await writeEnvFile(target('.gateway.env'), LINES);
    expect(await readFile(file, 'utf8')).toBe(`${MARKER}\n${LINES}`);
    // Renamed over, never rewritten in place: a hard link to the old file would keep the old lines.
    expect((await stat(file)).ino).not.toBe(before.ino);
  });

  it("refuses an app's existing .env, which it did not write, and leaves it as it was", async () => {
    const file = join(dir, '.env');
    await writeFile(file, 'DATABASE_URL=postgres://app@db/app\n', { mode: 0o644 });
    const message = await refusal(writeEnvFile(target('.env'), LINES));
    expect(message).toBe(
      `--write-env ${file} already exists and the mock did not write it (it lacks the mock's ` +
        "first line, or is another user's); replacing it would lose what it holds. Name another file, or add --force to replace it.",
    );
    expect(await readFile(file, 'utf8')).toBe('DATABASE_URL=postgres://app@db/app\n');
    expect(await readdir(dir)).toEqual(['.env']);
  });

  it('replaces a file it did not write when given --force, with a new 0600 file', async () => {
    const file = join(dir, '.env');
    await writeFile(file, 'DATABASE_URL=postgres://app@db/app\n', { mode: 0o644 });
    await writeEnvFile(target('.env', true), LINES);
    expect(await readFile(file, 'utf8')).toBe(`${MARKER}\n${LINES}`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('does not take a file whose marker is not its first line for its own', async () => {
    await writeFile(join(dir, '.env'), `DATABASE_URL=postgres://app@db/app\n${MARKER}\n`);
    await refusal(checkEnvTarget(target('.env')));
  });

  it.each([false, true])(
    'refuses a symbolic link at PATH (--force %s) and leaves the file it points to untouched',
    async (force) => {
      const victim = join(dir, 'victim');
      await writeFile(victim, 'precious\n');
      await symlink(victim, join(dir, '.gateway.env'));
      const message = await refusal(writeEnvFile(target('.gateway.env', force), LINES));
      expect(message).toBe(
        `--write-env ${join(dir, '.gateway.env')} is a symbolic link; the mock writes only a file it ` +
          'created. Name another path, or remove what is there.',
      );
      expect(await readFile(victim, 'utf8')).toBe('precious\n');
      expect(await readlink(join(dir, '.gateway.env'))).toBe(victim);
    },
  );

  it('refuses a dangling symbolic link and creates nothing where it points', async () => {
    const chosen = join(dir, 'chosen-by-someone-else');
    await symlink(chosen, join(dir, '.gateway.env'));
    await refusal(writeEnvFile(target('.gateway.env', true), LINES));
    await expect(lstat(chosen)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await readdir(dir)).sort()).toEqual(['.gateway.env']);
  });

  it('refuses a FIFO at PATH without opening it (no reader needed, nothing blocks)', async () => {
    const fifo = join(dir, '.gateway.env');
    execFileSync('mkfifo', [fifo]);
    // With no reader, opening the FIFO to write would block this test for good.
    const message = await refusal(writeEnvFile(target('.gateway.env', true), LINES));
    expect(message).toContain('is a FIFO (named pipe); the mock writes only a file it created');
    expect((await lstat(fifo)).isFIFO()).toBe(true);
  });

  it('refuses a directory at PATH', async () => {
    await mkdir(join(dir, '.gateway.env'));
    expect(await refusal(writeEnvFile(target('.gateway.env', true), LINES))).toContain('is a directory');
  });

  it("refuses another user's link met anywhere on the way, through links of one's own and `..`", async () => {
    await mkdir(join(dir, 'real', 'deep'), { recursive: true });
    await symlink(join(dir, 'real'), join(dir, 'theirs'));
    await lchown(join(dir, 'theirs'), 65_534, 65_534);
    // Mine, pointing at a path through theirs: theirs is still on the way.
    await symlink('theirs/deep', join(dir, 'mine'));
    const message = await refusal(writeEnvFile(target('mine/.gateway.env'), LINES));
    expect(message).toContain(`${join(dir, 'theirs')} is a symbolic link another user owns (uid 65534)`);
    // `..` goes up from where a link leads, as the file system does, not by the text of the path.
    await symlink(join(dir, 'real', 'deep'), join(dir, 'own'));
    const upFromLink = { ...target(''), path: `${dir}/own/../.gateway.env` };
    expect(await writeEnvFile(upFromLink, LINES)).toBe(join(dir, 'real', '.gateway.env'));
    expect((await readdir(join(dir, 'real'))).sort()).toEqual(['.gateway.env', 'deep']);
  });

  it('names the option the path was given with', async () => {
    await writeFile(join(dir, '.env'), 'A=1\n');
    const message = await refusal(checkEnvTarget({ ...target('.env'), option: '--env-file' }));
    expect(message).toMatch(/^--env-file /);
  });
});
