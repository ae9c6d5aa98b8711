// The MSW adapter's tests (test/testing/, which serve the mock through `mock.handlers` and use
// `allowLoopback`) under each msw major of the peer range: msw 2 on this machine's Node, msw 3 on
// Node 26 (msw 3 needs Node 22.12 or newer; the Node comes from npm, scripts/runtimes/install.mjs).
// Each msw is installed, newest of its major, into its own project under .tmp/msw-matrix/, and
// scripts/msw-matrix.config.ts points every `msw` import of the run there. Prints one line each:
//   msw 2.15.0 adapter (node 20.20.2): 120 passed, 0 failed
//   msw 3.0.5 adapter (node 26.10.0): 120 passed, 0 failed
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { exec, installRuntime, nodeRuntime, root, tail, vitestTotals } from './runtimes/install.mjs';

const LEGS = [
  { major: '2', node: undefined },
  { major: '3', node: '26' },
];
// test/testing/dist.test.ts builds dist/ and runs it without msw: nothing of msw's to vary.
const TESTS = ['test/testing/', '--exclude', 'test/testing/dist.test.ts'];
const out = join(root, '.tmp/msw-matrix');

async function leg({ major, node }) {
  const dir = join(out, `msw${major}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `msw-matrix-${major}`, private: true, type: 'module' })}\n`,
  );
  const npm = await exec(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-save', '--no-package-lock', `msw@^${major}`],
    { cwd: dir, keepHome: true, timeout: 300_000 },
  );
  const pkg = join(dir, 'node_modules/msw/package.json');
  if (npm.code !== 0 || !existsSync(pkg))
    throw new Error(`could not install msw@^${major} (npm exit ${npm.code})\n${tail(npm.stderr)}`);
  const version = JSON.parse(readFileSync(pkg, 'utf8')).version;
  if (!version.startsWith(`${major}.`)) throw new Error(`msw@^${major} installed ${version}`);

  const runtime = node === undefined ? undefined : await installRuntime(nodeRuntime(node));
  const report = join(out, `msw${major}.json`);
  rmSync(report, { force: true });
  const run = await exec(
    runtime?.path ?? process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      'scripts/msw-matrix.config.ts',
      '--typecheck.enabled=false',
      ...TESTS,
    ],
    {
      keepHome: true,
      timeout: 600_000,
      env: {
        GATEWAY_MSW_DIR: dir,
        GATEWAY_VITEST_RESULTS: report,
        ...(runtime ? { PATH: `${dirname(runtime.path)}${delimiter}${process.env.PATH ?? ''}` } : {}),
      },
    },
  );
  writeFileSync(join(out, `msw${major}.log`), `${run.stdout}\n${run.stderr}`);
  const { passed, failed } = vitestTotals(report);
  const nodeVersion = runtime?.version ?? process.versions.node;
  console.log(`msw ${version} adapter (node ${nodeVersion}): ${passed} passed, ${failed} failed`);
  if (failed > 0 || run.code !== 0) {
    console.log(tail(run.stdout + run.stderr, 30));
    return false;
  }
  return passed > 0;
}

async function main() {
  mkdirSync(out, { recursive: true });
  let ok = true;
  for (const l of LEGS) {
    try {
      ok = (await leg(l)) && ok;
    } catch (error) {
      console.log(`msw ${l.major} adapter: FAILED\n    ${error.message.replace(/\n/g, '\n    ')}`);
      ok = false;
    }
  }
  return ok;
}

main().then(
  (ok) => {
    process.exitCode = ok ? 0 : 1;
  },
  (error) => {
    console.error(`msw-matrix: ${error.message}`);
    process.exitCode = 1;
  },
);
