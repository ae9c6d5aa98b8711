// Per-request headers. An `Idempotency-Key` given as a header was replaced
// by a random UUID, so two calls with the same key stored two messages; it is now the call's key.
// Authorization and Service-Version cannot be overridden per call, and Content-Length /
// Transfer-Encoding are refused before any I/O (they failed as retried connection errors).
import { beforeEach, describe, expect, it } from 'vitest';
import { ValidationError } from 'gateway-sdk';
import { answer, echoClient, useEchoServer } from '../helpers/echo.js';
import { rejection } from '../helpers/rejection.js';

const KEY = 'sk_live_REQHEADERS';
const MESSAGE = {
  id: 'msg_1',
  to: '447700900123',
  from: 'ACME',
  body: 'hi',
  status: 'queued',
  created_at: '2026-01-01T00:00:00Z',
};
const send = { to: '447700900123', message: 'hi' };
const env = useEchoServer();
/** Messages the server stored, by Idempotency-Key: a second send with the same key is a replay. */
const stored = new Map<string, string>();

env.setEcho((res, _credential, req) => {
  const key = String(req.headers['idempotency-key']);
  if (!stored.has(key)) stored.set(key, `msg_${stored.size + 1}`);
  answer(res, 200, JSON.stringify({ ...MESSAGE, id: stored.get(key) }));
});
beforeEach(() => {
  env.requests.length = 0;
  stored.clear();
});

describe('Idempotency-Key as a per-request header', () => {
  for (const name of ['Idempotency-Key', 'idempotency-key', 'IDEMPOTENCY-KEY']) {
    it(`${name}: 'order-42' is the call's key; two such calls store one message`, async () => {
      const { client } = echoClient(env.server.url, KEY);
      const a = await client.sms.messages.create(send, { headers: { [name]: 'order-42' } });
      const b = await client.sms.messages.create(send, { headers: { [name]: 'order-42' } });
      expect(env.requests.map((r) => r.headers['idempotency-key'])).toEqual(['order-42', 'order-42']);
      expect(a.id).toBe(b.id);
      expect(stored.size).toBe(1);
    });
  }

  it('the same key on every retry', async () => {
    let n = 0;
    env.setEcho((res, _c, req) => {
      if (n++ < 2) return answer(res, 503, '{}', { 'retry-after': '0' });
      answer(res, 200, JSON.stringify({ ...MESSAGE, id: String(req.headers['idempotency-key']) }));
    });
    const { client } = echoClient(env.server.url, KEY, { maxRetries: 2 });
    await client.sms.messages.create(send, { headers: { 'Idempotency-Key': 'order-43' } });
    expect(env.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      'order-43',
      'order-43',
      'order-43',
    ]);
  });

  it('equal to idempotencyKey: fine; different: ValidationError, nothing sent', async () => {
    const { client } = echoClient(env.server.url, KEY);
    env.setEcho((res) => answer(res, 200, JSON.stringify(MESSAGE)));
    await client.sms.messages.create(send, { idempotencyKey: 'k1', headers: { 'Idempotency-Key': 'k1' } });
    const error = await rejection(
      client.sms.messages.create(send, { idempotencyKey: 'k1', headers: { 'Idempotency-Key': 'k2' } }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toMatch(/idempotencyKey/);
    const twoSpellings = await rejection(
      client.sms.messages.create(send, { headers: { 'Idempotency-Key': 'k1', 'idempotency-key': 'k2' } }),
    );
    expect(twoSpellings).toBeInstanceOf(ValidationError);
    expect(env.requests).toHaveLength(1);
  });

  it.each([' padded', 'ü', 'x'.repeat(256)])(
    'validated like idempotencyKey: %j refused before I/O',
    async (key) => {
      const { client } = echoClient(env.server.url, KEY);
      const error = await rejection(
        client.sms.messages.create(send, { headers: { 'Idempotency-Key': key } }),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(env.requests).toHaveLength(0);
    },
  );
});

describe('headers a call may not set', () => {
  const cases: [string, RegExp][] = [
    ['Authorization', /apiKey/],
    ['authorization', /apiKey/],
    ['Service-Version', /serviceVersion/],
    ['Content-Length', /Content-Length/],
    ['Transfer-Encoding', /Transfer-Encoding/],
  ];
  for (const [name, hint] of cases) {
    it(`${name}: ValidationError naming what to do instead, before any I/O`, async () => {
      const { client } = echoClient(env.server.url, KEY, { maxRetries: 2 });
      const value =
        name.toLowerCase() === 'content-length' ? '5' : name === 'Transfer-Encoding' ? 'chunked' : 'x';
      const error = await rejection(client.sms.messages.create(send, { headers: { [name]: value } }));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toMatch(hint);
      expect((error as ValidationError).message).not.toContain(value === 'x' ? 'Bearer' : 'never');
      const get = await rejection(client.sms.messages.retrieve('msg_1', { headers: { [name]: value } }));
      expect(get).toBeInstanceOf(ValidationError);
      expect(env.requests).toHaveLength(0);
    });
  }

  it('other headers still go through (traceparent)', async () => {
    const { client } = echoClient(env.server.url, KEY);
    await client.sms.messages.create(send, { headers: { traceparent: '00-abc-def-01' } });
    expect(env.requests[0]?.headers['traceparent']).toBe('00-abc-def-01');
    expect(env.requests[0]?.headers['authorization']).toBe(`Bearer ${KEY}`);
  });
});
