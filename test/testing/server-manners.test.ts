// The loopback mock answers like a careful server. Every answer carries an
// x-request-id, the server's own refusals included (421, 403, 405 to TRACE and to CONNECT, which is
// written on the raw socket); OPTIONS answers 404 on a path no route serves and 204 with `Allow` on
// one it does; HEAD answers as GET without a body. And a 404 says "check the id" once, not twice.
import { afterEach, describe, expect, it } from 'vitest';
import { Client, NotFoundError } from 'gateway-sdk';
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

const REQUEST_ID = /^req_\d+$/;

describe('startMockServer: x-request-id on its own refusals', () => {
  it('421 for a foreign Host', async () => {
    server = await startMockServer();
    const answer = await send(`${server.url}/sms/messages`, {
      headers: { host: 'evil.example', ...auth(server) },
    });
    expect(answer.status).toBe(421);
    expect(answer.headers['x-request-id']).toMatch(REQUEST_ID);
  });

  it('403 for a foreign origin, request and preflight', async () => {
    server = await startMockServer();
    const origin = 'https://evil.example';
    const get = await send(`${server.url}/sms/messages`, { headers: { origin, ...auth(server) } });
    const preflight = await send(`${server.url}/sms/messages`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect([get.status, preflight.status]).toEqual([403, 403]);
    expect(get.headers['x-request-id']).toMatch(REQUEST_ID);
    expect(preflight.headers['x-request-id']).toMatch(REQUEST_ID);
    expect(preflight.headers['x-request-id']).not.toBe(get.headers['x-request-id']);
  });

  it('405 to TRACE', async () => {
    server = await startMockServer();
    const answer = await send(`${server.url}/sms/messages`, { method: 'TRACE' });
    expect(answer.status).toBe(405);
    expect(answer.headers['x-request-id']).toMatch(REQUEST_ID);
  });

  it('405 to CONNECT, written on the raw socket', async () => {
    server = await startMockServer();
    const port = Number(new URL(server.url).port);
    const answer = await raw(port, `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/\r\nx-request-id: req_\d+\r\n/i);
  });
});

describe('startMockServer: OPTIONS', () => {
  it('answers 404 route_not_found, with a request id, on a path no route serves', async () => {
    server = await startMockServer();
    for (const path of ['/sms/unknown', '/nowhere', '/sms/messages/']) {
      const answer = await send(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
      });
      expect(answer.status).toBe(404);
      expect(answer.headers.allow).toBeUndefined();
      expect(answer.headers['x-request-id']).toMatch(REQUEST_ID);
      expect(JSON.parse(answer.body).error).toMatchObject({ type: 'not_found', code: 'route_not_found' });
    }
  });

  it.each([
    ['/sms/messages', 'GET, HEAD, OPTIONS, POST'],
    ['/sms/messages/msg_1', 'GET, HEAD, OPTIONS'],
    ['/sms/bulk', 'OPTIONS, POST'],
    ['/payment/customers/cus_123', 'GET, HEAD, OPTIONS'],
  ])('answers 204 on %s with Allow: %s and the CORS headers', async (path, allow) => {
    server = await startMockServer();
    const origin = 'http://localhost:5173';
    const answer = await send(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.allow).toBe(allow);
    expect(answer.headers['x-request-id']).toMatch(REQUEST_ID);
    expect(answer.headers['access-control-allow-origin']).toBe(origin);
    expect(answer.headers['access-control-allow-headers']).toBe(
      'authorization, content-type, idempotency-key, service-version, user-agent',
    );
  });
});

describe('startMockServer: HEAD', () => {
  it('answers as GET on a GET route, without a body', async () => {
    server = await startMockServer();
    const client = new Client({ ...server.clientOptions, maxRetries: 0 });
    const sent = await client.sms.messages.create({ to: '+447700900456', message: 'Hello' });
    for (const path of ['/sms/messages', `/sms/messages/${sent.id}`, '/sms/messages/msg_404']) {
      const get = await send(`${server.url}${path}`, { headers: auth(server) });
      const head = await send(`${server.url}${path}`, { method: 'HEAD', headers: auth(server) });
      expect(head.status).toBe(get.status);
      expect(head.body).toBe('');
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
      expect(head.headers['x-request-id']).toMatch(REQUEST_ID);
    }
  });

  it('is refused like GET: no credential is 401, a POST-only path is 405', async () => {
    server = await startMockServer();
    const noAuth = await send(`${server.url}/sms/messages`, { method: 'HEAD' });
    expect([noAuth.status, noAuth.body]).toEqual([401, '']);
    const postOnly = await send(`${server.url}/sms/bulk`, { method: 'HEAD', headers: auth(server) });
    expect([postOnly.status, postOnly.headers.allow]).toEqual([405, 'POST']);
  });

  it('works through mock.fetch too', async () => {
    server = await startMockServer();
    const res = await server.mock.fetch(`${server.url}/sms/messages`, {
      method: 'HEAD',
      headers: auth(server),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});

describe('a 404 from the mock', () => {
  it('says "check the id" once', async () => {
    server = await startMockServer();
    const client = new Client({ ...server.clientOptions, maxRetries: 0 });
    const error = await client.sms.messages.retrieve('msg_missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    const message = (error as NotFoundError).message;
    expect(message.match(/check the id/gi)).toHaveLength(1);
    // The address advice is still given.
    expect(message).toContain('baseURL (GATEWAY_BASE_URL) points at the gateway API');
  });
});
