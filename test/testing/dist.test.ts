// The built package, run the way users run it: the build of this run (test/helpers/global-build.ts)
// is copied into a temporary directory outside the repository (npm test runs before npm run build
// in CI, and no node_modules is in reach there, so msw cannot be resolved), then this file imports
// dist/testing without msw (and dist/testing/msw, which must fail naming msw) and spawns the
// `gateway-sdk` command; it also runs a process's first calls through the ESM and the CommonJS build.
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'gateway-sdk';
import { Webhooks } from 'gateway-sdk/webhooks';
import { builtPackage } from '../helpers/cli-build.js';

const run = promisify(execFile);
let out = '';

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'gateway-sdk-dist-'));
  cpSync(builtPackage(), out, { recursive: true });
  // As in the package: .js files are ES modules.
  writeFileSync(join(out, 'package.json'), '{ "type": "module" }\n');
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

const script = (name: string, code: string) => {
  const file = join(out, name);
  writeFileSync(file, code);
  return file;
};

describe('gateway-sdk/testing without msw installed', () => {
  const body = (load: string) => `
    ${load}
    const out = {};
    try { require.resolve?.('msw'); out.msw = 'resolvable'; } catch { out.msw = 'missing'; }
    const mock = createMockService();
    const headers = { authorization: 'Bearer sk_live_mock', 'service-version': '2026-01-01' };
    out.fetch = (await mock.fetch(mock.clientOptions.baseURL + '/sms/webhooks/wh_123', { headers })).status;
    const server = await startMockServer();
    out.server = (await fetch(server.url + '/sms/webhooks/wh_123', { headers })).status;
    await server.close();
    out.handlers = 'handlers' in mock;
    try { await loadMswEntry(); out.mswEntry = 'loaded'; } catch (e) { out.mswEntry = { code: e.code, message: e.message }; }
    console.log(JSON.stringify(out));
  `;

  it('loads as ESM and works; importing gateway-sdk/testing/msw fails naming msw', async () => {
    const file = script(
      'no-msw.mjs',
      body(`import { createMockService, startMockServer } from './testing/index.js';
            import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);
            const loadMswEntry = () => import('./testing/msw/index.js');`),
    );
    const result = JSON.parse((await run(process.execPath, [file], { cwd: out })).stdout);
    expect(result).toMatchObject({ msw: 'missing', fetch: 200, server: 200, handlers: false });
    expect(result.mswEntry).toMatchObject({
      code: 'ERR_MODULE_NOT_FOUND',
      message: expect.stringMatching(/Cannot find package 'msw'/),
    });
  });

  it('loads as CommonJS the same way', async () => {
    const file = script(
      'no-msw.cjs',
      `const { createMockService, startMockServer } = require('./testing/index.cjs');
       const loadMswEntry = async () => require('./testing/msw/index.cjs');
       (async () => { ${body('')} })().catch((e) => { console.error(e); process.exit(1); });`,
    );
    const result = JSON.parse((await run(process.execPath, [file], { cwd: out })).stdout);
    expect(result).toMatchObject({ msw: 'missing', fetch: 200, server: 200, handlers: false });
    expect(result.mswEntry).toMatchObject({
      code: 'MODULE_NOT_FOUND',
      message: expect.stringMatching(/^Cannot find module 'msw'/),
    });
  });

  it.each(['testing/index.js', 'testing/index.cjs', 'testing/browser.js', 'testing/browser.cjs'])(
    'no file %s loads names msw; only the testing/msw files do',
    (entry) => {
      const files = loadedFiles(entry);
      expect(files.length).toBeGreaterThan(1);
      expect(files.filter((f) => importsOf(f).includes('msw'))).toEqual([]);
      const adapter = entry.replace(/^testing\/(index|browser)/, 'testing/msw/$1');
      expect(importsOf(adapter)).toContain('msw');
    },
  );
});

/** The bare and relative specifiers a built file imports or requires. */
function importsOf(file: string): string[] {
  const code = readFileSync(join(out, file), 'utf8');
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\(\s*)["']([^"']+)["']/g)].map(
    (m) => m[1] ?? '',
  );
}

/** `entry` and every built file it loads, following relative imports. */
function loadedFiles(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of importsOf(file))
      if (spec.startsWith('.')) visit(join(dirname(file), spec).replace(/\\/g, '/'));
  };
  visit(entry);
  return [...seen];
}

describe('the gateway-sdk command', () => {
  const cli = () => join(out, 'cli.js');

  it('is the package bin, with a shebang', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(pkg.bin).toEqual({ 'gateway-sdk': './dist/cli.js' });
    expect(readFileSync(cli(), 'utf8').startsWith('#!/usr/bin/env -S node --\n')).toBe(true);
  });

  it('mock: serves on 127.0.0.1 and prints the GATEWAY_* lines to export', async () => {
    const child = spawn(process.execPath, [cli(), 'mock', '--port', '0'], { cwd: out });
    try {
      const lines = await new Promise<string[]>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.split('\n').length > 6) resolve(text.trim().split('\n'));
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      const env = Object.fromEntries(
        lines.map((line) => {
          const m = /^export (GATEWAY_[A-Z_]+)=(.*)$/.exec(line);
          if (m === null) throw new Error(`not an export line: ${line}`);
          return [m[1], m[2]];
        }),
      );
      expect(Object.keys(env).sort()).toEqual([
        'GATEWAY_ACCESS_TOKEN',
        'GATEWAY_API_KEY',
        'GATEWAY_BASE_URL',
        'GATEWAY_SANDBOX_BASE_URL',
        'GATEWAY_TEST_API_KEY',
        'GATEWAY_WEBHOOK_SECRET',
      ]);
      expect(env['GATEWAY_WEBHOOK_SECRET']).toMatch(/^whsec_[0-9a-f]{24}$/);
      expect(env['GATEWAY_BASE_URL']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = new Client({
        apiKey: env['GATEWAY_API_KEY'],
        testApiKey: env['GATEWAY_TEST_API_KEY'],
        accessToken: env['GATEWAY_ACCESS_TOKEN'],
        baseURL: env['GATEWAY_BASE_URL'],
        sandboxBaseURL: env['GATEWAY_SANDBOX_BASE_URL'],
        maxRetries: 0,
      });
      const sent = await client.sms.messages.create({ to: '447700900123', message: 'Hi' });
      expect((await client.sms.messages.retrieve(sent.id)).id).toBe(sent.id);
      expect((await client.payment.customers.retrieve('cus_123')).id).toBe('cus_123');
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it('trigger: sends one signed delivery and prints the answer', async () => {
    const secret = 'whsec_cli_test';
    const got: { type?: string; object?: unknown }[] = [];
    const receiver = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', async () => {
        if (!(await Webhooks.verify(raw, req.headers['x-service-signature'], secret))) {
          res.writeHead(400).end('bad signature');
          return;
        }
        const event = JSON.parse(raw);
        got.push({ type: event.type, object: event.data.object });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const address = receiver.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
      const ok = await run(process.execPath, [
        cli(),
        'trigger',
        'message.delivered',
        '--url',
        url,
        '--secret',
        secret,
        '--data',
        '{"id":"msg_9","status":"delivered"}',
      ]);
      expect(ok.stdout).toBe('200 OK\nok\n');
      expect(got).toEqual([{ type: 'message.delivered', object: { id: 'msg_9', status: 'delivered' } }]);

      const forged = await run(process.execPath, [
        cli(),
        'trigger',
        'message.sent',
        '--url',
        url,
        '--secret',
        'whsec_other',
      ]).catch((e: { code: number; stdout: string }) => e);
      expect(forged).toMatchObject({ code: 1, stdout: '400 Bad Request\nbad signature\n' });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('explains a usage error and exits 2', async () => {
    const missing = await run(process.execPath, [cli(), 'trigger', 'message.sent', '--secret', 'x']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('--url') });
    const badData = await run(process.execPath, [
      cli(),
      'trigger',
      'message.sent',
      '--url',
      'http://127.0.0.1:9/',
      '--secret',
      'x',
      '--data',
      '[1]',
    ]).catch((e: { code: number; stderr: string }) => e);
    expect(badData).toMatchObject({ code: 2, stderr: expect.stringContaining('JSON object') });
    const help = await run(process.execPath, [cli(), '--help']);
    expect(help.stdout).toContain('gateway-sdk mock [--port N]');
    const mockHelp = await run(process.execPath, [cli(), 'mock', '--help']);
    expect(mockHelp.stdout).toContain('--forward-to URL');
  });
});

describe('two copies of the SDK in one process (the ESM and the CJS build)', () => {
  it('the guards see each other’s errors, where instanceof does not', async () => {
    const file = script(
      'two-copies.mjs',
      `import { createRequire } from 'node:module';
       import * as esm from './index.js';
       const require = createRequire(import.meta.url);
       const cjs = require('./index.cjs');
       const cjsWebhooks = require('./webhooks.cjs');
       const init = { status: 404, headers: new Headers(), body: { error: { code: 'not_found' } } };
       const fromEsm = new esm.NotFoundError(init);
       const fromCjs = new cjs.NotFoundError(init);
       const webhook = new cjsWebhooks.WebhookVerificationError('missing_signature', 'No signature.');
       const fetch = async () => Response.json({ error: { code: 'not_found' } }, { status: 404 });
       const client = new cjs.Client({ apiKey: 'k', baseURL: 'https://api.gateway.test', fetch, maxRetries: 0 });
       async function myAppLookupMessage() { return client.sms.messages.retrieve('msg_1'); }
       const rejected = await myAppLookupMessage().catch((e) => e);
       console.log(JSON.stringify({
         twoCopies: esm.GatewayError !== cjs.GatewayError,
         instanceofAcross: fromCjs instanceof esm.GatewayError,
         esmSeesCjs: [esm.isGatewayError(fromCjs), esm.isAPIError(fromCjs), esm.isAPIError(rejected)],
         cjsSeesEsm: [cjs.isGatewayError(fromEsm), cjs.isAPIError(fromEsm)],
         webhookSeen: [esm.isGatewayError(webhook), esm.isAPIError(webhook), cjsWebhooks.isGatewayError(fromEsm)],
         validation: [cjs.isGatewayError(new esm.ValidationError('x', [])), cjs.isAPIError(new esm.ValidationError('x', []))],
         others: [esm.isGatewayError(new Error('x')), esm.isGatewayError({ name: 'NotFoundError' }), esm.isAPIError(null), cjs.isGatewayError('APIError')],
         rejected: { name: rejected.name, status: rejected.status, caller: rejected.stack.includes('myAppLookupMessage') },
       }));`,
    );
    const result = JSON.parse((await run(process.execPath, [file], { cwd: out })).stdout);
    expect(result).toEqual({
      twoCopies: true,
      // docs/decisions/error-guard-brand.md: instanceof stays this copy's own; the guards are the check across copies.
      instanceofAcross: false,
      esmSeesCjs: [true, true, true],
      cjsSeesEsm: [true, true],
      webhookSeen: [true, false, true],
      validation: [true, false],
      others: [false, false, false, false],
      rejected: { name: 'NotFoundError', status: 404, caller: true },
    });
  });
});

describe("a process's first calls, in each build", () => {
  // The loop that reuses one options object, run before the engine has loaded: each call must send
  // the key it was called with, the CommonJS build as much as the ES one.
  const loop = `
    const keys = [];
    const fetch = async (input, init) => {
      const key = new Request(input, init).headers.get('idempotency-key');
      keys.push(key);
      return Response.json({ id: 'msg_' + keys.length, to: '447700900123', from: 'ACME', body: 'hi',
        status: 'queued', created_at: '2026-01-01T00:00:00Z' });
    };
    const client = new Client({ apiKey: 'k', baseURL: 'https://api.gateway.test', fetch, maxRetries: 0 });
    const opts = {};
    const calls = [];
    for (let i = 0; i < 5; i++) {
      opts.idempotencyKey = 'row_' + i;
      calls.push(client.sms.messages.create({ to: '447700900123', message: 'hi' }, opts));
    }
    await Promise.all(calls);
    console.log(JSON.stringify(keys.sort()));
  `;

  it.each([
    ['ESM', 'first-calls.mjs', `import { Client } from './index.js';\n${loop}`],
    [
      'CommonJS',
      'first-calls.cjs',
      `const { Client } = require('./index.cjs');\n(async () => { ${loop} })().catch((e) => { console.error(e); process.exit(1); });`,
    ],
  ])('%s: a reused options object sends each call with its own key', async (_, name, code) => {
    const file = script(name, code);
    const sent = JSON.parse((await run(process.execPath, [file], { cwd: out })).stdout);
    expect(sent).toEqual(['row_0', 'row_1', 'row_2', 'row_3', 'row_4']);
  });
});
