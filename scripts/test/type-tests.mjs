// `npm run types:check`: the type tests (test/types/*.test-d.ts) compiled against src/ by both
// TypeScript 5.9 (`typescript`) and TypeScript 7 (`typescript-next`); vitest's typecheck runs
// only the first. Each `@ts-expect-error` is a fixture: a line that must not compile (tsc fails on
// one that compiles, TS2578). A fixture whose comment names a code (`// @ts-expect-error: TS2367, …`)
// is also checked for that code: the directives are blanked in a copy under .tmp/type-fixtures/,
// and the copy must fail on exactly those lines with exactly those codes, so a fixture cannot pass
// by failing for another reason (a typo in the fixture itself). The declarations as published are
// checked by scripts/package/published-types.mjs (`npm run check:package`), with the same files.
//
// `--typechecked` (CI, whose typecheck step runs `npm run typecheck`: TypeScript 5.9 over
// tsconfig.json, whose `include` has test/types) leaves out step 1 for TypeScript 5.9, the same
// compiler over the same files with the same options, so that program is built once per CI run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(join(root, 'package.json'));
const compilers = [
  { name: 'typescript', tsc: require.resolve('typescript/bin/tsc') },
  { name: 'typescript-next', tsc: join(dirname(require.resolve('typescript-next/package.json')), 'bin/tsc') },
];
const typesDir = join(root, 'test/types');
const files = readdirSync(typesDir)
  .filter((f) => f.endsWith('.test-d.ts'))
  .sort();
const typechecked = process.argv.includes('--typechecked');
const DIRECTIVE = /^(\s*)\/\/ @ts-expect-error\b(?::\s*(TS\d+)\b)?.*$/;

// The fixtures, and a copy of each file with every coded directive blanked (same line numbers).
const fixtures = [];
const work = join(root, '.tmp/type-fixtures');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
for (const file of files) {
  const lines = readFileSync(join(typesDir, file), 'utf8').split('\n');
  const copy = lines.map((line, i) => {
    const match = DIRECTIVE.exec(line);
    if (!match) return line;
    fixtures.push({ file, line: i + 2, code: match[2] ?? null });
    return match[2] ? '' : line;
  });
  writeFileSync(join(work, file), copy.join('\n'));
}
const coded = fixtures.filter((f) => f.code !== null);

function tsconfig(dir, include) {
  const path = join(dir, 'tsconfig.type-tests.json');
  // `extends` keeps the project's options and its `paths` (resolved from tsconfig.json's folder).
  writeFileSync(path, JSON.stringify({ extends: relative(dir, join(root, 'tsconfig.json')), include }));
  return path;
}

function compile(tsc, config) {
  const run = spawnSync(process.execPath, [tsc, '--noEmit', '-p', config], { cwd: root, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

let failed = 0;
const versions = [];
for (const { name, tsc } of compilers) {
  const version = spawnSync(process.execPath, [tsc, '--version'], { encoding: 'utf8' }).stdout.trim();
  versions.push(version.replace(/^Version /, `${name} `));
  // 1. The type tests as written: every assertion holds and every directive is needed.
  const clean =
    name === 'typescript' && typechecked
      ? { status: 0 }
      : compile(tsc, tsconfig(join(root, '.tmp'), ['../test/types/*.test-d.ts']));
  if (clean.status !== 0) {
    failed++;
    console.log(`FAIL ${name} (${version}): test/types does not compile\n${clean.output}`);
    continue;
  }
  // 2. Without the coded directives: exactly the fixtures' lines fail, each with its code.
  const bare = compile(tsc, tsconfig(work, ['*.test-d.ts']));
  const errors = [...bare.output.matchAll(/([\w.-]+\.test-d\.ts)\((\d+),\d+\): error (TS\d+)/g)].map((m) => ({
    file: m[1],
    line: Number(m[2]),
    code: m[3],
  }));
  const missing = coded.filter(
    (f) => !errors.some((e) => e.file === f.file && e.line === f.line && e.code === f.code),
  );
  const stray = errors.filter((e) => !coded.some((f) => f.file === e.file && f.line === e.line));
  if (missing.length > 0 || stray.length > 0) {
    failed++;
    console.log(`FAIL ${name} (${version}): the fixtures do not fail as their comments say`);
    for (const f of missing)
      console.log(`  test/types/${f.file}:${f.line}: expected ${f.code}, not reported`);
    for (const e of stray)
      console.log(`  test/types/${e.file}:${e.line}: ${e.code} on a line that is not a fixture`);
    if (stray.length > 0) console.log(bare.output);
    continue;
  }
  console.log(
    `ok   ${name} (${version}): ${files.length} files, ${fixtures.length} fixtures, ${coded.length} with their code`,
  );
}
if (failed > 0) {
  console.error(`${failed} compiler(s) disagree with the type tests.`);
  process.exit(1);
}
console.log(`types: ${fixtures.length} @ts-expect-error fixtures hold on ${versions.join(' and ')}`);
