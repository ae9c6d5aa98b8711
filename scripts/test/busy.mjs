// `npm run test:busy`: `npm test` three times in a row while six CPU-bound processes per core keep
// every core busy, as on a shared CI machine: a test that races real time fails here first. Prints
// one line per run and then `busy: node V, 3 runs, N passed, M failed` (N and M over the three
// runs); each run's output is in .tmp/busy/run<i>.log. Exits 1 if any test failed.
//
//   npm run test:busy                  on this machine's Node
//   npm run test:busy -- --node=24     on the newest Node 24 (scripts/runtimes/install.mjs, as
//                                      scripts/test/node-suites.mjs finds it), its type tests left
//                                      to tsc as node-suites does
//   npm run test:busy -- --runs=1      fewer runs (three by default)
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { exec, installRuntime, nodeRuntime, root, tail, vitestTotals } from '../runtimes/install.mjs';

const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(`--${name}=`.length);
const RUNS = Number(option('runs') ?? 3);
const BURNERS_PER_CORE = 6;
const line = option('node');
const out = join(root, '.tmp/busy');
mkdirSync(out, { recursive: true });

// The Node to run on, before the burners start: an install under load would only be slower.
const runtime = line === undefined ? undefined : await installRuntime(nodeRuntime(line));
const version = runtime?.version ?? process.versions.node;

// Six spinning processes per core, for as long as the runs last.
const burners = Array.from({ length: availableParallelism() * BURNERS_PER_CORE }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stop = () => burners.forEach((b) => b.kill('SIGKILL'));
process.on('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

let passed = 0;
let failed = 0;
for (let i = 1; i <= RUNS; i++) {
  const report = join(out, `run${i}.json`);
  rmSync(report, { force: true });
  const started = Date.now();
  const run = await exec('npm', runtime ? ['test', '--', '--typecheck.enabled=false'] : ['test'], {
    keepHome: true,
    timeout: 3_600_000,
    env: {
      GATEWAY_VITEST_RESULTS: report,
      ...(runtime ? { PATH: `${dirname(runtime.path)}${delimiter}${process.env.PATH ?? ''}` } : {}),
    },
  });
  writeFileSync(join(out, `run${i}.log`), `${run.stdout}\n${run.stderr}`);
  const totals = vitestTotals(report);
  passed += totals.passed;
  failed += totals.failed;
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `busy run ${i} (node ${version}): ${totals.passed} passed, ${totals.failed} failed in ${seconds}s`,
  );
  if (totals.failed > 0 || run.code !== 0) console.log(tail(run.stdout + run.stderr, 40));
  if (run.code !== 0 && totals.failed === 0) failed++;
}
stop();
console.log(`busy: node ${version}, ${RUNS} runs, ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
