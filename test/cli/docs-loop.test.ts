// docs/testing.md's local loop, run as the page writes it: its `$ ` commands are read from the
// markdown (so the page and this test cannot drift) and run by bash in a scratch app that installed
// the packed tarball, `npx` and all, as a new user runs them: the first time, with no env file yet.
// npx is a node script, and node reads some options wherever they stand on its command line: an
// env-file option node owns made npx's own node exit 9 before the mock ran. The package is this
// run's build (test/helpers/global-build.ts), packed and installed once for the file.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPackage } from '../helpers/cli-build.js';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url);

/** The `$ ` commands of the first sh block of docs/testing.md's local-loop section, as written. */
function localLoopCommands(): string[] {
  const docs = readFileSync(new URL('docs/testing.md', ROOT), 'utf8');
  const start = docs.indexOf('\n### The local loop');
  expect(start).toBeGreaterThan(0);
  const section = docs.slice(start + 1).split(/\n##+ /)[0] ?? '';
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .filter((line) => line.startsWith('$ '))
    .map((line) => line.slice(2));
}

/**
 * The environment of a user's shell: no npm_* variables, NODE_OPTIONS or bins of the repository
 * from the npm or vitest that runs this file, no GATEWAY_* of the caller's; npm offline, so a
 * miss fails instead of fetching.
 */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^(npm_|NODE_OPTIONS$|GATEWAY_|VITEST)/i.test(name)) env[name] = value;
  // Without the repository's node_modules/.bin that `npm test` puts first: only the app's bins.
  const path = (process.env['PATH'] ?? '').split(':').filter((p) => !p.endsWith('node_modules/.bin'));
  env['PATH'] = [dirname(process.execPath), ...path].join(':');
  env['npm_config_offline'] = 'true';
  env['npm_config_update_notifier'] = 'false';
  return env;
}

let work = '';
let app = '';
const started: ChildProcess[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gateway-docs-loop-'));
  const pkg = join(work, 'package');
  cpSync(builtPackage(), join(pkg, 'dist'), { recursive: true });
  for (const file of ['package.json', 'README.md', 'CHANGELOG.md'])
    cpSync(new URL(file, ROOT), join(pkg, file));
  const env = userEnv();
  const { stdout } = await run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], {
    cwd: pkg,
    env,
  });
  const tarball = join(work, stdout.trim().split('\n').pop() ?? '');
  app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n');
  await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: app, env });
}, 60_000);

afterAll(async () => {
  for (const child of started) await stopGroup(child);
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

/** Ends the process group `child` leads (bash, npx, its shell and the mock) and waits for it. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = once(child, 'exit');
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

/** Starts `command` in the app by bash, in a process group of its own; resolves once it listens. */
async function startMock(command: string) {
  const child = spawn('bash', ['-c', command], { cwd: app, env: userEnv(), detached: true });
  started.push(child);
  let stderr = '';
  let stdout = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`\`${command}\` exited with ${code}: ${stderr}`)));
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
      if (stderr.includes('listening on')) resolve();
    });
  });
  return { child, stderr, stdout: () => stdout };
}

describe("docs/testing.md's local loop, run as written through npx from the packed tarball", () => {
  it('starts the mock on first use, the other terminal sources its file, and a restart replaces it', async () => {
    const [mockCommand = '', loadCommand = '', ...others] = localLoopCommands();
    expect(others).toEqual([]);
    expect(mockCommand).toMatch(/^npx gateway-sdk mock .*--forward-to http:\/\/127\.0\.0\.1:3000\/webhooks/);
    const envFile = /^source (\S+) && node receiver\.js$/.exec(loadCommand)?.[1] ?? '';
    expect(mockCommand).toContain(` ${envFile}`);
    const file = join(app, envFile);
    expect(existsSync(file)).toBe(false);

    // Terminal 1: the mock. It says where the variables went, and prints none of them.
    const first = await startMock(mockCommand);
    expect(first.stderr.split('\n')[0]).toBe(
      `gateway-sdk mock: wrote the GATEWAY_* variables to ${file} (mode 0600)`,
    );
    expect(first.stdout()).toBe('');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Terminal 2: the variables, then "your receiver", here one that prints what it was given.
    writeFileSync(
      join(app, 'receiver.js'),
      'console.log(process.env.GATEWAY_BASE_URL, process.env.GATEWAY_API_KEY);',
    );
    const loaded = await run('bash', ['-c', loadCommand], { cwd: app, env: userEnv() });
    const [base = '', key = ''] = loaded.stdout.trim().split(' ');
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const answer = await fetch(`${base}/sms/messages`, {
      headers: { authorization: `Bearer ${key}`, 'service-version': '2026-01-01' },
    });
    expect(answer.status).toBe(200);
    await stopGroup(first.child);

    // A second start replaces the file the first one wrote, with fresh keys.
    const second = await startMock(mockCommand);
    expect(second.stderr).toContain(`wrote the GATEWAY_* variables to ${file}`);
    expect(readFileSync(file, 'utf8')).not.toContain(key);
    await stopGroup(second.child);
  }, 60_000);
});
