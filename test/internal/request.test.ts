import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  GatewayError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  UnprocessableEntityError,
  ValidationError,
} from 'gateway-sdk';
import { settle } from '../helpers/settle.js';
import { usePipeline } from '../helpers/msw.js';
import { message } from '../helpers/fixtures.js';

const BASE = 'https://api.gateway.test';
const KEY = 'sk_live_7Hq2SECRETkey';
const send = { to: '+447700900123', message: 'Your code is 424242' };
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const { server, wire, sequence, lines, client, advance } = usePipeline(BASE, KEY);

const fail =
  (status: number, headers: Record<string, string> = {}) =>
  () =>
    HttpResponse.json(
      { error: { code: `code_${status}`, message: `failed with ${status}` } },
      { status, headers: { 'x-request-id': `req_${status}`, ...headers } },
    );
const ok = () => HttpResponse.json(message, { headers: { 'x-request-id': 'req_ok' } });

describe('idempotency keys', () => {
  it('sends a generated UUID v4 Idempotency-Key on a POST and the same one on every retry', async () => {
    sequence('post', `${BASE}/sms/messages`, [fail(503), fail(502), ok]);
    await client({ maxRetries: 2 }).sms.messages.create(send, { timeout: 1000 }).withResponse();
    expect(wire).toHaveLength(3);
    const keys = wire.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(1);
  });

  it('uses a new key for each call', async () => {
    sequence('post', `${BASE}/sms/messages`, [ok]);
    const c = client();
    await c.sms.messages.create(send);
    await c.sms.messages.create(send);
    expect(wire[0]?.headers['idempotency-key']).not.toBe(wire[1]?.headers['idempotency-key']);
  });

  it("lets the caller's key win", async () => {
    sequence('post', `${BASE}/sms/messages`, [fail(500), ok]);
    await client().sms.messages.create(send, { idempotencyKey: 'order-42' });
    expect(wire.map((r) => r.headers['idempotency-key'])).toEqual(['order-42', 'order-42']);
  });

  it('accepts a 255-character key and refuses 256 without sending', async () => {
    sequence('post', `${BASE}/sms/messages`, [ok]);
    await client().sms.messages.create(send, { idempotencyKey: 'k'.repeat(255) });
    expect(wire).toHaveLength(1);
    const { error } = await settle(client().sms.messages.create(send, { idempotencyKey: 'k'.repeat(256) }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/idempotencyKey.*255/);
    expect(wire).toHaveLength(1);
  });

  it.each([' padded', 'new\nline', 'ünïcode', ''])('refuses the key %j before sending', async (key) => {
    const { error } = await settle(client().sms.messages.create(send, { idempotencyKey: key }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(wire).toHaveLength(0);
  });

  it('sends no Idempotency-Key on a GET', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [ok]);
    await client().sms.messages.retrieve('msg_1');
    expect(wire[0]?.headers).not.toHaveProperty('idempotency-key');
  });

  it('puts the key on the error when a keyed request fails', async () => {
    sequence('post', `${BASE}/sms/messages`, [fail(500)]);
    const { error } = await settle(
      client({ maxRetries: 0 }).sms.messages.create(send, { idempotencyKey: 'order-7' }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).idempotencyKey).toBe('order-7');
  });
});

describe('which failures are retried', () => {
  it.each([408, 409, 429, 500, 502, 503, 504])(
    'retries %i up to maxRetries, then rejects',
    async (status) => {
      sequence('post', `${BASE}/sms/messages`, [fail(status, { 'retry-after': '0' })]);
      const { error } = await settle(client({ maxRetries: 2 }).sms.messages.create(send));
      expect(wire).toHaveLength(3);
      expect(error).toBeInstanceOf(APIError);
      expect((error as APIError).status).toBe(status);
    },
  );

  it.each([400, 401, 403, 404, 422])('does not retry %i', async (status) => {
    sequence('post', `${BASE}/sms/messages`, [fail(status)]);
    await settle(client({ maxRetries: 3 }).sms.messages.create(send));
    expect(wire).toHaveLength(1);
  });

  it('retries a network error and succeeds', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [() => HttpResponse.error(), ok]);
    const result = await client().sms.messages.retrieve('msg_1');
    expect(result.id).toBe('msg_1');
    expect(wire).toHaveLength(2);
  });

  it('rejects with APIConnectionError after the last network error', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [() => HttpResponse.error()]);
    const { error } = await settle(client({ maxRetries: 1 }).sms.messages.retrieve('msg_1'));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/Could not reach the sms API/);
    expect(wire).toHaveLength(2);
  });

  it('lets a call override maxRetries', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(500)]);
    await settle(client({ maxRetries: 2 }).sms.messages.retrieve('msg_1', { maxRetries: 0 }));
    expect(wire).toHaveLength(1);
  });
});

describe('waiting between attempts', () => {
  beforeEach(() => {
    // Jitter at its maximum, so each backoff is its ceiling × 0.999: predictable waits.
    vi.mocked(Math.random).mockReturnValue(0.999);
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
      now: new Date('2026-03-01T12:00:00Z'),
    });
  });

  /** Lets pending I/O and timers up to `ms` run, then reports how many requests were made. */
  async function after(ms: number): Promise<number> {
    await advance(ms);
    return wire.length;
  }

  it('backs off exponentially with full jitter from 0.5 s', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(500), fail(500), fail(500), ok]);
    const call = settle(client({ maxRetries: 3 }).sms.messages.retrieve('msg_1'));
    expect(await after(0)).toBe(1);
    expect(await after(498)).toBe(1); // ceiling 500 ms × 0.999 = 499 ms
    expect(await after(1)).toBe(2);
    expect(await after(998)).toBe(2); // ceiling 1000 ms: 999 ms
    expect(await after(1)).toBe(3);
    expect(await after(1997)).toBe(3); // ceiling 2000 ms: 1998 ms
    expect(await after(1)).toBe(4);
    expect((await call).value).toMatchObject({ id: 'msg_1' });
  });

  it('spreads waits over the whole window (full jitter)', async () => {
    vi.mocked(Math.random).mockReturnValue(0);
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(500), ok]);
    const call = settle(client().sms.messages.retrieve('msg_1'));
    expect(await after(0)).toBe(2);
    await call;
  });

  it('caps the backoff at 8 s', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [
      fail(500),
      fail(500),
      fail(500),
      fail(500),
      fail(500),
      ok,
    ]);
    const call = settle(client({ maxRetries: 5 }).sms.messages.retrieve('msg_1'));
    for (const wait of [499, 999, 1998, 3996]) await after(wait);
    expect(wire).toHaveLength(5);
    expect(await after(7990)).toBe(5); // 16 s would be next, capped to 8 s × 0.999
    expect(await after(2)).toBe(6);
    await call;
  });

  it('honours Retry-After in seconds', async () => {
    vi.mocked(Math.random).mockReturnValue(0); // Retry-After's own jitter at 0: exact waits
    sequence('post', `${BASE}/sms/messages`, [fail(429, { 'retry-after': '3' }), ok]);
    const call = settle(client().sms.messages.create(send));
    expect(await after(2999)).toBe(1);
    expect(await after(1)).toBe(2);
    expect((await call).value).toMatchObject({ id: 'msg_1' });
  });

  it('honours Retry-After as an HTTP date', async () => {
    vi.mocked(Math.random).mockReturnValue(0); // Retry-After's own jitter at 0: exact waits
    const at = new Date(Date.now() + 10_000).toUTCString();
    sequence('post', `${BASE}/sms/messages`, [fail(503, { 'retry-after': at }), ok]);
    const call = settle(client().sms.messages.create(send));
    expect(await after(9999)).toBe(1);
    expect(await after(1)).toBe(2);
    await call;
  });

  it('caps Retry-After at 60 s and reports what the service asked on RateLimitError', async () => {
    sequence('post', `${BASE}/sms/messages`, [fail(429, { 'retry-after': '3600' })]);
    const call = settle(client({ maxRetries: 1 }).sms.messages.create(send));
    expect(await after(59_999)).toBe(1);
    expect(await after(1)).toBe(2);
    const { error } = await call;
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(3_600_000);
  });

  it('times out an attempt that never answers, and retries it', async () => {
    let n = 0;
    server.use(
      http.get(`${BASE}/sms/messages/msg_1`, async () => {
        if (n++ === 0) await delay('infinite');
        return ok();
      }),
    );
    const call = settle(client({ timeout: 5000 }).sms.messages.retrieve('msg_1'));
    expect(await after(4999)).toBe(1);
    expect(await after(1 + 499)).toBe(2);
    expect((await call).value).toMatchObject({ id: 'msg_1' });
  });

  it('bounds a body that never ends by the timeout', async () => {
    server.use(
      http.get(`${BASE}/sms/messages/msg_1`, () => {
        const stream = new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"id":')) });
        // A length the body never reaches: a body read to the end of the connection instead, cut
        // short by the timeout, trips an assertion in Node's HTTP client when msw 3 closes the socket.
        const headers = { 'content-type': 'application/json', 'content-length': '1000' };
        return new HttpResponse(stream, { headers });
      }),
    );
    const call = settle(client({ timeout: 2000, maxRetries: 0 }).sms.messages.retrieve('msg_1'));
    await after(2000);
    const { error } = await call;
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toMatch(/2000ms/);
  });

  it('stops at once when the signal aborts during a backoff', async () => {
    sequence('post', `${BASE}/sms/messages`, [fail(500)]);
    const controller = new AbortController();
    const call = settle(
      client({ maxRetries: 5 }).sms.messages.create(send, {
        signal: controller.signal,
        idempotencyKey: 'k-1',
      }),
    );
    await after(100);
    controller.abort();
    const { error } = await call;
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as APIUserAbortError).idempotencyKey).toBe('k-1');
    expect(await after(60_000)).toBe(1);
  });

  it('aborts a request in flight', async () => {
    server.use(http.get(`${BASE}/sms/messages/msg_1`, () => delay('infinite')));
    const controller = new AbortController();
    const call = settle(client().sms.messages.retrieve('msg_1', { signal: controller.signal }));
    await after(10);
    controller.abort();
    expect((await call).error).toBeInstanceOf(APIUserAbortError);
    expect(await after(120_000)).toBe(1);
  });
});

it('sends nothing when the signal is already aborted', async () => {
  const { error } = await settle(client().sms.messages.retrieve('msg_1', { signal: AbortSignal.abort() }));
  expect(error).toBeInstanceOf(APIUserAbortError);
  expect(wire).toHaveLength(0);
});

describe('errors', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
    [418, APIError],
  ])('maps %i to %o with its fields', async (status, type) => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(status, { 'retry-after': '0' })]);
    const { error } = await settle(client({ maxRetries: 0 }).sms.messages.retrieve('msg_1'));
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(GatewayError);
    const e = error as APIError;
    expect(e.name).toBe(type.name);
    expect(e).toMatchObject({
      status,
      code: `code_${status}`,
      requestId: `req_${status}`,
      idempotencyKey: undefined,
    });
    expect(e.body).toEqual({ error: { code: `code_${status}`, message: `failed with ${status}` } });
    expect(e.headers.get('x-request-id')).toBe(`req_${status}`);
    expect(e.message).toContain(`failed with ${status}`);
  });

  it('keeps a non-JSON error body as text', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [
      () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 }),
    ]);
    const { error } = await settle(client({ maxRetries: 0 }).sms.messages.retrieve('msg_1'));
    expect((error as APIError).body).toBe('<html>Bad Gateway</html>');
  });

  it('says which credential to check on 401', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(401)]);
    const { error } = await settle(client().sms.messages.retrieve('msg_1'));
    expect((error as Error).message).toMatch(/`apiKey`/);
  });

  it('does not follow a redirect, so the credential never reaches another host', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [
      () => new HttpResponse(null, { status: 302, headers: { location: 'https://evil.test/steal' } }),
    ]);
    const { error } = await settle(client().sms.messages.retrieve('msg_1'));
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(302);
    expect(wire.map((r) => r.url.host)).toEqual(['api.gateway.test']);
  });

  it('rejects a 2xx body without a required field with the path and the raw body', async () => {
    const { id: _omitted, ...noId } = message;
    const raw = JSON.stringify(noId);
    sequence('get', `${BASE}/sms/messages/msg_1`, [
      () => new HttpResponse(raw, { headers: { 'content-type': 'application/json' } }),
    ]);
    // Strict: the default ('warn') resolves a drifted answer as sent.
    const { error } = await settle(client({ responseValidation: 'strict' }).sms.messages.retrieve('msg_1'));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toEqual([
      { path: ['id'], message: 'is required (string)' },
    ]);
    expect((error as ResponseValidationError).body).toBe(raw);
    expect(wire).toHaveLength(1);
  });

  it.each([
    ['a wrong type', JSON.stringify({ ...message, status: 7 }), /status must be a string/],
    ['an empty body', '', /answered 200 with no body/],
    ['truncated JSON', '{"id":"msg_1","to":', /not JSON/],
    ['an HTML page', '<html>ok</html>', /not JSON/],
  ])('rejects a 2xx with %s as ResponseValidationError', async (_label, raw, pattern) => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [() => new HttpResponse(raw, { status: 200 })]);
    // Strict for the wrong type (the default, 'warn', resolves it); the others fail in every mode.
    const { error } = await settle(client({ responseValidation: 'strict' }).sms.messages.retrieve('msg_1'));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toMatch(pattern);
  });

  it('never puts a credential in a message, toJSON() or stack, even when the service echoes it', async () => {
    const echo = () =>
      HttpResponse.json({ error: { message: `bad key ${KEY}` }, echoed: `Bearer ${KEY}` }, { status: 401 });
    sequence('get', `${BASE}/sms/messages/msg_1`, [echo]);
    sequence('post', `${BASE}/sms/messages`, [() => new HttpResponse(`{"secret":"${KEY}"`, { status: 200 })]);
    const c = client({ maxRetries: 0 });
    const errors = [
      (await settle(c.sms.messages.retrieve('msg_1'))).error,
      (await settle(c.sms.messages.create(send))).error,
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(GatewayError);
      const text = [
        (error as Error).message,
        (error as Error).stack,
        JSON.stringify(error),
        JSON.stringify((error as APIError).body),
      ].join('\n');
      expect(text).not.toContain(KEY);
    }
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('serializes without headers but with the useful fields', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(404)]);
    const { error } = await settle(client().sms.messages.retrieve('msg_1'));
    const json = (error as NotFoundError).toJSON();
    expect(json).toMatchObject({
      name: 'NotFoundError',
      status: 404,
      code: 'code_404',
      requestId: 'req_404',
    });
    expect(json).not.toHaveProperty('headers');
  });
});

describe('withResponse()', () => {
  it('gives the parsed data, the raw Response and the request id from one request', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [ok]);
    const { data, response, requestId } = await client().sms.messages.retrieve('msg_1').withResponse();
    expect(data.id).toBe('msg_1');
    expect(response.status).toBe(200);
    expect(requestId).toBe('req_ok');
    expect(wire).toHaveLength(1);
  });
});

describe('logging', () => {
  it('masks phone numbers and message text and never logs the key', async () => {
    sequence('post', `${BASE}/sms/messages`, [fail(500), ok]);
    await client().sms.messages.create(send);
    const text = lines.join('\n');
    expect(text).toContain('POST sms/messages');
    expect(text).toContain('Retrying');
    expect(text).not.toContain('447700900123');
    expect(text).not.toContain('424242');
    expect(text).toContain('44********23');
    expect(text).not.toContain(KEY);
  });

  it('writes nothing at level off, and only retries at info', async () => {
    sequence('post', `${BASE}/sms/messages`, [fail(500), ok]);
    await client({ logLevel: 'off' }).sms.messages.create(send);
    expect(lines).toHaveLength(0);
    sequence('post', `${BASE}/sms/messages`, [fail(500), ok]);
    await client({ logLevel: 'info' }).sms.messages.create(send);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.includes('Retrying'))).toBe(true);
  });
});
