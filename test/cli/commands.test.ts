// The `gateway-sdk` command as a new user meets it, the bin tsup builds from src/cli/main.ts (once
// per run, test/helpers/global-build.ts), run by node: `mock --forward-to`
// delivers every event to a real receiver (createWebhookHandler, verifying with the printed
// GATEWAY_WEBHOOK_SECRET) and prints a line per attempt, failures and their next attempt included;
// `--help` explains every command; `trigger` refuses an event type the service does not send.
import { type ChildProcessWithoutNullStreams, execFile, execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { once } from 'node:events';
import {
  chmod,
  copyFile,
  lchown,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from 'gateway-sdk';
import { createWebhookHandler, toNodeHandler } from 'gateway-sdk/webhooks';
import { builtCli } from '../helpers/cli-build.js';
import { cli, clientOptionsFrom, spawnMock, stop } from '../helpers/cli.js';

const servers: Server[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) await stop(child);
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Starts `gateway-sdk mock …`; resolves to its exported variables and a reader of its stderr. */
async function startMock(args: string[], environment: Record<string, string> = {}) {
  const { child, exports } = spawnMock(args, environment);
  children.push(child);
  let stderr = '';
  const waiters: { test: RegExp; resolve: (line: string) => void }[] = [];
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const w of [...waiters]) {
      const line = stderr.split('\n').find((l) => w.test.test(l));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  const env = await exports;
  const client = new Client({ ...clientOptionsFrom(env), maxRetries: 0 });
  /** The first stderr line matching `test`, now or once printed. */
  const line = (test: RegExp) =>
    new Promise<string>((resolve) => {
      const found = stderr.split('\n').find((l) => test.test(l));
      if (found !== undefined) resolve(found);
      else waiters.push({ test, resolve });
    });
  return { env, client, line, stderr: () => stderr };
}

describe('gateway-sdk mock --forward-to', () => {
  it('delivers every event of a message to the receiver, which verifies it with the printed secret', async () => {
    // The receiver needs the secret, printed only once the mock runs: it reads it from here.
    const secret: { value?: string } = {};
    const received: { type: string; id: string; status: unknown }[] = [];
    const handlerFor = (value: string) =>
      toNodeHandler(
        createWebhookHandler({
          secret: value,
          onEvent: (event) => {
            received.push({
              type: event.type,
              id: event.id,
              status: (event.data.object as { status?: unknown }).status,
            });
          },
        }),
      );
    let handler: ReturnType<typeof handlerFor> | undefined;
    const origin = await listen(
      createServer((req, res) => {
        handler ??= handlerFor(secret.value ?? 'unset');
        void handler(req, res);
      }),
    );
    const mock = await startMock(['--auto-advance', '--forward-to', `${origin}/webhooks`]);
    secret.value = mock.env['GATEWAY_WEBHOOK_SECRET'];
    expect(secret.value).toMatch(/^whsec_[0-9a-f]{24}$/);
    expect(await mock.line(/forwarding every event to/)).toContain(`${origin}/webhooks`);

    // The otp route: --auto-advance delivers it within 0.7 s, the default route within 1.5 s, on the
    // CLI's own clock (it takes none from outside); every event is forwarded alike on any route.
    const sent = await mock.client.sms.messages.create({ to: '447700900123', message: 'Hi', route: 'otp' });
    const line = await mock.line(/^message\.delivered evt_\w+ → /);
    expect(line).toMatch(/^message\.delivered evt_\w+ → 200 \(\d+ ms\)$/);
    expect(await mock.line(/^message\.queued evt_\w+ → /)).toMatch(/ → 200 \(\d+ ms\)$/);
    expect(await mock.line(/^message\.sent evt_\w+ → /)).toMatch(/ → 200 \(\d+ ms\)$/);
    // Verified and parsed by the handler: a bad signature would have been answered 400, not handled.
    expect(received.map((r) => [r.type, r.status])).toEqual([
      ['message.queued', 'queued'],
      ['message.sent', 'sent'],
      ['message.delivered', 'delivered'],
    ]);
    expect(line).toContain(received[2]?.id);
    expect((await mock.client.sms.messages.retrieve(sent.id)).status).toBe('delivered');
    // The seeded webhook's https://example.com is not on this machine: said once, not silently dropped.
    expect(mock.stderr().match(/to webhook wh_123 \S+: not sent, not a loopback address/g)).toHaveLength(1);
  }, 60_000);

  it('prints a failing receiver’s answer and when the next attempt is due', async () => {
    let hits = 0;
    const origin = await listen(
      createServer((req, res) => {
        hits++;
        req.resume();
        res.writeHead(500).end('down');
      }),
    );
    const mock = await startMock(['--forward-to', `${origin}/webhooks`]);
    const before = Date.now();
    await mock.client.sms.messages.create({ to: '447700900123', message: 'Hi' });
    const line = await mock.line(/^message\.queued evt_\w+ → /);
    expect(line).toMatch(
      /^message\.queued evt_\w+ → 500 \(\d+ ms\); attempt 1 failed, next attempt in 1 min \(\d\d:\d\d:\d\d UTC\)$/,
    );
    const after = Date.now();
    const due = /\((\d\d:\d\d:\d\d) UTC\)$/.exec(line)?.[1] ?? '';
    // A minute after the attempt, which came between the create and the line: bracketed by the two,
    // however slowly the machine ran (on the clock face, so a minute that crosses midnight UTC
    // counts the same).
    const DAY = 86_400;
    const second = (ms: number) => Math.floor(ms / 1000) % DAY;
    const [lo, hi, at] = [
      second(before + 60_000),
      second(after + 60_000),
      second(Date.parse(`1970-01-01T${due}Z`)),
    ];
    expect((at - lo + DAY) % DAY).toBeLessThanOrEqual((hi - lo + DAY) % DAY);
    expect(hits).toBe(1);
  }, 60_000);

  it('says when the receiver is not listening', async () => {
    const origin = await listen(createServer());
    const closed = servers.pop();
    await new Promise((resolve) => closed?.close(resolve));
    const mock = await startMock(['--forward-to', `${origin}/webhooks`]);
    await mock.client.sms.messages.create({ to: '447700900123', message: 'Hi' });
    expect(await mock.line(/^message\.queued evt_\w+ → /)).toMatch(
      / → no answer: fetch failed \(.*ECONNREFUSED.*\) \(\d+ ms\); attempt 1 failed, next attempt in 1 min/,
    );
  }, 60_000);

  it('reads each receiver’s answer to its end: the receiver’s response finishes, its connection is not cut', async () => {
    // An answer larger than the sockets' buffers: it is written whole only while the mock reads it.
    // A forwarder that dropped the body unread closed the connection mid-answer, which a receiver
    // (Next.js) logs as `Error: aborted (ECONNRESET)`.
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let answered: (outcome: { finished: boolean; aborted: boolean }) => void = () => undefined;
    const outcome = new Promise<{ finished: boolean; aborted: boolean }>((resolve) => (answered = resolve));
    const origin = await listen(
      createServer((req, res) => {
        let aborted = false;
        req.on('error', () => (aborted = true));
        req.resume();
        res.once('close', () => answered({ finished: res.writableFinished, aborted }));
        res.writeHead(200, { 'content-type': 'text/plain' });
        let left = 256; // 16 MiB, written as the reader takes it
        const write = () => {
          while (left > 0) {
            left--;
            if (left === 0) res.end(chunk);
            else if (!res.write(chunk)) return void res.once('drain', write);
          }
        };
        write();
      }),
    );
    const mock = await startMock(['--forward-to', `${origin}/webhooks`]);
    await mock.client.sms.messages.create({ to: '447700900123', message: 'Hi' });
    expect(await mock.line(/^message\.queued evt_\w+ → /)).toMatch(/ → 200 \(\d+ ms\)$/);
    expect(await outcome).toEqual({ finished: true, aborted: false });
  }, 60_000);

  it('delivers each event to each --forward-to receiver, signed with the one secret, naming each on its line', async () => {
    const receivers = ['a', 'b'].map((name) => {
      const received: string[] = [];
      const secret: { value?: string } = {};
      let handler: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
      const server = createServer((req, res) => {
        handler ??= toNodeHandler(
          createWebhookHandler({
            secret: secret.value ?? 'unset',
            onEvent: (event) => void received.push(event.type),
          }),
        );
        void handler(req, res);
      });
      return { name, received, secret, server };
    });
    const urls = await Promise.all(receivers.map(async (r) => `${await listen(r.server)}/${r.name}`));
    const mock = await startMock([
      '--auto-advance',
      '--forward-to',
      urls[0] ?? '',
      '--forward-to',
      urls[1] ?? '',
      // The same receiver twice is still one receiver: each event reaches it once.
      '--forward-to',
      urls[0] ?? '',
    ]);
    for (const r of receivers) r.secret.value = mock.env['GATEWAY_WEBHOOK_SECRET'];
    expect(await mock.line(/forwarding every event to/)).toBe(
      `gateway-sdk mock: forwarding every event to ${urls[0]} and ${urls[1]}, signed with GATEWAY_WEBHOOK_SECRET`,
    );
    await mock.client.sms.messages.create({ to: '447700900123', message: 'Hi', route: 'otp' });
    for (const url of urls)
      expect(await mock.line(new RegExp(`^message\\.delivered evt_\\w+ to ${url} → `))).toMatch(
        / → 200 \(\d+ ms\)$/,
      );
    // Verified by each receiver's handler with the one printed secret: a mismatch would be a 400.
    for (const r of receivers)
      expect(r.received).toEqual(['message.queued', 'message.sent', 'message.delivered']);
    expect(mock.stderr().match(/^message\.\w+ evt_\w+ to http:\S+ → 200/gm)).toHaveLength(6);
  }, 60_000);

  it.each([
    ['ftp://127.0.0.1/x', 'http:// or https://'],
    ['127.0.0.1:3000/webhooks', 'absolute http(s) URL'],
  ])(
    'refuses --forward-to %s with exit 2',
    async (url, message) => {
      const result = await cli(['mock', '--forward-to', url]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
      // One line, pointing at the options rather than repeating the whole usage.
      expect(result.stderr).toMatch(/^gateway-sdk: .*\(gateway-sdk mock --help lists the options\)\n$/);
    },
    30_000,
  );
});

describe('gateway-sdk --help', () => {
  it.each([
    [['--help'], 'Usage: gateway-sdk <command>'],
    [['-h'], 'Usage: gateway-sdk <command>'],
    [['mock', '--help'], 'Usage: gateway-sdk mock'],
    [['mock', '-h'], 'Usage: gateway-sdk mock'],
    [['mock', '--port', 'x', '--help'], 'Usage: gateway-sdk mock'],
    [['trigger', '--help'], 'Usage: GATEWAY_WEBHOOK_SECRET=SECRET gateway-sdk trigger'],
    [['trigger', 'message.sent', '-h'], 'Usage: GATEWAY_WEBHOOK_SECRET=SECRET gateway-sdk trigger'],
    [['help', 'trigger'], 'Usage: GATEWAY_WEBHOOK_SECRET=SECRET gateway-sdk trigger'],
  ])(
    '%j prints the usage on stdout and exits 0',
    async (args, usage) => {
      const result = await cli(args);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout.startsWith(usage)).toBe(true);
    },
    30_000,
  );

  it('lists --forward-to under mock and every event type under trigger', async () => {
    const mock = (await cli(['mock', '--help'])).stdout;
    expect(mock).toContain('--forward-to URL');
    // Several receivers, each given every delivery: said where the option is explained.
    expect(mock).toMatch(
      /--forward-to URL {6}Delivers every event[^]*Repeatable: each URL gets every delivery/,
    );
    const trigger = (await cli(['trigger', '--help'])).stdout;
    for (const type of ['message.delivered', 'payment_intent.payment_failed', 'badge.earned'])
      expect(trigger).toContain(type);
  }, 30_000);

  it('names the closest command for a typo and exits 2', async () => {
    const result = await cli(['mokc']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('did you mean mock?');
  }, 30_000);
});

describe('gateway-sdk trigger with an event type the service does not send', () => {
  it('names the closest, exits 2 and sends nothing', async () => {
    let hits = 0;
    const origin = await listen(
      createServer((req, res) => {
        hits++;
        res.writeHead(200).end();
      }),
    );
    const result = await cli(['trigger', 'message.delivred', '--url', `${origin}/hooks`], {
      GATEWAY_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'The service sends no "message.delivred" event; did you mean message.delivered?',
    );
    expect(result.stdout).toBe('');
    expect(hits).toBe(0);
  }, 30_000);

  it('lists the event types when nothing is close', async () => {
    const result = await cli(['trigger', 'order.shipped', '--url', 'http://127.0.0.1:9/'], {
      GATEWAY_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The service sends no "order.shipped" event; see the event types below.');
    expect(result.stderr).toContain('message.expired');
  }, 30_000);
});

/** A receiver verifying with `secret` whose refusals are logged through createWebhookHandler's logger. */
async function receiverWith(secret: string) {
  const warnings: string[] = [];
  const handle = toNodeHandler(
    createWebhookHandler({
      secret,
      onEvent: () => undefined,
      logger: { warn: (m) => void warnings.push(m) },
    }),
  );
  const origin = await listen(createServer((req, res) => void handle(req, res)));
  return { url: `${origin}/webhooks`, warnings };
}

describe('gateway-sdk mock: a webhook secret that survives restarts', () => {
  const kept = 'whsec_kept_across_restarts_0123';

  it('signs with GATEWAY_WEBHOOK_SECRET from the environment, start after start', async () => {
    const receiver = await receiverWith(kept);
    for (let start = 0; start < 2; start++) {
      const mock = await startMock(['--forward-to', receiver.url], { GATEWAY_WEBHOOK_SECRET: kept });
      expect(mock.env['GATEWAY_WEBHOOK_SECRET']).toBe(kept);
      await mock.client.sms.messages.create({ to: '447700900123', message: 'Hi' });
      expect(await mock.line(/^message\.queued evt_\w+ → /)).toMatch(/ → 200 \(\d+ ms\)$/);
      const child = children.pop();
      if (child) await stop(child);
    }
    expect(receiver.warnings).toEqual([]);
  }, 60_000);

  it('takes --secret over the environment', async () => {
    const mock = await startMock(['--secret', kept], {
      GATEWAY_WEBHOOK_SECRET: 'whsec_other_one_0123456789',
    });
    expect(mock.env['GATEWAY_WEBHOOK_SECRET']).toBe(kept);
  }, 30_000);

  it.each([
    [['--secret', 'hunter2-not-a-secret'], {}, '--secret'],
    [[], { GATEWAY_WEBHOOK_SECRET: 'whsec_short' }, 'GATEWAY_WEBHOOK_SECRET'],
  ])(
    'refuses a secret not of the whsec_ form, in one line that does not print it',
    async (args, env, name) => {
      const result = await cli(['mock', ...args], env);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`^gateway-sdk: ${name} must be whsec_ followed by .*\n$`));
      expect(result.stderr).not.toMatch(/hunter2|whsec_short/);
      expect(result.stdout).toBe('');
    },
    30_000,
  );

  it('says, once, that the receiver verifies with another secret and how to fix it', async () => {
    const receiver = await receiverWith(kept);
    const mock = await startMock(['--forward-to', receiver.url]);
    await mock.client.sms.messages.create({ to: '447700900123', message: 'Hi' });
    await mock.client.sms.messages.create({ to: '447700900124', message: 'Hi' });
    const lines = [
      await mock.line(/^message\.queued evt_00000001 → /),
      await mock.line(/^message\.queued evt_00000002 → /),
    ];
    for (const line of lines)
      expect(line).toMatch(
        / → 400 signature_mismatch \(\d+ ms\); delivery failed, a 4xx answer is not retried$/,
      );
    const advice = await mock.line(/secret differs/);
    expect(advice).toContain('GATEWAY_WEBHOOK_SECRET');
    expect(advice).toContain('--secret');
    expect(mock.stderr().match(/secret differs/g)).toHaveLength(1);
    // The receiver's own log says why, once per delivery, without the secrets.
    expect(receiver.warnings).toHaveLength(2);
    expect(receiver.warnings[0]).toMatch(/400 signature_mismatch/);
    for (const w of receiver.warnings) {
      expect(w).not.toContain(kept);
      expect(w).not.toContain(mock.env['GATEWAY_WEBHOOK_SECRET']);
    }
  }, 60_000);

  it('says once, with --forward-to and no --auto-advance, that messages stay queued until advanced', async () => {
    const receiver = await receiverWith(kept);
    const mock = await startMock(['--forward-to', receiver.url]);
    expect(await mock.line(/stay queued/)).toBe(
      'gateway-sdk mock: messages stay queued until advanced; add --auto-advance to have them sent and delivered within 3 s',
    );
    const other = await startMock(['--forward-to', receiver.url, '--auto-advance']);
    await other.line(/forwarding every event/);
    expect(mock.stderr().match(/stay queued/g)).toHaveLength(1);
    expect(other.stderr()).not.toContain('stay queued');
  }, 60_000);
});

describe('gateway-sdk mock --write-env (and --env-file, its older name)', () => {
  it('writes the variables to a 0600 file by --env-file, prints where, and `source` returns', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-cli-'));
    try {
      // test/cli/docs-loop.test.ts runs docs/testing.md's commands (--write-env) through npx; this
      // runs the older name, which node must not take for its own option (and exit, the file not
      // existing yet) when the bin is started by its shebang, as npm links it.
      const start =
        'gateway-sdk mock --auto-advance --forward-to http://127.0.0.1:3000/webhooks --env-file .gateway.env';
      const load = 'source .gateway.env && node receiver.js';
      const bin = join(dir, 'gateway-sdk');
      await copyFile(builtCli(), bin);
      await chmod(bin, 0o755);
      const clean: NodeJS.ProcessEnv = {
        ...process.env,
        PATH: `${dirname(process.execPath)}:${process.env['PATH'] ?? ''}`,
      };
      delete clean['GATEWAY_WEBHOOK_SECRET'];
      const child = spawn('bash', ['-c', start.replace('gateway-sdk', `exec ${JSON.stringify(bin)}`)], {
        cwd: dir,
        env: clean,
      });
      children.push(child);
      let stderr = '';
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      await new Promise<void>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`the mock exited with ${code}: ${stderr}`)));
        child.stderr.on('data', (c: Buffer) => {
          stderr += c.toString();
          if (stderr.includes('listening on')) resolve();
        });
      });
      const file = join(dir, '.gateway.env');
      expect(stderr.split('\n')[0]).toBe(
        `gateway-sdk mock: wrote the GATEWAY_* variables to ${file} (mode 0600)`,
      );
      expect(stderr).not.toMatch(/sk_live_mock_|whsec_[0-9a-f]/);
      expect(stdout).toBe('');
      expect((await stat(file)).mode & 0o777).toBe(0o600);

      // `source` returns (the mock runs on), and the receiver started after it sees every variable.
      await writeFile(
        join(dir, 'receiver.js'),
        'console.log(process.env.GATEWAY_BASE_URL, process.env.GATEWAY_WEBHOOK_SECRET);',
      );
      const ran = await new Promise<{ code: number; out: string }>((resolve) =>
        execFile('bash', ['-c', load], { cwd: dir, env: { PATH: process.env['PATH'] ?? '' } }, (error, out) =>
          resolve({ code: error ? 1 : 0, out }),
        ),
      );
      const text = await readFile(file, 'utf8');
      const secret = /GATEWAY_WEBHOOK_SECRET=(\S+)/.exec(text)?.[1];
      const base = /GATEWAY_BASE_URL=(\S+)/.exec(text)?.[1];
      expect(ran).toEqual({ code: 0, out: `${base} ${secret}\n` });
      expect(child.exitCode).toBe(null);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('replaces, with --force, a file it did not write, by a new 0600 file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-cli-'));
    try {
      const file = join(dir, 'env');
      await writeFile(file, 'old', { mode: 0o644 });
      const { child, exports } = spawnMock(['--write-env', file, '--force']);
      // Nothing is printed on stdout: the export lines are in the file.
      exports.catch(() => undefined);
      children.push(child);
      await new Promise<void>((resolve) => {
        let stderr = '';
        child.stderr.on('data', (c: Buffer) => {
          stderr += c.toString();
          if (stderr.includes('listening on')) resolve();
        });
      });
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await readFile(file, 'utf8')).toMatch(
        /^# Written by gateway-sdk mock.*\nexport GATEWAY_API_KEY=/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  /** `gateway-sdk mock …args` to its end; killed (and reported as such) if it runs 10 s. */
  const refused = (args: string[], cwd?: string) =>
    new Promise<{ code: number | string; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [builtCli(), 'mock', ...args],
        { timeout: 10_000, killSignal: 'SIGKILL', cwd },
        (error, stdout, stderr) => {
          const failed = error as { code?: number; killed?: boolean } | null;
          resolve({ code: failed?.killed ? 'killed' : (failed?.code ?? 0), stdout, stderr });
        },
      );
    });

  it('refuses a FIFO at PATH with exit 2 at once, writing nothing to a reader on it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-cli-'));
    try {
      const fifo = join(dir, '.gateway.env');
      execFileSync('mkfifo', [fifo]);
      // Without a reader the old open() blocked the start for good; killed at 10 s here.
      const alone = await refused(['--write-env', fifo]);
      expect(alone).toEqual({
        code: 2,
        stdout: '',
        stderr:
          `gateway-sdk: --write-env ${fifo} is a FIFO (named pipe); the mock writes only a file it ` +
          'created. Name another path, or remove what is there.\n',
      });
      // With a reader, the old open() handed it the keys and the secret.
      const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
      try {
        expect((await refused(['--write-env', fifo, '--force'])).code).toBe(2);
        const buffer = Buffer.alloc(4096);
        let read = 0;
        try {
          read = readSync(reader, buffer);
        } catch (error) {
          // EAGAIN: a writer still holds the FIFO open, without having written.
          expect((error as NodeJS.ErrnoException).code).toBe('EAGAIN');
        }
        expect(buffer.subarray(0, read).toString()).toBe('');
      } finally {
        closeSync(reader);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('prints the path it wrote with every control character escaped, on one line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-cli-'));
    try {
      const file = join(dir, 'a\nforged line\x1b[31m\tred\u202e.env');
      const { child, exports } = spawnMock(['--write-env', file]);
      exports.catch(() => undefined);
      children.push(child);
      const stderr = await new Promise<string>((resolve) => {
        let text = '';
        child.stderr.on('data', (c: Buffer) => {
          text += c.toString();
          if (text.includes('listening on')) resolve(text);
        });
      });
      expect(stderr.split('\n')[0]).toBe(
        `gateway-sdk mock: wrote the GATEWAY_* variables to ${dir}/a\\nforged line\\x1b[31m\\tred\\u202e.env (mode 0600)`,
      );
      expect(await readFile(file, 'utf8')).toMatch(/^# Written by gateway-sdk mock/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses - (not stdout) with exit 2 and writes nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-cli-'));
    try {
      expect(await refused(['--write-env', '-'], dir)).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'gateway-sdk: --write-env - is not stdout: leave --write-env out to print the lines, or give ./- ' +
          'for a file named -. (gateway-sdk mock --help lists the options)\n',
      });
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it("refuses a path through another user's symbolic link, writing nothing where it points", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-cli-'));
    try {
      // Another user's link in a shared directory: its owner could point it anywhere at any time.
      const theirs = join(dir, 'theirs');
      await mkdir(theirs);
      await symlink(theirs, join(dir, 'shared'));
      // As root (CI): the link is handed to `nobody`, as if that user had made it.
      await lchown(join(dir, 'shared'), 65_534, 65_534);
      const path = join(dir, 'shared', '.gateway.env');
      const result = await refused(['--write-env', path]);
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr:
          `gateway-sdk: --write-env ${path}: ${join(dir, 'shared')} is a symbolic link another user owns ` +
          '(uid 65534), so that user chooses where the file would land. Name a path through directories ' +
          'and links of yours.\n',
      });
      expect(await readdir(theirs)).toEqual([]);
      // Behind a link of one's own (or root's, as /tmp is on macOS): followed, and the path printed as resolved.
      const mine = join(dir, 'mine');
      await symlink(theirs, mine);
      const { child, exports } = spawnMock(['--write-env', join(mine, '.gateway.env')]);
      exports.catch(() => undefined);
      children.push(child);
      const stderr = await new Promise<string>((resolve) => {
        let text = '';
        child.stderr.on('data', (c: Buffer) => {
          text += c.toString();
          if (text.includes('listening on')) resolve(text);
        });
      });
      expect(stderr.split('\n')[0]).toBe(
        `gateway-sdk mock: wrote the GATEWAY_* variables to ${join(theirs, '.gateway.env')} (mode 0600)`,
      );
      expect(await readdir(theirs)).toEqual(['.gateway.env']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("refuses an app's .env and a symbolic link with exit 2, leaving both files as they were", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-cli-'));
    try {
      const env = join(dir, '.env');
      await writeFile(env, 'DATABASE_URL=postgres://app@db/app\n');
      const app = await refused(['--env-file', env]);
      expect(app).toMatchObject({ code: 2, stdout: '' });
      expect(app.stderr).toContain('already exists and the mock did not write it');
      expect(app.stderr).toContain('add --force to replace it');
      expect(await readFile(env, 'utf8')).toBe('DATABASE_URL=postgres://app@db/app\n');

      const victim = join(dir, 'victim');
      await writeFile(victim, 'precious\n');
      await symlink(victim, join(dir, 'link.env'));
      const link = await refused(['--write-env', join(dir, 'link.env'), '--force']);
      expect(link).toMatchObject({ code: 2, stdout: '' });
      expect(link.stderr).toContain('is a symbolic link');
      expect(await readFile(victim, 'utf8')).toBe('precious\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('gateway-sdk: an unknown option', () => {
  it.each([
    [
      ['mock', '--autoadvance'],
      'Unknown option --autoadvance; did you mean --auto-advance? (gateway-sdk mock --help lists the options)',
    ],
    [
      ['mock', '--forward', 'http://127.0.0.1:9/'],
      'Unknown option --forward; did you mean --forward-to? (gateway-sdk mock --help lists the options)',
    ],
    [
      ['trigger', 'message.sent', '--ulr', 'http://127.0.0.1:9/'],
      'Unknown option --ulr; did you mean --url? (gateway-sdk trigger --help lists the options)',
    ],
    [['mock', '--quux-zebra'], 'Unknown option --quux-zebra (gateway-sdk mock --help lists the options)'],
  ])(
    '%j exits 2 with one line naming the closest option and --help',
    async (args, line) => {
      const result = await cli(args, { GATEWAY_WEBHOOK_SECRET: 'whsec_x' });
      expect(result).toEqual({ code: 2, stdout: '', stderr: `gateway-sdk: ${line}\n` });
    },
    30_000,
  );
});
