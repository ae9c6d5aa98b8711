// The packed package next to each msw a user may have (scripts/package/check.sh): three fresh apps
// in the system's temporary directory (outside the repository, whose own node_modules would
// otherwise be in reach and lend them msw), one that already has msw 3 (the current major), one with msw 2, one
// without msw. In each, the tarball must install with a plain `npm install` (no
// --legacy-peer-deps: the optional peer range takes both majors), and a small file using the mock
// the way docs/testing.md shows for that app must compile with `strict` and `skipLibCheck: false`,
// as an ES module and as CommonJS, under TypeScript 5.9 and the newest TypeScript: with msw 3 or 2,
// `gateway-sdk/testing/msw` (mswHandlers, allowLoopback); with no msw, `gateway-sdk/testing` alone.
// The file also holds the wrong forms (`@ts-expect-error`): msw 3 has no `onUnhandledRequest` any
// more, `mock.handlers` is gone, and without msw nothing of msw's exists.
//
// Usage: node scripts/package/msw-apps.mjs <tarball>
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { exec, root, tail } from '../runtimes/install.mjs';

const tarball = resolve(process.argv[2] ?? '');
const require = createRequire(join(root, 'package.json'));
const compilers = [
  { name: 'typescript', tsc: require.resolve('typescript/bin/tsc') },
  { name: 'typescript-next', tsc: join(dirname(require.resolve('typescript-next/package.json')), 'bin/tsc') },
];
const base = mkdtempSync(join(tmpdir(), 'gateway-sdk-msw-apps-'));

// What every app compiles: the mock without MSW (mock.fetch).
const common = `
import { Client } from 'gateway-sdk';
import { createMockService, type MockService } from 'gateway-sdk/testing';

const mock: MockService = createMockService();
export const client = new Client({ ...mock.clientOptions, fetch: mock.fetch });
`;

// What the apps with msw add: the adapter, and allowLoopback's msw 2 call form.
const adapter = `
import { allowLoopback, mswHandlers, type UnhandledRequestPrint } from 'gateway-sdk/testing/msw';
export const strategy: (request: Request, print: UnhandledRequestPrint) => void = allowLoopback;
`;

const apps = [
  {
    name: 'msw3',
    install: ['msw@^3'],
    code: `${common}${adapter}
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

const server = setupServer(...mswHandlers(mock), http.get('https://elsewhere.test/x', () => HttpResponse.json({})));
server.listen({ onUnhandledFrame: allowLoopback });
server.resetHandlers(...mswHandlers(mock));
server.use(...mswHandlers(createMockService({ baseURL: 'https://other.gateway.test' })));
// @ts-expect-error msw 3 renamed onUnhandledRequest to onUnhandledFrame
server.listen({ onUnhandledRequest: allowLoopback });
`,
  },
  {
    name: 'msw2',
    install: ['msw@^2'],
    code: `${common}${adapter}
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

const server = setupServer(...mswHandlers(mock), http.get('https://elsewhere.test/x', () => HttpResponse.json({})));
server.listen({ onUnhandledRequest: allowLoopback });
server.resetHandlers(...mswHandlers(mock));
server.use(...mswHandlers(createMockService({ baseURL: 'https://other.gateway.test' })));
`,
  },
  {
    name: 'none',
    install: [],
    code: `${common}
// @ts-expect-error mock.handlers is gone: mswHandlers(mock) from gateway-sdk/testing/msw replaces it
export const handlers: readonly unknown[] = mock.handlers;
// @ts-expect-error msw is not installed
import type { SetupServerApi } from 'msw/node';
export type Unused = SetupServerApi;
`,
  },
];

/** Installs and compiles one app; resolves to its output lines and how many checks failed. */
async function checkApp(app) {
  const lines = [];
  let failed = 0;
  const dir = join(base, app.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: `app-${app.name}`, private: true })}\n`);
  // The app has its msw (and @types/node, as a Node app has) before it adds gateway-sdk.
  const steps = [[...app.install, '@types/node@^22'], [tarball]];
  for (const specs of steps) {
    const install = (extra = []) =>
      exec('npm', ['install', '--no-audit', '--no-fund', ...extra, ...specs], {
        cwd: dir,
        keepHome: true,
        timeout: 300_000,
      });
    let npm = await install();
    // A version the registry has just published can be named by a dependency before every copy of
    // the registry lists it (seen: msw's prompt library asking for a release minutes old, ETARGET).
    // Once, after a pause, asked afresh; a range that stays unmet still fails.
    if (npm.code !== 0 && /ETARGET/.test(npm.stderr)) {
      lines.push(`retry app with ${app.name}: a dependency's version was not listed yet (ETARGET)`);
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      npm = await install(['--prefer-online']);
    }
    if (npm.code !== 0) {
      lines.push(
        `FAIL app with ${app.name === 'none' ? 'no msw' : app.name}: npm install ${specs.join(' ')}`,
      );
      lines.push(tail(npm.stderr));
      return { lines, failed: failed + 1 };
    }
  }
  const msw = app.install.length
    ? JSON.parse(readFileSync(join(dir, 'node_modules/msw/package.json'), 'utf8')).version
    : undefined;
  writeFileSync(join(dir, 'app.mts'), app.code);
  // The same source as CommonJS (the require condition's declarations).
  writeFileSync(join(dir, 'app.cts'), app.code);
  for (const { name, tsc } of compilers) {
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: false,
          noEmit: true,
          target: 'es2022',
          lib: ['es2022', 'dom'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          types: ['node'],
        },
        files: ['app.mts', 'app.cts'],
      }),
    );
    const run = await exec(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: dir, timeout: 300_000 });
    const version = spawnSync(process.execPath, [tsc, '--version'], { encoding: 'utf8' }).stdout.trim();
    const entry = msw ? 'gateway-sdk/testing/msw' : 'gateway-sdk/testing';
    const label = `${msw ? `msw ${msw}` : 'no msw'}, ${name} (${version}), skipLibCheck false`;
    if (run.code === 0) lines.push(`ok   ${entry} with ${label}`);
    else {
      failed++;
      lines.push(`FAIL ${entry} with ${label}\n${tail(`${run.stdout}${run.stderr}`, 30)}`);
    }
  }
  return { lines, failed };
}

// The installs run side by side (mostly waiting on the registry); the output stays in app order.
const results = await Promise.all(apps.map(checkApp));
let failed = 0;
for (const result of results) {
  for (const line of result.lines) console.log(line);
  failed += result.failed;
}
rmSync(base, { recursive: true, force: true });
if (failed > 0) {
  console.error(`${failed} msw app check(s) failed.`);
  process.exit(1);
}
