// The `gateway-sdk` command as the CLI tests run it: from src/ through tsx, in the repository.
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `gateway-sdk …args` to its end, without the caller's GATEWAY_WEBHOOK_SECRET unless `env` sets one. */
export function cli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const clean = { ...process.env };
    delete clean['GATEWAY_WEBHOOK_SECRET'];
    execFile(
      process.execPath,
      ['--import', 'tsx', MAIN, ...args],
      { cwd: ROOT, env: { ...clean, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A running `gateway-sdk mock …args`, and the variables it prints to export once it has. */
export function spawnMock(args: string[]): {
  child: ChildProcessWithoutNullStreams;
  exports: Promise<Record<string, string>>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'mock', ...args], { cwd: ROOT });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exports = new Promise<Record<string, string>>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const lines = text.split('\n').filter((l) => l.startsWith('export '));
      if (lines.length >= 6)
        resolve(
          Object.fromEntries(lines.map((l) => /^export ([A-Z_]+)=(.*)$/.exec(l)?.slice(1, 3) ?? ['', ''])),
        );
    });
    child.once('exit', (code) => reject(new Error(`mock exited with ${code}: ${stderr}`)));
  });
  return { child, exports };
}

/** Ends `child` with SIGTERM, if it still runs, and waits for it to exit. */
export async function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
