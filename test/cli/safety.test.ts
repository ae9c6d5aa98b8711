// The `gateway-sdk` command, the bin tsup builds from src/cli/main.ts (once per run,
// test/helpers/global-build.ts), run by node: `trigger` takes its secret from
// GATEWAY_WEBHOOK_SECRET, prints a receiver's answer without its control characters and gives up
// after --timeout; `mock` starts with fresh keys and serves an origin named by --allow-origin.
import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Webhooks } from 'gateway-sdk/webhooks';
import { DEFAULT_CREDENTIALS } from 'gateway-sdk/testing';
import { cli, spawnMock, stop } from '../helpers/cli.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

async function receiver(answer: (raw: string, signature: string | undefined) => [number, string] | 'hang') {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const result = answer(raw, req.headers['x-service-signature'] as string | undefined);
      if (result !== 'hang') res.writeHead(result[0], { 'content-type': 'text/plain' }).end(result[1]);
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

describe('gateway-sdk trigger', () => {
  it('signs with GATEWAY_WEBHOOK_SECRET when --secret is not given', async () => {
    const secret = 'whsec_from_the_environment';
    const seen: Promise<boolean>[] = [];
    const url = await receiver((raw, signature) => {
      seen.push(Webhooks.verify(raw, signature, secret));
      return [200, 'ok'];
    });
    const result = await cli(['trigger', 'message.delivered', '--url', url], {
      GATEWAY_WEBHOOK_SECRET: secret,
    });
    expect(result).toMatchObject({ code: 0, stdout: '200 OK\nok\n' });
    expect(await Promise.all(seen)).toEqual([true]);
  }, 30_000);

  it('refuses to run with neither, naming the variable', async () => {
    const result = await cli(['trigger', 'message.delivered', '--url', 'http://127.0.0.1:9/']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('GATEWAY_WEBHOOK_SECRET');
  }, 30_000);

  it('prints the answer with its control characters escaped', async () => {
    const url = await receiver(() => [
      400,
      'bad\u001b[2J\u001b]0;pwned\u0007 \r\u009b31m\u202eend\u2028\u061c.',
    ]);
    const result = await cli(['trigger', 'message.sent', '--url', url], {
      GATEWAY_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(result.code).toBe(1);
    // eslint-disable-next-line no-control-regex
    expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e\u2028\u061c]/);
    expect(result.stdout).toBe(
      '400 Bad Request\nbad\\x1b[2J\\x1b]0;pwned\\x07 \\x0d\\x9b31m\\u202eend\\u2028\\u061c.\n',
    );
  }, 30_000);

  it('gives up after --timeout seconds with exit 1', async () => {
    const url = await receiver(() => 'hang');
    const result = await cli(['trigger', 'message.sent', '--url', url, '--timeout', '0.2'], {
      GATEWAY_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('gave no answer within 0.2 s (--timeout)');
  }, 30_000);

  it.each(['0', 'soon'])(
    'refuses --timeout %s',
    async (value) => {
      const result = await cli(
        ['trigger', 'message.sent', '--url', 'http://127.0.0.1:9/', '--timeout', value],
        {
          GATEWAY_WEBHOOK_SECRET: 'whsec_x',
        },
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--timeout');
    },
    30_000,
  );
});

/** Starts `gateway-sdk mock`, reads its export lines, runs `use`, then stops it. */
async function withMock(args: string[], use: (env: Record<string, string>) => Promise<void>) {
  const { child, exports } = spawnMock(args);
  try {
    await use(await exports);
  } finally {
    await stop(child);
  }
}

const get = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; origin: string | undefined }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          origin: res.headers['access-control-allow-origin'] as string | undefined,
        }),
      );
    })
      .on('error', reject)
      .end();
  });

describe('gateway-sdk mock', () => {
  it('starts with fresh keys each time, not the published defaults', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 2; i++)
      await withMock([], async (env) => {
        keys.push(env['GATEWAY_API_KEY'] ?? '');
        const headers = { 'service-version': '2026-01-01' };
        const base = `${env['GATEWAY_BASE_URL']}/sms/messages`;
        expect(
          (await get(base, { ...headers, authorization: `Bearer ${DEFAULT_CREDENTIALS.apiKey}` })).status,
        ).toBe(401);
        expect(
          (await get(base, { ...headers, authorization: `Bearer ${env['GATEWAY_API_KEY']}` })).status,
        ).toBe(200);
      });
    expect(keys[0]).toMatch(/^sk_live_mock_[0-9a-f]{24}$/);
    expect(keys[1]).toMatch(/^sk_live_mock_[0-9a-f]{24}$/);
    expect(keys[0]).not.toBe(keys[1]);
  }, 60_000);

  it('serves a page on an origin named by --allow-origin, and refuses others', async () => {
    await withMock(['--allow-origin', 'https://app.example.test'], async (env) => {
      const headers = { 'service-version': '2026-01-01', authorization: `Bearer ${env['GATEWAY_API_KEY']}` };
      const base = `${env['GATEWAY_BASE_URL']}/sms/messages`;
      expect(await get(base, { ...headers, origin: 'https://app.example.test' })).toEqual({
        status: 200,
        origin: 'https://app.example.test',
      });
      expect((await get(base, { ...headers, origin: 'https://evil.example' })).status).toBe(403);
    });
  }, 60_000);
});
