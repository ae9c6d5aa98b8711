// gateway-sdk/testing as users resolve it: this file copies the build of this run
// (test/helpers/global-build.ts) into a temporary node_modules/gateway-sdk (outside the repository,
// so no tsconfig paths point back at src/), then bundles an app that imports it for the browser with
// esbuild and with vite, and imports it in Node by ESM and by require next to an msw that reports
// being loaded.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build as esbuild } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPackage } from '../helpers/cli-build.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let app = '';

beforeAll(() => {
  app = mkdtempSync(join(tmpdir(), 'gateway-sdk-entry-'));
  const pkg = join(app, 'node_modules', 'gateway-sdk');
  mkdirSync(pkg, { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
  // A copy, not a link: Node resolves a linked file's imports (msw) from where the link points.
  cpSync(builtPackage(), join(pkg, 'dist'), { recursive: true });
  writeFileSync(join(app, 'package.json'), '{ "type": "module" }\n');
});
afterAll(() => rmSync(app, { recursive: true, force: true }));

/** Puts the real msw next to the app, or a stand-in that writes to stderr when it is loaded. */
function useMsw(kind: 'real' | 'tattletale') {
  const dir = join(app, 'node_modules', 'msw');
  rmSync(dir, { recursive: true, force: true });
  if (kind === 'real') return symlinkSync(join(ROOT, 'node_modules', 'msw'), dir, 'dir');
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), '{ "name": "msw", "version": "2.99.0", "main": "index.js" }\n');
  writeFileSync(
    join(dir, 'index.js'),
    `process.stderr.write('msw was loaded\\n');
     exports.http = { all: (path, resolver) => ({ path, resolver }) };
     exports.HttpResponse = { error: () => Response.error() };\n`,
  );
}

const APP = `
  import { Client } from 'gateway-sdk';
  import { createMockService, startMockServer } from 'gateway-sdk/testing';
  export async function run() {
    const mock = createMockService();
    const client = new Client({ ...mock.clientOptions, fetch: mock.fetch, dangerouslyAllowBrowser: true, maxRetries: 0 });
    const sent = await client.sms.messages.create({ to: '447700900123', message: 'Hi' });
    const server = await startMockServer().then(() => 'started', (e) => e.message);
    return { status: sent.status, server, handlers: mock.handlers.length };
  }
`;

describe('gateway-sdk/testing in a browser bundle', () => {
  it('bundles with esbuild --platform=browser: no error, no warning, no node: import, a clear startMockServer', async () => {
    useMsw('real');
    writeFileSync(join(app, 'app.js'), APP);
    const result = await esbuild({
      entryPoints: [join(app, 'app.js')],
      absWorkingDir: app,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).not.toMatch(/(from|import\(|require\()\s*["']node:/);
    // Run the page's code (it needs only fetch and WebCrypto, which Node has too).
    writeFileSync(join(app, 'bundle.mjs'), code);
    const { stdout } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import('./bundle.mjs').then(async (m) => console.log(JSON.stringify(await m.run())))`,
      ],
      { cwd: app },
    );
    const out = JSON.parse(stdout);
    expect(out).toMatchObject({ status: 'queued', handlers: 2 });
    expect(out.server).toMatch(/^startMockServer needs Node, Bun or Deno: .*mock\.fetch/);
  }, 60_000);

  it('bundles with vite (no config, no flags) with no warning', async () => {
    useMsw('real');
    writeFileSync(
      join(app, 'app.js'),
      `${APP}\nrun().then((r) => { document.body.textContent = JSON.stringify(r); });\n`,
    );
    writeFileSync(join(app, 'index.html'), '<!doctype html><script type="module" src="./app.js"></script>\n');
    const { build: vite, createLogger } = await import('vite');
    const logger = createLogger('info');
    const warnings: string[] = [];
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    logger.error = (message) => void warnings.push(`error: ${message}`);
    logger.info = () => undefined;
    await vite({ root: app, configFile: false, customLogger: logger, logLevel: 'info' });
    expect(warnings).toEqual([]);
    const assets = join(app, 'dist', 'assets');
    const js = readFileSync(join(assets, (await import('node:fs')).readdirSync(assets)[0] ?? ''), 'utf8');
    expect(js).not.toMatch(/(from|import\(|require\()\s*["']node:/);
  }, 120_000);
});

describe('gateway-sdk/testing in Node loads msw only when mock.handlers is read', () => {
  const body = `
    const mock = createMockService();
    const headers = { authorization: 'Bearer sk_live_mock', 'service-version': '2026-01-01' };
    const status = (await mock.fetch(mock.clientOptions.baseURL + '/sms/webhooks/wh_123', { headers })).status;
    const server = await startMockServer();
    await server.close();
    process.stderr.write('before handlers\\n');
    const handlers = mock.handlers.length;
    console.log(JSON.stringify({ status, handlers, server: typeof server.url }));
  `;

  it.each([
    [
      'import',
      'esm.mjs',
      `import { createMockService, startMockServer } from 'gateway-sdk/testing';\n${body}`,
    ],
    [
      'require',
      'cjs.cjs',
      `const { createMockService, startMockServer } = require('gateway-sdk/testing');\n(async () => {${body}})();`,
    ],
  ])(
    'by %s',
    async (_, name, code) => {
      useMsw('tattletale');
      writeFileSync(join(app, name), code);
      const { stdout, stderr } = await run(process.execPath, [name], { cwd: app });
      expect(JSON.parse(stdout)).toEqual({ status: 200, handlers: 2, server: 'string' });
      // Nothing of msw before the first read of mock.handlers, then msw once.
      expect(stderr).toBe('before handlers\nmsw was loaded\n');
    },
    60_000,
  );
});
