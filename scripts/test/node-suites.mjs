// The whole test suite on every supported Node line beside this machine's (.ci/run): Node 22, 24
// and 26 from the `node-<os>-<cpu>` npm package (newest of each line, scripts/runtimes/install.mjs),
// each running `npm test` with that Node first on PATH, one after the other (the machine has two
// cores). Prints one line per line, e.g.
//   suite node 26.10.0 (msw 3.0.5): 1234 passed, 0 failed
// and keeps each run's output in .tmp/node-suites/node<line>.log.
//
//   node scripts/test/node-suites.mjs                 Node 22, 24 and 26
//   node scripts/test/node-suites.mjs --only=26       one line
//   node scripts/test/node-suites.mjs --this-node     the line of this machine's Node, from the JSON
//                                                report `npm test` just wrote (.ci/run's main run)
//
// This is the msw matrix too: vitest.config.ts runs the suite on msw 3 (the dev dependency) where
// Node is 22.12 or newer and on msw 2 (the `msw2` dev dependency) below, as msw 3 needs 22.12; each
// line names the msw it ran on.
//
// On the extra lines vitest skips its type tests (test/types/*.test-d.ts): tsc checks them, and
// tsc's result does not depend on the Node that runs it; the main run on this machine's Node has
// them. Every runtime test runs on every line.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import {
  exec,
  installRuntime,
  NODE_LINES,
  nodeRuntime,
  root,
  tail,
  vitestTotals as totals,
} from '../runtimes/install.mjs';

/** The msw version the suite runs on under Node `version` (the rule of vitest.config.ts). */
function mswVersion(version) {
  const [major, minor] = version.split('.').map(Number);
  const pkg = major > 22 || (major === 22 && minor >= 12) ? 'msw' : 'msw2';
  return JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
}

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const out = join(root, '.tmp/node-suites');

async function suite(line) {
  const started = Date.now();
  const runtime = await installRuntime(nodeRuntime(line));
  const report = join(out, `node${line}.json`);
  rmSync(report, { force: true });
  const run = await exec('npm', ['test', '--', '--typecheck.enabled=false'], {
    keepHome: true,
    timeout: 900_000,
    env: {
      PATH: `${dirname(runtime.path)}${delimiter}${process.env.PATH ?? ''}`,
      GATEWAY_VITEST_RESULTS: report,
    },
  });
  writeFileSync(join(out, `node${line}.log`), `${run.stdout}\n${run.stderr}`);
  const { passed, failed } = existsSync(report) ? totals(report) : { passed: 0, failed: 1 };
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `suite node ${runtime.version} (msw ${mswVersion(runtime.version)}): ${passed} passed, ${failed} failed`,
  );
  console.log(
    `  (node ${runtime.version}: ${seconds}s, output in ${join('.tmp/node-suites', `node${line}.log`)})`,
  );
  if (failed > 0 || run.code !== 0) {
    console.log(tail(run.stdout + run.stderr, 30));
    return false;
  }
  return true;
}

async function main() {
  if (process.argv.includes('--this-node')) {
    const { passed, failed } = totals(join(root, '.tmp/vitest-results.json'));
    console.log(
      `suite node ${process.versions.node} (msw ${mswVersion(process.versions.node)}): ${passed} passed, ${failed} failed`,
    );
    return failed === 0;
  }
  mkdirSync(out, { recursive: true });
  let ok = true;
  for (const line of NODE_LINES.filter((l) => only === undefined || only.includes(l))) {
    try {
      ok = (await suite(line)) && ok;
    } catch (error) {
      console.log(`suite node ${line}: FAILED\n    ${error.message.replace(/\n/g, '\n    ')}`);
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
    console.error(`node-suites: ${error.message}`);
    process.exitCode = 1;
  },
);
