// The loopback server, over real sockets: no MSW interception in this file.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'gateway-sdk';
import { startMockServer, type MockServer } from 'gateway-sdk/testing';

let server: MockServer;
let now = Date.parse('2026-01-01T09:00:00.000Z');

beforeAll(async () => {
  server = await startMockServer({ now: () => new Date(now), autoAdvance: true });
});
afterAll(() => server.close());

const headers = (token: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  'service-version': '2026-01-01',
  ...extra,
});

describe('startMockServer', () => {
  it('listens on 127.0.0.1 and gives that URL as both addresses', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.clientOptions).toMatchObject({
      baseURL: server.url,
      sandboxBaseURL: server.url,
      apiKey: 'sk_live_mock',
    });
    expect(server.mock.clientOptions).toBe(server.clientOptions);
  });

  it('answers sms, payment and account routes on the one address', async () => {
    const sms = await fetch(`${server.url}/sms/messages`, { headers: headers('sk_live_mock') });
    const payment = await fetch(`${server.url}/payment/customers/cus_123`, {
      headers: headers('sk_test_mock'),
    });
    const account = await fetch(`${server.url}/account/organizations/org_123/members`, {
      headers: { authorization: 'Bearer at_mock' },
    });
    expect([sms.status, payment.status, account.status]).toEqual([200, 200, 200]);
    expect(sms.headers.get('x-request-id')).toMatch(/^req_\d+$/);
    expect(((await account.json()) as unknown[]).length).toBe(3);
  });

  it('reads POST bodies and keeps state between requests', async () => {
    const created = await fetch(`${server.url}/sms/messages`, {
      method: 'POST',
      headers: headers('sk_live_mock', { 'content-type': 'application/json', 'idempotency-key': 'srv-1' }),
      body: JSON.stringify({ to: '447700900123', message: 'Über 😀' }),
    });
    const message = (await created.json()) as { id: string; body: string };
    expect(created.status).toBe(200);
    expect(message.body).toBe('Über 😀');
    const replay = await fetch(`${server.url}/sms/messages`, {
      method: 'POST',
      headers: headers('sk_live_mock', { 'content-type': 'application/json', 'idempotency-key': 'srv-1' }),
      body: JSON.stringify({ to: '447700900123', message: 'Über 😀' }),
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(server.mock.store.messages.get(message.id)?.body).toBe('Über 😀');
  });

  it('uses the given options: the clock and autoAdvance', async () => {
    const [message] = server.mock.store.seedMessages(1, { to: '447700900123' });
    now += 5000;
    const res = await fetch(`${server.url}/sms/messages/${message?.id}`, {
      headers: headers('sk_live_mock'),
    });
    expect(await res.json()).toMatchObject({ status: 'sent', sent_at: '2026-01-01T09:00:05.000Z' });
  });

  it('answers 404 route_not_found as JSON for an unknown route', async () => {
    const res = await fetch(`${server.url}/sms/unknown`, { headers: headers('sk_live_mock') });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('x-request-id')).toMatch(/^req_\d+$/);
    expect(await res.json()).toEqual({
      error: {
        type: 'not_found',
        code: 'route_not_found',
        message: expect.stringContaining('GET /sms/unknown'),
        param: null,
      },
    });
  });

  it('answers a CORS preflight so browser pages on this machine can call it', async () => {
    const res = await fetch(`${server.url}/sms/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,service-version',
      },
    });
    expect(res.status).toBe(204);
    // The page's own origin (a loopback one), and the headers the API takes, not a reflection.
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'authorization, content-type, idempotency-key, service-version, user-agent',
    );
  });

  it('serves the SDK client end to end', async () => {
    const client = new Client({ ...server.clientOptions, maxRetries: 0 });
    const sent = await client.sms.messages.create({ to: '+447700900456', message: 'Hello' });
    now += 5000;
    const fetched = await client.sms.messages.retrieve(sent.id);
    const customer = await client.payment.customers.retrieve('cus_123');
    expect(sent.to).toBe('447700900456');
    expect(fetched.status).toBe('sent');
    expect(customer.id).toBe('cus_123');
  });
});

describe('close()', () => {
  it('resolves promptly with a keep-alive connection still open, and frees the port', async () => {
    const own = await startMockServer();
    const agentResponse = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${own.url}/sms/messages`,
        { headers: { ...headers('sk_live_mock'), connection: 'keep-alive' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(agentResponse).toBe(200);
    // No clock read: the idle keep-alive connection would otherwise hold close() for the server's
    // keep-alive timeout; the freed port below shows it was ended.
    await own.close();
    await expect(fetch(`${own.url}/sms/messages`)).rejects.toThrow();
  });

  it('resolves promptly with a request still arriving on an open connection', async () => {
    const own = await startMockServer();
    const socket = connect(Number(new URL(own.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // Headers without their final blank line: the connection is busy, not idle.
    await new Promise((resolve) =>
      socket.write('GET /sms/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n', resolve),
    );
    // The server resets the connection it ends: that is the point, not a failure.
    socket.on('error', () => undefined);
    const ended = new Promise((resolve) => socket.once('close', resolve));
    // No clock read: a close() that waited for this request would wait for the server's headers
    // timeout (60 s), far past the test's own; this one ends the connection itself.
    await own.close();
    await ended;
    socket.destroy();
  });
});
