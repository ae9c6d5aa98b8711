// The published types as a user's compiler sees them: a small project (test/consumer/) and the
// type tests (test/types/*.test-d.ts) compiled against the installed tarball, not src/, with
// `strict`, `exactOptionalPropertyTypes` and `noUncheckedIndexedAccess`, under every
// moduleResolution, with TypeScript 5.9 and the newest TypeScript (the `typescript-next` alias).
// Usage: node scripts/package/published-types.mjs <app dir with gateway-sdk installed> (scripts/package/check.sh).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const app = resolve(process.argv[2] ?? '');
const require = createRequire(join(root, 'package.json'));
const compilers = [
  { name: 'typescript', tsc: require.resolve('typescript/bin/tsc') },
  { name: 'typescript-next', tsc: join(dirname(require.resolve('typescript-next/package.json')), 'bin/tsc') },
];

// The project: the same source as a CommonJS file (.ts in a "type": "commonjs" package) and as an
// ES module (.mts), so node16/nodenext resolve both the `require` and the `import` conditions.
const dir = join(app, 'types-check');
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, 'esm'), { recursive: true });
cpSync(join(root, 'test/consumer/consumer.ts'), join(dir, 'consumer.ts'));
cpSync(join(root, 'test/consumer/consumer.ts'), join(dir, 'consumer.mts'));
// The type tests import vitest (ESM only), so they compile as ES modules.
writeFileSync(join(dir, 'esm/package.json'), '{ "type": "module" }\n');
for (const file of readdirSync(join(root, 'test/types')).filter((f) => f.endsWith('.test-d.ts')))
  cpSync(join(root, 'test/types', file), join(dir, 'esm', file));
const typeTests = readdirSync(join(dir, 'esm')).filter((f) => f.endsWith('.ts'));

const settings = [
  // TypeScript's classic default for "module": "commonjs".
  { moduleResolution: 'node10', module: 'commonjs', files: ['consumer.ts'] },
  { moduleResolution: 'node16', module: 'node16', files: ['consumer.ts', 'consumer.mts'] },
  {
    moduleResolution: 'nodenext',
    module: 'nodenext',
    files: ['consumer.ts', 'consumer.mts', ...typeTests.map((f) => `esm/${f}`)],
  },
  {
    moduleResolution: 'bundler',
    module: 'esnext',
    files: ['consumer.ts', ...typeTests.map((f) => `esm/${f}`)],
  },
];

let failed = 0;
for (const { name, tsc } of compilers) {
  const version = spawnSync(process.execPath, [tsc, '--version'], { encoding: 'utf8' }).stdout.trim();
  const major = Number(/(\d+)\./.exec(version)?.[1] ?? 0);
  for (const { moduleResolution, module, files } of settings) {
    const config = join(dir, `tsconfig.${moduleResolution}.json`);
    writeFileSync(
      config,
      JSON.stringify({
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          target: 'es2022',
          lib: ['es2022', 'dom'],
          module,
          moduleResolution,
          types: ['node'],
          // Only the SDK's declarations are under test; msw's and vitest's are their own business.
          skipLibCheck: true,
          // TypeScript 6 deprecates node10 (7 drops it); it is still what older projects use.
          ...(moduleResolution === 'node10' && major >= 6 ? { ignoreDeprecations: '6.0' } : {}),
        },
        files,
      }),
    );
    const run = spawnSync(process.execPath, [tsc, '-p', config], { cwd: dir, encoding: 'utf8' });
    const output = `${run.stdout}${run.stderr}`.trim();
    const label = `${name} (${version}), moduleResolution ${moduleResolution}`;
    if (run.status === 0) {
      console.log(`ok   ${label}: ${files.length} files`);
    } else if (
      moduleResolution === 'node10' &&
      /node10|ignoreDeprecations/i.test(output) &&
      !/consumer/.test(output)
    ) {
      // A compiler that no longer accepts node10 at all has nothing to check there.
      console.log(`skip ${label}: this compiler no longer supports node10 (${output.split('\n')[0]})`);
    } else {
      failed++;
      console.log(`FAIL ${label}\n${output}`);
    }
  }
}
if (failed > 0) {
  console.error(`${failed} type check(s) failed against the packed package.`);
  process.exit(1);
}
