// The `gateway-sdk` command as the CLI tests run it: src/cli/main.ts as tsup bundles it (the bin
// users get), built once per run (test/helpers/global-build.ts), in the repository. A spawn is a
// plain `node cli.js`: through tsx, compiling src/ cost every spawn 350-500 ms of CPU.
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { ClientOptions } from 'gateway-sdk';
import { builtCli } from './cli-build.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `gateway-sdk …args` to its end, without the caller's GATEWAY_WEBHOOK_SECRET unless `env` sets one. */
export function cli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const clean = { ...process.env };
    delete clean['GATEWAY_WEBHOOK_SECRET'];
    execFile(
      process.execPath,
      [builtCli(), ...args],
      { cwd: ROOT, env: { ...clean, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * A running `gateway-sdk mock …args`, and the variables it prints to export once it has; without
 * the caller's GATEWAY_WEBHOOK_SECRET (the mock would sign with it) unless `env` sets one.
 */
export function spawnMock(
  args: string[],
  env: Record<string, string> = {},
): {
  child: ChildProcessWithoutNullStreams;
  exports: Promise<Record<string, string>>;
} {
  const clean = { ...process.env };
  delete clean['GATEWAY_WEBHOOK_SECRET'];
  const child = spawn(process.execPath, [builtCli(), 'mock', ...args], {
    cwd: ROOT,
    env: { ...clean, ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`mock exited with ${code}: ${stderr}`))),
  );
  // Handled here: once the exports are read, a later exit is not a failure.
  exited.catch(() => undefined);
  const exports = Promise.race([readExports(child.stdout), exited]);
  return { child, exports };
}

/** The six variables `gateway-sdk mock` prints as `export NAME=value` lines, once it has. */
export function readExports(stdout: Readable): Promise<Record<string, string>> {
  return new Promise((resolve) => {
    let text = '';
    stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const lines = text.split('\n').filter((l) => l.startsWith('export '));
      if (lines.length >= 6)
        resolve(Object.fromEntries(lines.map((l) => /^export (\w+)=(.*)$/.exec(l)?.slice(1, 3) ?? ['', ''])));
    });
  });
}

/** Client options pointing at the mock whose exports these are. */
export function clientOptionsFrom(env: Record<string, string>): ClientOptions {
  return {
    apiKey: env['GATEWAY_API_KEY'] ?? '',
    testApiKey: env['GATEWAY_TEST_API_KEY'] ?? '',
    accessToken: env['GATEWAY_ACCESS_TOKEN'] ?? '',
    baseURL: env['GATEWAY_BASE_URL'] ?? '',
    sandboxBaseURL: env['GATEWAY_SANDBOX_BASE_URL'] ?? '',
  };
}

/** Ends `child` with SIGTERM, if it still runs, and waits for it to exit. */
export async function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
