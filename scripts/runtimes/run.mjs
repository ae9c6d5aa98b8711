// `npm run test:runtimes`: the packed package on real runtimes. Packs the tarball, installs it with
// msw into a fresh project under .tmp/runtimes/app, starts the mock service on loopback (from the
// installed `gateway-sdk/testing`), and runs the same smoke test (smoke-core.cjs: send a message,
// walk a filtered list across pages, verify a signed webhook, serve it through createWebhookHandler) on
//
//   Node 20 (this machine's), Node 22, 24, 26    by import and by require
//   Bun, Deno                                     by import
//   headless Chromium                             a page bundled by esbuild, served from loopback
//   Cloudflare workerd, Vercel edge-runtime       a bundle of edge.mjs: the same smoke, plus a
//                                                 timed-out call
//
// The edge runs also check that a timed-out call really stopped: its request goes to a server that
// never answers, and that server must see the connection closed soon after the timeout.
//
// Node 22/24/26, Bun, Deno, workerd and edge-runtime come from npm into .tmp/runtimes/<name> (platform packages,
// which hold the binary: npm 11 skips the install scripts that the `node`, `bun` and `deno` wrapper
// packages need; install.mjs). Chromium is Debian's /usr/bin/chromium (or $CHROMIUM_PATH), driven by
// playwright-core; no browser is downloaded. Everything is cached under .tmp/ only (npm's cache
// included). A runtime that cannot be installed or started fails the run; none is skipped.
//
// Needs a current dist/ (`npm run build`). Prints one line per runtime, e.g.
//   runtime node 22.23.3 import+require: ok
// and writes the details to .tmp/runtimes/results.json.
import { spawn } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import {
  cacheEnv,
  exec,
  installEdge,
  installRuntime,
  root,
  runtimePackages,
  tail,
  work,
} from './install.mjs';
// Headless, no sandbox (root in a container), and no background networking, which this machine's
// closed network refuses many times a second; shared with test/testing/entry-builds.test.ts.
import CHROMIUM_ARGS from './chromium-args.json' with { type: 'json' };

const here = dirname(fileURLToPath(import.meta.url));
// `--only=workerd,edge-runtime` runs some runtimes only (this machine's Node always runs), for local
// iteration; `--only=this-node` runs that one alone (what `npm run check:package` does).
// `--tarball=<path>` installs that tarball instead of packing one.
const tarballArg = process.argv.find((a) => a.startsWith('--tarball='))?.slice('--tarball='.length);
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wants = (name) => only === undefined || only.includes(name);
const app = join(work, 'app');
const home = join(work, 'home');
const started = Date.now();
const SEEDED = 25;
const LIMIT = 10;

function log(line) {
  console.log(line);
}

// ---------------------------------------------------------------------------------------------
// Preconditions

async function checkBuilt() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const files = [
    pkg.exports['.'].import.default,
    pkg.exports['.'].require.default,
    pkg.exports['./webhooks'].import.default,
  ];
  let oldest = Infinity;
  for (const file of files) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` first.`);
    oldest = Math.min(oldest, statSync(join(root, file)).mtimeMs);
  }
  for (const entry of await readdir(join(root, 'src'), { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && statSync(join(entry.parentPath, entry.name)).mtimeMs > oldest) {
      throw new Error(
        `dist/ is older than ${relative(root, join(entry.parentPath, entry.name))}: run \`npm run build\` first.`,
      );
    }
  }
}

function chromiumPath() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path))
    throw new Error(
      `${path} not found: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  return path;
}

// ---------------------------------------------------------------------------------------------
// The package, installed as a user installs it

async function installPackage() {
  let packDir = join(work, 'pack');
  let tarball;
  if (tarballArg) {
    packDir = dirname(resolve(tarballArg));
    tarball = relative(packDir, resolve(tarballArg));
  } else {
    rmSync(packDir, { recursive: true, force: true });
    mkdirSync(packDir, { recursive: true });
    const pack = await exec('npm', ['pack', '--silent', '--pack-destination', packDir], { keepHome: true });
    tarball = pack.stdout.trim().split('\n').pop();
    if (pack.code !== 0 || !tarball || !existsSync(join(packDir, tarball)))
      throw new Error(`npm pack failed\n${tail(pack.stderr)}`);
  }

  // The package step (scripts/package/check.sh) installs the same tarball here just before CI's
  // runtimes step: an app that holds this very tarball (same bytes) and the same dependencies,
  // installed within the last hour, is used as it is instead of a second npm install.
  const marker = join(app, 'installed.json');
  const installed = JSON.stringify({ tarball: sha256(join(packDir, tarball)), deps: APP_DEPS });
  if (
    existsSync(marker) &&
    Date.now() - statSync(marker).mtimeMs < 3_600_000 &&
    readFileSync(marker, 'utf8') === installed
  ) {
    log(`reusing ${relative(root, app)}: ${tarball} and ${APP_DEPS.join(', ')} are installed there`);
    copySmokeFiles();
    return tarball;
  }
  rmSync(app, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  writeFileSync(
    join(app, 'package.json'),
    `${JSON.stringify({ name: 'runtime-smoke', private: true }, null, 2)}\n`,
  );
  const install = await exec(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-package-lock', join(packDir, tarball), ...APP_DEPS],
    {
      cwd: app,
      keepHome: true,
      timeout: 180_000,
    },
  );
  if (install.code !== 0)
    throw new Error(`installing ${tarball}, ${APP_DEPS.join(' and ')} failed\n${tail(install.stderr)}`);
  copySmokeFiles();
  writeFileSync(marker, installed);
  return tarball;
}

/** What the app installs beside the tarball. */
const APP_DEPS = ['msw@^2', '@opentelemetry/api@^1'];

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

function copySmokeFiles() {
  for (const file of ['smoke-core.cjs', 'smoke.mjs', 'smoke.cjs', 'browser.mjs', 'edge.mjs'])
    copyFileSync(join(here, file), join(app, file));
}

// ---------------------------------------------------------------------------------------------
// Smoke runs

/** Runs one smoke script; resolves to its result or throws with the output's tail. */
async function smokeProcess(label, bin, args, config, server) {
  const tag = `smoke ${label}`;
  const env = {
    GATEWAY_API_KEY: server.clientOptions.apiKey,
    GATEWAY_TEST_API_KEY: server.clientOptions.testApiKey,
    GATEWAY_ACCESS_TOKEN: server.clientOptions.accessToken,
    GATEWAY_BASE_URL: server.clientOptions.baseURL,
    GATEWAY_SANDBOX_BASE_URL: server.clientOptions.sandboxBaseURL,
    GATEWAY_LOG: 'warn',
    SMOKE_CONFIG: JSON.stringify({ ...config, tag }),
  };
  const result = await exec(bin, args, { cwd: app, env, timeout: 60_000 });
  const line = result.stdout.split('\n').find((l) => l.startsWith('SMOKE_RESULT '));
  if (result.code !== 0 || line === undefined)
    throw new Error(`${label} exited ${result.code}\n${tail(result.stdout + result.stderr)}`);
  return checkSent(label, JSON.parse(line.slice('SMOKE_RESULT '.length)), tag, server);
}

/** The mock's own record of the send, so a smoke that lies about sending cannot pass. */
function checkSent(label, result, tag, server) {
  const stored = server.mock.store.messages.get(result.sent);
  if (stored?.body !== tag)
    throw new Error(`${label}: the mock has no message "${tag}" with id ${result.sent}`);
  return result;
}

async function smokeChromium(executablePath, config, server) {
  const bundle = await build({
    entryPoints: [join(app, 'browser.mjs')],
    absWorkingDir: app,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const js = bundle.outputFiles[0].text;
  if (/\bfrom\s*["']node:|require\(["']node:/.test(js))
    throw new Error('the browser bundle imports a Node builtin');
  const tag = 'smoke chromium';
  const pageConfig = JSON.stringify({ ...config, tag, clientOptions: server.clientOptions });
  const pages = {
    '/': [
      'text/html',
      '<!doctype html><meta charset="utf-8"><title>gateway-sdk smoke</title><script type="module" src="/bundle.js"></script>',
    ],
    '/bundle.js': ['text/javascript', js],
    '/config.json': ['application/json', pageConfig],
  };
  const site = createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': page[0], 'cache-control': 'no-store' }).end(page[1]);
  });
  await new Promise((ok) => site.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${site.address().port}`;
  const profile = join(work, 'chromium-profile');
  rmSync(profile, { recursive: true, force: true });
  const problems = [];
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      env: { ...process.env, ...cacheEnv },
      timeout: 60_000,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    await page.goto(`${origin}/`, { timeout: 30_000 });
    await page.waitForFunction(() => globalThis.smokeResult !== undefined, undefined, { timeout: 30_000 });
    const result = await page.evaluate(() => globalThis.smokeResult);
    const version = /\d+\.\d+\.\d+\.\d+/.exec(result.version)?.[0] ?? 'unknown';
    return { version, result: checkSent('chromium', result, tag, server) };
  } catch (error) {
    throw new Error(
      `${error.message.split('\n')[0]}${problems.length ? `\n${problems.map((p) => `    ${p}`).join('\n')}` : ''}`,
    );
  } finally {
    await context?.close().catch(() => undefined);
    await new Promise((ok) => site.close(ok));
    rmSync(profile, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Edge runtimes (installed by install.mjs): workerd's platform package holds its binary (no install script, no download);
// edge-runtime is plain JavaScript run by this Node.

const HANG_TIMEOUT_MS = 1_000;

/** A server that takes requests and never answers, noting when each connection closes. */
async function startHangServer() {
  const seen = new Map();
  const server = createServer((req) => {
    const entry = { arrived: Date.now(), closed: undefined };
    seen.set(new URL(req.url ?? '/', 'http://x').pathname, entry);
    req.socket.once('close', () => (entry.closed = Date.now()));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    /** Resolves once the request to `path` was closed, or throws if it stays open too long. */
    async closedWithin(path, ms) {
      const deadline = Date.now() + ms + HANG_TIMEOUT_MS + 3_000;
      for (;;) {
        const entry = [...seen].find(([p]) => p.endsWith(path))?.[1];
        if (entry?.closed !== undefined) {
          const open = entry.closed - entry.arrived;
          if (open > ms + 2_000)
            throw new Error(`the timed-out request stayed open ${open} ms (timeout ${ms} ms)`);
          return open;
        }
        if (Date.now() > deadline)
          throw new Error(
            entry
              ? 'the timed-out request was never closed: the call rejected but its fetch kept running'
              : 'the timed-out request never reached the server',
          );
        await new Promise((ok) => setTimeout(ok, 50));
      }
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((ok) => server.close(ok));
    },
  };
}

async function bundleEdge(entry, format, conditions) {
  const result = await build({
    stdin: { contents: entry, resolveDir: app, sourcefile: 'edge-entry.mjs' },
    absWorkingDir: app,
    bundle: true,
    platform: 'browser',
    conditions,
    format,
    write: false,
    logLevel: 'silent',
  });
  const js = result.outputFiles[0].text;
  if (/\bfrom\s*["']node:|require\(["']node:/.test(js))
    throw new Error('the edge bundle imports a Node builtin');
  return js;
}

async function freePort() {
  const probe = createNetServer().listen(0, '127.0.0.1');
  await new Promise((ok) => probe.once('listening', ok));
  const { port } = probe.address();
  await new Promise((ok) => probe.close(ok));
  return port;
}

async function smokeWorkerd(edge, config) {
  const dir = join(work, 'workerd-app');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // docs/deploying.md's Workers receiver (examples/webhooks-workers.ts) serves /webhooks, on the
  // package as installed from the tarball.
  copyFileSync(join(root, 'examples/webhooks-workers.ts'), join(app, 'webhooks-workers.ts'));
  writeFileSync(
    join(dir, 'worker.js'),
    await bundleEdge(
      `import { edgeSmoke } from './edge.mjs';
       import receiver from './webhooks-workers.ts';
       export default {
         async fetch(request, env) {
           if (new URL(request.url).pathname === '/webhooks') return receiver.fetch(request, env);
           if (request.method !== 'POST') return new Response('ready');
           try { return Response.json(await edgeSmoke(await request.json())); }
           catch (error) { return new Response(String(error?.stack ?? error), { status: 500 }); }
         },
       };`,
      'esm',
      ['workerd', 'worker', 'browser'],
    ),
  );
  const port = await freePort();
  // Outbound fetches go to loopback (the mock and the hanging server), which workerd's default
  // network refuses; this config allows it.
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "loopback", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "2025-01-01",
  globalOutbound = "loopback",
  bindings = [(name = "GATEWAY_WEBHOOK_SECRET", text = "${WORKER_SECRET}")],
);
`,
  );
  const child = spawn(edge.workerd, ['serve', join(dir, 'config.capnp')], {
    cwd: dir,
    env: { ...process.env, ...cacheEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((ok) => child.once('exit', ok));
  try {
    const origin = `http://127.0.0.1:${port}`;
    const ready = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`workerd exited ${child.exitCode}\n${tail(output)}`);
      if (
        await fetch(origin).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > ready) throw new Error(`workerd did not listen within 30 s\n${tail(output)}`);
      await new Promise((ok) => setTimeout(ok, 100));
    }
    const response = await fetch(origin, {
      method: 'POST',
      body: JSON.stringify(config),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`the worker failed: ${text.split('\n').slice(0, 6).join('\n')}`);
    const result = JSON.parse(text);
    await deliverToWorkersExample(origin);
    return { ...result, checks: result.checks + 1 };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const WORKER_SECRET = 'whsec_runtime_smoke_worker';

/** One signed delivery to the Workers example: answered 200 `handled`, then `duplicate`. */
async function deliverToWorkersExample(origin) {
  const body = JSON.stringify({
    id: 'evt_workers_example',
    type: 'message.delivered',
    api_version: '2026-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'msg_1', object: 'message', status: 'delivered' } },
  });
  const signature = createHmac('sha256', WORKER_SECRET).update(body).digest('hex');
  for (const expected of ['handled', 'duplicate']) {
    const response = await fetch(`${origin}/webhooks`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'x-service-signature': signature },
      signal: AbortSignal.timeout(30_000),
    });
    const answer = `${response.status} ${await response.text()}`;
    if (answer !== `200 ${expected}`)
      throw new Error(`examples/webhooks-workers.ts answered ${answer}, not 200 ${expected}`);
  }
}

async function smokeEdgeRuntime(edge, config) {
  const bundle = join(edge.dir, 'bundle.js');
  writeFileSync(
    bundle,
    await bundleEdge(`import { edgeSmoke } from './edge.mjs'; globalThis.edgeSmoke = edgeSmoke;`, 'iife', [
      'edge-light',
      'worker',
      'browser',
    ]),
  );
  const result = await exec(process.execPath, ['edge-runtime.mjs', bundle], {
    cwd: edge.dir,
    env: { SMOKE_CONFIG: JSON.stringify(config) },
    timeout: 60_000,
  });
  const line = result.stdout.split('\n').find((l) => l.startsWith('SMOKE_RESULT '));
  if (result.code !== 0 || line === undefined)
    throw new Error(`edge-runtime exited ${result.code}\n${tail(result.stdout + result.stderr)}`);
  return JSON.parse(line.slice('SMOKE_RESULT '.length));
}

// ---------------------------------------------------------------------------------------------

async function main() {
  mkdirSync(home, { recursive: true });
  await checkBuilt();
  const executablePath = wants('chromium') ? chromiumPath() : undefined;

  // Runtimes and the package install in parallel; each runtime's failure is its own.
  const runtimes = runtimePackages().filter((r) => wants(r.id) || wants(r.name));
  const [installs, tarball, edgeInstall] = await Promise.all([
    Promise.allSettled(runtimes.map(installRuntime)),
    installPackage(),
    (wants('workerd') || wants('edge-runtime') ? installEdge() : Promise.resolve(undefined)).then(
      (value) => ({ value }),
      (error) => ({ error }),
    ),
  ]);

  log(
    `installed ${tarball} with msw into ${relative(root, app)} (${((Date.now() - started) / 1000).toFixed(0)}s)`,
  );

  const testing = await import(
    pathToFileURL(join(app, 'node_modules/gateway-sdk/dist/testing/index.js')).href
  );
  const server = await testing.startMockServer();
  const rows = [];
  try {
    const seeded = server.mock.store.seedMessages(SEEDED, { status: 'delivered' });
    const target = seeded[seeded.length - 1];
    const secret = `whsec_${randomBytes(16).toString('hex')}`;
    const event = testing.makeEvent('message.delivered', target);
    const delivery = await testing.signedDelivery(event, secret);
    const config = {
      limit: LIMIT,
      seeded: SEEDED,
      expectedPages: Array.from({ length: Math.ceil(SEEDED / LIMIT) }, (_, i) =>
        Math.min(LIMIT, SEEDED - i * LIMIT),
      ),
      webhook: {
        body: delivery.body,
        signature: delivery.headers['x-service-signature'],
        secret,
        eventId: event.id,
        messageId: target.id,
      },
    };

    const node20 = { name: 'node', version: process.versions.node, path: process.execPath };
    const jobs = [
      { runtime: node20, modes: ['import', 'require'] },
      ...runtimes.map((r, i) => ({
        runtime: installs[i].status === 'fulfilled' ? installs[i].value : { ...r, error: installs[i].reason },
        modes: r.name === 'node' ? ['import', 'require'] : ['import'],
      })),
    ];
    for (const { runtime, modes } of jobs) {
      const row = {
        runtime: runtime.name,
        version: runtime.version ?? '?',
        how: modes.join('+'),
        ok: false,
        checks: 0,
      };
      try {
        if (runtime.error) throw runtime.error;
        for (const mode of modes) {
          const label = `${runtime.name} ${runtime.version} ${mode}`;
          const file = mode === 'import' ? 'smoke.mjs' : 'smoke.cjs';
          const args =
            runtime.name === 'deno'
              ? ['run', '--no-prompt', '--allow-env', '--allow-net=127.0.0.1', file]
              : [file];
          row.checks += (await smokeProcess(label, runtime.path, args, config, server)).checks;
        }
        row.ok = true;
      } catch (error) {
        row.error = error.message;
      }
      rows.push(row);
      log(
        `runtime ${row.runtime} ${row.version} ${row.how}: ${row.ok ? 'ok' : `FAILED\n    ${row.error.replace(/\n/g, '\n    ')}`}`,
      );
    }

    if (executablePath) {
      const row = {
        runtime: 'chromium',
        version: '?',
        how: 'import (esbuild bundle, headless)',
        ok: false,
        checks: 0,
      };
      try {
        const { version, result } = await smokeChromium(executablePath, config, server);
        Object.assign(row, { version, ok: true, checks: result.checks });
      } catch (error) {
        row.error = error.message;
      }
      rows.push(row);
      log(
        `runtime ${row.runtime} ${row.version} ${row.how}: ${row.ok ? 'ok' : `FAILED\n    ${row.error.replace(/\n/g, '\n    ')}`}`,
      );
    }

    const hang = await startHangServer();
    try {
      const edge = edgeInstall.value;
      const edgeRuns = [
        ['workerd', edge?.workerdVersion, smokeWorkerd],
        ['edge-runtime', edge?.edgeRuntimeVersion, smokeEdgeRuntime],
      ];
      for (const [name, version, run] of edgeRuns.filter(([name]) => wants(name))) {
        const row = { runtime: name, version: version ?? '?', how: '', ok: false, checks: 0 };
        try {
          if (edgeInstall.error) throw edgeInstall.error;
          const tag = `smoke ${name}`;
          const id = `msg_hang_${name}`;
          const result = await run(edge, {
            ...config,
            tag,
            clientOptions: server.clientOptions,
            hang: { url: hang.url, id, timeout: HANG_TIMEOUT_MS },
          });
          checkSent(name, result, tag, server);
          const open = await hang.closedWithin(id, HANG_TIMEOUT_MS);
          Object.assign(row, {
            ok: true,
            checks: result.checks + 1,
            timedOutAfterMs: result.timeoutMs,
            connectionOpenMs: open,
            hasAbortSignalAny: result.hasAbortSignalAny,
          });
        } catch (error) {
          row.error = error.message;
        }
        rows.push(row);
        log(
          `runtime ${row.runtime} ${row.version}: ${row.ok ? 'ok' : `FAILED\n    ${row.error.replace(/\n/g, '\n    ')}`}`,
        );
      }
    } finally {
      await hang.close();
    }
  } finally {
    await server.close();
  }

  const seconds = Math.round((Date.now() - started) / 1000);
  const failed = rows.filter((r) => !r.ok).length;
  writeFileSync(
    join(work, 'results.json'),
    `${JSON.stringify({ date: new Date().toISOString(), seconds, rows }, null, 2)}\n`,
  );
  log(`runtimes: ${rows.length - failed} ok, ${failed} failed in ${seconds}s`);
  return failed === 0;
}

main().then(
  (ok) => {
    process.exitCode = ok ? 0 : 1;
  },
  (error) => {
    console.error(`test:runtimes: ${error.message}`);
    process.exitCode = 1;
  },
);
