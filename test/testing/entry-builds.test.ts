// gateway-sdk/testing and gateway-sdk/testing/msw as users resolve them: this file copies the build
// of this run (test/helpers/global-build.ts) into a temporary node_modules/gateway-sdk (outside the
// repository, so no tsconfig paths and no msw of the repository are in reach), then bundles a page
// that imports gateway-sdk/testing with esbuild and with vite, with no msw installed, and runs both
// builds in headless Chromium; and imports the entries in Node by ESM and by require next to an msw
// that reports being loaded.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build as esbuild } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPackage } from '../helpers/cli-build.js';
// The flags scripts/runtimes/run.mjs launches Chromium with: they work in containers and keep the
// browser off the network.
import CHROMIUM_ARGS from '../../scripts/runtimes/chromium-args.json' with { type: 'json' };

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

/** Takes msw away from the app, or puts a stand-in there that writes to stderr when it is loaded. */
function useMsw(kind: 'none' | 'tattletale') {
  const dir = join(app, 'node_modules', 'msw');
  rmSync(dir, { recursive: true, force: true });
  if (kind === 'none') return;
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), '{ "name": "msw", "version": "2.99.0", "main": "index.js" }\n');
  writeFileSync(
    join(dir, 'index.js'),
    `process.stderr.write('msw was loaded\\n');
     exports.http = { all: (path, resolver) => ({ path, resolver }) };
     exports.HttpResponse = { error: () => Response.error() };\n`,
  );
}

// The page: a Client against mock.fetch sends a message and lists it; what it saw goes to
// globalThis.pageResult (or pageError) and the document, for the test to read.
const PAGE_APP = `
  import { Client } from 'gateway-sdk';
  import { createMockService, startMockServer } from 'gateway-sdk/testing';
  async function run() {
    const mock = createMockService();
    const client = new Client({ ...mock.clientOptions, fetch: mock.fetch, dangerouslyAllowBrowser: true, maxRetries: 0 });
    const sent = await client.sms.messages.create({ to: '447700900123', message: 'Hi from the page' });
    const page = await client.sms.messages.list({ limit: 10 });
    const listed = page.data.find((m) => m.id === sent.id);
    const server = await startMockServer().then(() => 'started', (e) => e.message);
    return {
      sent: { status: sent.status, id: sent.id.slice(0, 4) },
      listed: listed ? { id: listed.id === sent.id, body: listed.body } : null,
      count: page.data.length,
      server,
      userAgent: navigator.userAgent,
    };
  }
  run().then(
    (result) => { globalThis.pageResult = result; document.body.textContent = JSON.stringify(result); },
    (error) => { globalThis.pageError = String(error && error.stack || error); },
  );
`;
const PAGE_HTML = (script: string) =>
  // No favicon request (a 404 would show as a console error).
  `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>gateway-sdk/testing</title><script type="module" src="${script}"></script>\n`;
const NODE_IMPORT = /(from|import\(|require\()\s*["']node:/;
const MSW_IMPORT = /(from|import\(|require\()\s*["']msw["'/]/;

describe('gateway-sdk/testing in a page, with no msw installed', () => {
  // Where each build wrote its page, served by the Chromium test from a loopback server of its own.
  const pages: Record<string, string> = {};

  beforeAll(() => {
    useMsw('none');
    writeFileSync(join(app, 'app.js'), PAGE_APP);
    writeFileSync(join(app, 'index.html'), PAGE_HTML('./app.js'));
  });

  it('has no msw to resolve from the app', () => {
    const resolve = createRequire(join(app, 'package.json')).resolve;
    expect(() => resolve('msw')).toThrow(/Cannot find module 'msw'/);
    expect(resolve('gateway-sdk/testing')).toContain(join(app, 'node_modules', 'gateway-sdk'));
  });

  it('bundles with esbuild --platform=browser: no error, no warning, no node: import, no msw', async () => {
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
    expect(code).not.toMatch(NODE_IMPORT);
    expect(code).not.toMatch(MSW_IMPORT);
    mkdirSync(join(app, 'esbuild'), { recursive: true });
    writeFileSync(join(app, 'esbuild', 'app.js'), code);
    writeFileSync(join(app, 'esbuild', 'index.html'), PAGE_HTML('./app.js'));
    pages['esbuild'] = join(app, 'esbuild');
  }, 60_000);

  it('bundles with vite (no config, no flags) with no warning', async () => {
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
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const js = readFileSync(join(assets, file), 'utf8');
      expect(js).not.toMatch(NODE_IMPORT);
      expect(js).not.toMatch(MSW_IMPORT);
    }
    pages['vite'] = join(app, 'dist');
  }, 120_000);

  it('runs each build in headless Chromium: the Client sends and lists against mock.fetch', async () => {
    expect(Object.keys(pages).sort()).toEqual(['esbuild', 'vite']);
    const home = join(app, 'chromium-home');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      env: {
        ...process.env,
        HOME: home,
        XDG_CACHE_HOME: join(home, '.cache'),
        XDG_CONFIG_HOME: join(home, '.config'),
      },
      timeout: 60_000,
    });
    try {
      for (const name of ['esbuild', 'vite']) {
        const { origin, result, error, problems, requests } = await openPage(browser, pages[name] ?? '');
        expect({ name, error, problems }).toEqual({ name, error: undefined, problems: [] });
        expect(result).toMatchObject({
          sent: { status: 'queued', id: 'msg_' },
          listed: { id: true, body: 'Hi from the page' },
          count: 1,
          server: expect.stringMatching(/^startMockServer needs Node, Bun or Deno: .*mock\.fetch/),
          userAgent: expect.stringContaining('HeadlessChrome'),
        });
        // The mock answered in the page: nothing left it but requests for the page's own files.
        expect(requests.length).toBeGreaterThan(1);
        expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
      }
    } finally {
      await browser.close();
    }
  }, 120_000);
});

describe('gateway-sdk/testing never loads msw; gateway-sdk/testing/msw loads it on import', () => {
  // startServer: the Node builds listen; the browser build's startMockServer rejects, saying why.
  const body = (loadAdapter: string, startServer = 'await startMockServer()') => `
    const mock = createMockService();
    const headers = { authorization: 'Bearer sk_live_mock', 'service-version': '2026-01-01' };
    const status = (await mock.fetch(mock.clientOptions.baseURL + '/sms/webhooks/wh_123', { headers })).status;
    const server = ${startServer};
    await server.close?.();
    process.stderr.write('before the adapter\\n');
    const { mswHandlers } = ${loadAdapter};
    const handlers = mswHandlers(mock);
    // A reset fault thrown by this build's mock.fetch is the adapter's own MockConnectionReset.
    mock.inject('*', { kind: 'reset' });
    const reset = await handlers[0].resolver({ request: new Request(mock.clientOptions.baseURL + '/sms/messages') });
    console.log(JSON.stringify({ status, server: typeof server.url, handlers: handlers.map((h) => String(h.path)), reset: reset.type }));
  `;
  const expected = {
    status: 200,
    server: 'string',
    handlers: ['/^https:\\/\\/api\\.gateway\\.test\\/.*$/', '/^https:\\/\\/sandbox\\.gateway\\.test\\/.*$/'],
    reset: 'error',
  };

  it.each([
    [
      'import',
      'esm.mjs',
      `import { createMockService, startMockServer } from 'gateway-sdk/testing';
       ${body(`await import('gateway-sdk/testing/msw')`)}`,
    ],
    [
      'require',
      'cjs.cjs',
      `const { createMockService, startMockServer } = require('gateway-sdk/testing');
       (async () => {${body(`require('gateway-sdk/testing/msw')`)}})();`,
    ],
  ])(
    'in Node, by %s',
    async (_, name, code) => {
      useMsw('tattletale');
      writeFileSync(join(app, name), code);
      const { stdout, stderr } = await run(process.execPath, [name], { cwd: app });
      expect(JSON.parse(stdout)).toEqual(expected);
      // Nothing of msw until the adapter is imported, then msw once.
      expect(stderr).toBe('before the adapter\nmsw was loaded\n');
    },
    60_000,
  );

  it('in a browser bundle, the adapter shares the mock’s classes with gateway-sdk/testing', async () => {
    useMsw('tattletale');
    writeFileSync(
      join(app, 'adapter-app.js'),
      `import { createMockService, startMockServer } from 'gateway-sdk/testing';
       export async function run() {
         ${body(`await import('gateway-sdk/testing/msw')`, '{ url: await startMockServer().catch((e) => e.message) }')}
       }`,
    );
    const result = await esbuild({
      entryPoints: [join(app, 'adapter-app.js')],
      absWorkingDir: app,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    writeFileSync(join(app, 'adapter-bundle.mjs'), result.outputFiles[0]?.text ?? '');
    // The page's code needs only fetch and WebCrypto, which Node has too (msw's stand-in writes to
    // stderr, which a page has not).
    const { stdout, stderr } = await run(
      process.execPath,
      ['--input-type=module', '-e', `import('./adapter-bundle.mjs').then((m) => m.run())`],
      { cwd: app },
    );
    expect(JSON.parse(stdout)).toEqual(expected);
    expect(stderr).toBe('before the adapter\nmsw was loaded\n');
  }, 60_000);
});

/**
 * Opens the page built into `dir`, served from its own origin as it would be deployed (vite's
 * page names /assets/…), and returns what it reported, its errors and every request it made.
 */
async function openPage(browser: Browser, dir: string) {
  const site = await serveStatic(dir);
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const page = await browser.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('request', (request) => requests.push(request.url()));
  try {
    await page.goto(`${origin}/`, { timeout: 30_000 });
    await page.waitForFunction(() => 'pageResult' in globalThis || 'pageError' in globalThis, undefined, {
      timeout: 30_000,
    });
    const { result, error } = await page.evaluate(() => ({
      result: (globalThis as { pageResult?: unknown }).pageResult,
      error: (globalThis as { pageError?: unknown }).pageError,
    }));
    return { origin, result, error, problems, requests };
  } finally {
    await page.close();
    await new Promise((done) => site.close(done));
  }
}

/** Serves the files under `dir` on 127.0.0.1 (a free port); `/` serves `index.html`. */
async function serveStatic(dir: string): Promise<Server> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    let content: Buffer;
    try {
      if (!file.startsWith(dir)) throw new Error('outside');
      content = readFileSync(file);
    } catch {
      return void res.writeHead(404).end();
    }
    res
      .writeHead(200, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      })
      .end(content);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
