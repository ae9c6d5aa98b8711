// The loopback mock server only local pages can use: CORS answered for loopback origins (and those
// allowed by name), a request whose Host is not the server's own refused (DNS rebinding), and an
// answer with 405 and Allow to every method it does not serve, TRACE and CONNECT included (sent on
// a raw socket: node:http hands CONNECT to another event, and fetch cannot send either).
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from 'gateway-sdk/testing';
import { raw, send } from '../helpers/raw-http.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const auth = (s: MockServer) => ({
  authorization: `Bearer ${s.clientOptions.apiKey}`,
  'service-version': '2026-01-01',
});

describe('startMockServer: CORS for loopback pages only', () => {
  it.each(['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080'])(
    'serves a page on %s: preflight and request',
    async (origin) => {
      server = await startMockServer();
      const preflight = await send(`${server.url}/sms/messages`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, service-version, x-evil',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      // What the API needs, not whatever the page asked for.
      expect(preflight.headers['access-control-allow-headers']).toBe(
        'authorization, content-type, idempotency-key, service-version, user-agent',
      );
      const list = await send(`${server.url}/sms/messages`, { headers: { origin, ...auth(server) } });
      expect(list.status).toBe(200);
      expect(list.headers['access-control-allow-origin']).toBe(origin);
      expect(list.headers.vary).toMatch(/origin/i);
    },
  );

  it.each(['https://evil.example', 'http://localhost.evil.example', 'null', 'http://192.168.1.5:3000'])(
    'refuses a page on %s with 403, before any route runs',
    async (origin) => {
      server = await startMockServer();
      const before = server.mock.store.messages.size;
      const preflight = await send(`${server.url}/sms/messages`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const post = await send(`${server.url}/sms/messages`, {
        method: 'POST',
        headers: { origin, ...auth(server), 'content-type': 'application/json' },
        body: JSON.stringify({ to: '447700900123', message: 'from a page' }),
      });
      expect(post.status).toBe(403);
      expect(JSON.parse(post.body).error).toMatchObject({ code: 'origin_not_allowed' });
      expect(JSON.parse(post.body).error.message).toContain('allowedOrigins');
      expect(server.mock.store.messages.size).toBe(before);
    },
  );

  it('serves an origin named in allowedOrigins, and any with "*"', async () => {
    server = await startMockServer({ allowedOrigins: ['https://app.example.test'] });
    const named = await send(`${server.url}/sms/messages`, {
      headers: { origin: 'https://app.example.test', ...auth(server) },
    });
    expect([named.status, named.headers['access-control-allow-origin']]).toEqual([
      200,
      'https://app.example.test',
    ]);
    expect(
      (
        await send(`${server.url}/sms/messages`, {
          headers: { origin: 'https://other.test', ...auth(server) },
        })
      ).status,
    ).toBe(403);
    await server.close();
    server = await startMockServer({ allowedOrigins: ['*'] });
    expect(
      (
        await send(`${server.url}/sms/messages`, {
          headers: { origin: 'https://other.test', ...auth(server) },
        })
      ).status,
    ).toBe(200);
  });

  it('answers a request without Origin (the SDK in Node) with no CORS headers', async () => {
    server = await startMockServer();
    const list = await send(`${server.url}/sms/messages`, { headers: auth(server) });
    expect(list.status).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('startMockServer: Host must be its own loopback address', () => {
  it.each(['evil.example', 'evil.example:80', '127.0.0.1', '127.0.0.1:1', 'localhost'])(
    'refuses Host %s with 421 (DNS rebinding)',
    async (host) => {
      server = await startMockServer();
      const answer = await send(`${server.url}/sms/messages`, { headers: { host, ...auth(server) } });
      expect(answer.status).toBe(421);
      expect(JSON.parse(answer.body).error).toMatchObject({ code: 'host_not_allowed' });
    },
  );

  it('serves Host 127.0.0.1, localhost and [::1] with its port', async () => {
    server = await startMockServer();
    const port = new URL(server.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`])
      expect((await send(`${server.url}/sms/messages`, { headers: { host, ...auth(server) } })).status).toBe(
        200,
      );
  });
});

describe('startMockServer: methods it does not serve', () => {
  it.each(['TRACE', 'CONNECT'])('answers %s with 405 and Allow', async (method) => {
    server = await startMockServer();
    const { port } = new URL(server.url);
    const target = method === 'CONNECT' ? `127.0.0.1:${port}` : '/sms/messages';
    const answer = await raw(Number(port), `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/\r\nallow: GET, POST\r\n/i);
    expect(answer).toContain('"method_not_allowed"');
  });

  it('answers another unknown method on a known path with 405 and that path’s Allow', async () => {
    server = await startMockServer();
    const answer = await send(`${server.url}/sms/messages/msg_1`, {
      method: 'DELETE',
      headers: auth(server),
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET');
  });
});
