// `npm run test:busy`: `npm test` three times in a row while two CPU-bound processes keep both cores
// busy, as on a shared CI machine: a test that races real time fails here first. Prints one line per
// run and then `busy: 3 runs, N passed, M failed` (N and M over the three runs); each run's output is
// in .tmp/busy/run<i>.log. Exits 1 if any test failed.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { exec, root, tail, vitestTotals } from '../runtimes/install.mjs';

const RUNS = 3;
const out = join(root, '.tmp/busy');
mkdirSync(out, { recursive: true });

// One spinning process per core, for as long as the runs last.
const burners = Array.from({ length: availableParallelism() }, () =>
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
  const run = await exec('npm', ['test'], {
    keepHome: true,
    timeout: 1_800_000,
    env: { GATEWAY_VITEST_RESULTS: report },
  });
  writeFileSync(join(out, `run${i}.log`), `${run.stdout}\n${run.stderr}`);
  const totals = vitestTotals(report);
  passed += totals.passed;
  failed += totals.failed;
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`busy run ${i}: ${totals.passed} passed, ${totals.failed} failed in ${seconds}s`);
  if (totals.failed > 0 || run.code !== 0) console.log(tail(run.stdout + run.stderr, 40));
}
stop();
console.log(`busy: ${RUNS} runs, ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
