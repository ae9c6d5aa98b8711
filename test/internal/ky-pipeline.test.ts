// The request path on ky 2, checked on the wire: ky's known edges against the contract, the
// policy ky carries (statuses, Retry-After, backoff), hooks, totalTimeout and Deprecation/Sunset.
// These replace the unit tests of the hand-written retry helpers (isRetryableStatus,
// parseRetryAfter, retryDelay) that ky made unnecessary: the same behaviour, asserted on requests.
import ky from 'ky';
import { http, HttpResponse, passthrough } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  Client,
  ConfigurationError,
  ConflictError,
  IdempotencyKeyReusedError,
  type Hooks,
  RateLimitError,
  ValidationError,
} from 'gateway-sdk';
import { listen } from '../helpers/loopback.js';
import { settle } from '../helpers/settle.js';
import { usePipeline } from '../helpers/msw.js';
import { message } from '../helpers/fixtures.js';

const BASE = 'https://api.gateway.test';
const KEY = 'sk_live_7Hq2SECRETkey';
const send = { to: '+447700900123', message: 'Your code is 424242' };

const { server, wire, sequence, lines, client, advance } = usePipeline(BASE, KEY);

const fail =
  (status: number, headers: Record<string, string> = {}) =>
  () =>
    HttpResponse.json(
      { error: { code: `code_${status}`, message: `failed with ${status}` } },
      { status, headers },
    );
const ok = () => HttpResponse.json(message, { headers: { 'x-request-id': 'req_ok' } });

/** Fake timers for waits; lets I/O and timers up to `ms` run, then reports how many requests were made. */
function fakeClock() {
  // ky 2 times the totalTimeout with performance.now(), so that clock is faked too.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'],
    now: new Date('2026-03-01T12:00:00Z'),
  });
  return async (ms: number): Promise<number> => {
    await advance(ms);
    return wire.length;
  };
}

describe('the statuses ky retries for us (was isRetryableStatus)', () => {
  it.each([408, 409, 429, 500, 501, 505, 507, 599])('retries %i', async (status) => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(status), ok]);
    await client().sms.messages.retrieve('msg_1');
    expect(wire).toHaveLength(2);
  });

  // 413 is on ky's default list; retrying an oversized body cannot help.
  it.each([301, 304, 400, 401, 403, 404, 410, 413, 422])('does not retry %i', async (status) => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [
      () =>
        status < 400
          ? new HttpResponse(null, { status, headers: { location: `${BASE}/elsewhere` } })
          : fail(status)(),
    ]);
    const { error } = await settle(client({ maxRetries: 3 }).sms.messages.retrieve('msg_1'));
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(status);
    expect(wire).toHaveLength(1);
  });
});

describe('Retry-After, read by ky (was parseRetryAfter)', () => {
  beforeEach(() => vi.mocked(Math.random).mockReturnValue(0.999));

  it('reads fractions of seconds', async () => {
    vi.mocked(Math.random).mockReturnValue(0); // Retry-After's own jitter at 0: exact waits
    const after = fakeClock();
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(503, { 'retry-after': '1.5' }), ok]);
    const call = settle(client().sms.messages.retrieve('msg_1'));
    expect(await after(1499)).toBe(1);
    expect(await after(1)).toBe(2);
    await call;
  });

  it('retries at once for an HTTP date in the past', async () => {
    const after = fakeClock();
    const past = new Date(Date.now() - 3_600_000).toUTCString();
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(409, { 'retry-after': past }), ok]);
    const call = settle(client().sms.messages.retrieve('msg_1'));
    expect(await after(0)).toBe(2);
    await call;
  });

  it.each(['soon', '-5', ''])(
    'backs off as usual when it cannot read %j (ky alone would wait 60 s)',
    async (value) => {
      const after = fakeClock();
      sequence('get', `${BASE}/sms/messages/msg_1`, [fail(429, { 'retry-after': value }), ok]);
      const call = settle(client().sms.messages.retrieve('msg_1'));
      expect(await after(498)).toBe(1);
      expect(await after(1)).toBe(2); // 500 ms × 0.999
      expect((await call).value).toMatchObject({ id: 'msg_1' });
    },
  );

  it('honours it on every retried status, 408 and 500 included (ky: only 413, 429, 503)', async () => {
    vi.mocked(Math.random).mockReturnValue(0); // Retry-After's own jitter at 0: exact waits
    const after = fakeClock();
    sequence('post', `${BASE}/sms/messages`, [
      fail(408, { 'retry-after': '4' }),
      fail(500, { 'retry-after': '7' }),
      ok,
    ]);
    const call = settle(client().sms.messages.create(send));
    expect(await after(3999)).toBe(1);
    expect(await after(1)).toBe(2);
    expect(await after(6999)).toBe(2);
    expect(await after(1)).toBe(3);
    await call;
  });
});

describe('backoff ceilings (was retryDelay)', () => {
  it('draws each wait from [0, ceiling) with the client’s random source', async () => {
    const after = fakeClock();
    vi.mocked(Math.random).mockReturnValue(0.5);
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(500), fail(500), ok]);
    const call = settle(client().sms.messages.retrieve('msg_1'));
    expect(await after(249)).toBe(1);
    expect(await after(1)).toBe(2); // 0.5 × 500 ms
    expect(await after(499)).toBe(2);
    expect(await after(1)).toBe(3); // 0.5 × 1000 ms
    await call;
  });
});

describe("ky's edges", () => {
  it('retries a POST after a network error, because POST is listed (ky issue 692), body and key intact', async () => {
    let n = 0;
    const bodies: string[] = [];
    const keys: (string | undefined)[] = [];
    const loop = await listen(async (req, res) => {
      let text = '';
      for await (const chunk of req) text += String(chunk);
      bodies.push(text);
      keys.push(req.headers['idempotency-key'] as string | undefined);
      if (n++ < 2) return req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(message));
    });
    server.use(http.all(`${loop.url}/*`, () => passthrough()));
    try {
      const result = await new Client({ apiKey: KEY, baseURL: loop.url }).sms.messages.create(send);
      expect(result.id).toBe('msg_1');
      expect(bodies).toHaveLength(3);
      expect(new Set(bodies)).toEqual(new Set([JSON.stringify({ ...send, to: '447700900123' })]));
      expect(new Set(keys).size).toBe(1);
    } finally {
      await loop.close();
    }
  });

  it('sends the POST body intact on every attempt although ky clones the request for each', async () => {
    sequence('post', `${BASE}/sms/messages`, [fail(503), fail(502), ok]);
    await client().sms.messages.create(send);
    expect(wire).toHaveLength(3);
    await vi.waitFor(() => expect(wire.every((r) => r.body !== undefined)).toBe(true));
    expect(wire.map((r) => r.body)).toEqual(Array(3).fill({ to: '447700900123', message: send.message }));
  });

  // ky 2 runs beforeRequest once per call (ky 1 ran it on every attempt); beforeRetry sees each retry.
  it('runs beforeRequest hooks once and beforeRetry hooks before each retry, with the retry count', async () => {
    const seen: string[] = [];
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(500), fail(500), ok]);
    await client({
      hooks: {
        beforeRequest: [({ retryCount }) => void seen.push(`request ${retryCount}`)],
        beforeRetry: [({ retryCount }) => void seen.push(`retry ${retryCount}`)],
      },
    }).sms.messages.retrieve('msg_1');
    expect(seen).toEqual(['request 0', 'retry 1', 'retry 2']);
    expect(wire).toHaveLength(3);
  });

  it("hands a custom fetch ky's Request, with the area's headers", async () => {
    const bodies: unknown[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      bodies.push(await (input as Request).clone().json());
      return HttpResponse.json(message);
    });
    await client({ fetch: fetch as typeof globalThis.fetch }).sms.messages.create(send, {
      idempotencyKey: 'k-9',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const request = fetch.mock.calls[0]?.[0];
    expect(request).toBeInstanceOf(Request);
    const r = request as Request;
    expect([r.method, r.url, r.redirect]).toEqual(['POST', `${BASE}/sms/messages`, 'manual']);
    expect(r.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(r.headers.get('idempotency-key')).toBe('k-9');
    expect(bodies).toEqual([{ to: '447700900123', message: send.message }]);
  });

  it('maps an error to the hierarchy with every field, after ky gave up', async () => {
    sequence('post', `${BASE}/sms/messages`, [fail(429, { 'retry-after': '0', 'x-request-id': 'req_9' })]);
    const { error } = await settle(
      client({ maxRetries: 1 }).sms.messages.create(send, { idempotencyKey: 'k-1' }),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      status: 429,
      code: 'code_429',
      requestId: 'req_9',
      idempotencyKey: 'k-1',
      retryAfterMs: 0,
      body: { error: { code: 'code_429', message: 'failed with 429' } },
    });
    expect((error as RateLimitError).headers.get('retry-after')).toBe('0');
    expect((error as Error).message).toMatch(
      /^429 code_429: failed with 429\. Rate limited \(after 2 attempts\)/,
    );
  });
});

describe('user hooks', () => {
  it("run after the SDK's own, client hooks before the call's", async () => {
    const order: string[] = [];
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(500), ok]);
    const hooks = (who: string): Hooks => ({
      beforeRequest: [() => void order.push(`${who}:beforeRequest`)],
      beforeRetry: [
        () => {
          // The SDK's beforeRetry (its log line) has already run.
          order.push(
            `${who}:beforeRetry${lines.some((l) => l.includes('Retrying')) ? ' after the SDK' : ''}`,
          );
        },
      ],
      afterResponse: [({ response }) => void order.push(`${who}:afterResponse ${response.status}`)],
    });
    await client({ logLevel: 'info', hooks: hooks('client') }).sms.messages.retrieve('msg_1', {
      hooks: hooks('call'),
    });
    expect(order).toEqual([
      'client:beforeRequest',
      'call:beforeRequest',
      'client:afterResponse 500',
      'call:afterResponse 500',
      'client:beforeRetry after the SDK',
      'call:beforeRetry after the SDK',
      'client:afterResponse 200',
      'call:afterResponse 200',
    ]);
  });

  // ky 2 reads an error's body itself, into `error.data` (its `response` body is then used).
  it('can read response bodies in afterResponse, and in beforeError as error.data', async () => {
    const read: string[] = [];
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(404)]);
    const { error } = await settle(
      client().sms.messages.retrieve('msg_1', {
        hooks: {
          afterResponse: [async ({ response }) => void read.push(await response.text())],
          beforeError: [
            ({ error: e }) => {
              read.push(JSON.stringify((e as Error & { data?: unknown }).data));
              return e;
            },
          ],
        },
      }),
    );
    expect(read).toHaveLength(2);
    expect(read.every((t) => t.includes('failed with 404'))).toBe(true);
    expect((error as APIError).body).toEqual({ error: { code: 'code_404', message: 'failed with 404' } });
  });

  it('cannot send the credential to another host, from beforeRequest or a forced retry', async () => {
    server.use(http.all('https://evil.test/*', () => HttpResponse.json(message)));
    const toEvil = ({ request }: { request: Request }) =>
      new Request(request.url.replace(BASE, 'https://evil.test'), request);
    const viaBeforeRequest = await settle(
      client().sms.messages.retrieve('msg_1', { hooks: { beforeRequest: [toEvil] } }),
    );
    sequence('get', `${BASE}/sms/messages/msg_1`, [ok]);
    const viaRetry = await settle(
      client().sms.messages.retrieve('msg_1', {
        hooks: { afterResponse: [(state) => ky.retry({ request: toEvil(state) })] },
      }),
    );
    for (const { error } of [viaBeforeRequest, viaRetry]) {
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(/another host.*Nothing was sent/);
      expect((error as Error).message).not.toContain(KEY);
    }
    expect(wire.map((r) => r.url.host)).toEqual(['api.gateway.test']);
  });

  it('cannot change the credential, the Service-Version or the Idempotency-Key of any attempt', async () => {
    sequence('post', `${BASE}/sms/messages`, [fail(503), fail(503), ok]);
    await client({
      hooks: {
        beforeRequest: [
          ({ request }) => {
            request.headers.set('authorization', 'Bearer stolen');
            request.headers.set('service-version', '1999-01-01');
            request.headers.set('idempotency-key', 'hook-0');
          },
        ],
        beforeRetry: [
          ({ request, retryCount }) => {
            request.headers.set('authorization', 'Bearer stolen');
            request.headers.set('idempotency-key', `hook-${retryCount}`);
          },
        ],
      },
    }).sms.messages.create(send, {
      idempotencyKey: 'order-1',
      hooks: {
        beforeRetry: [({ request }) => new Request(request, { headers: { 'idempotency-key': 'other' } })],
      },
    });
    expect(wire).toHaveLength(3);
    for (const r of wire) {
      expect(r.headers['authorization']).toBe(`Bearer ${KEY}`);
      expect(r.headers['service-version']).toBe('2026-01-01');
      expect(r.headers['idempotency-key']).toBe('order-1');
    }
  });

  it('keeps the generated key the same on every attempt whatever a hook does', async () => {
    sequence('post', `${BASE}/sms/messages`, [fail(500), fail(500), ok]);
    await client({
      hooks: {
        beforeRequest: [({ request }) => request.headers.set('idempotency-key', crypto.randomUUID())],
        beforeRetry: [({ request }) => request.headers.set('idempotency-key', crypto.randomUUID())],
      },
    }).sms.messages.create(send);
    expect(new Set(wire.map((r) => r.headers['idempotency-key'])).size).toBe(1);
  });

  it('lets a hook add its own headers (tracing)', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [ok]);
    await client({
      hooks: { beforeRequest: [({ request }) => request.headers.set('traceparent', '00-abc-def-01')] },
    }).sms.messages.retrieve('msg_1');
    expect(wire[0]?.headers['traceparent']).toBe('00-abc-def-01');
  });

  it('see the body as the JSON text, and the wire is the same with hooks as without', async () => {
    sequence('post', `${BASE}/sms/messages`, [ok]);
    const seen: unknown[] = [];
    await client().sms.messages.create(send, { idempotencyKey: 'k-1' });
    await client({
      hooks: { beforeRequest: [({ options }) => void seen.push(options.body)] },
    }).sms.messages.create(send, { idempotencyKey: 'k-1' });
    expect(seen).toEqual([JSON.stringify({ to: '447700900123', message: send.message })]);
    const [plain, hooked] = wire;
    // The wire recorder reads each body asynchronously.
    await expect.poll(() => hooked?.body).toEqual({ to: '447700900123', message: send.message });
    expect(plain?.body).toEqual(hooked?.body);
    for (const name of ['content-type', 'idempotency-key', 'authorization'])
      expect(hooked?.headers[name]).toBe(plain?.headers[name]);
    expect(plain?.headers['content-type']).toBe('application/json');
  });

  it('refuses hooks that are not arrays of functions', async () => {
    expect(() => client({ hooks: { beforeRequest: 'x' } as never })).toThrow(ConfigurationError);
    expect(() => client({ hooks: { onRequest: [] } as never })).toThrow(/unknown hook 'onRequest'/);
    const { error } = await settle(client().sms.messages.retrieve('msg_1', { hooks: [] as never }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(wire).toHaveLength(0);
  });
});

describe('totalTimeout', () => {
  it('rejects a 429 asking for 30 s within a 2 s totalTimeout at 2 s, with no further attempt', async () => {
    const after = fakeClock();
    sequence('post', `${BASE}/sms/messages`, [fail(429, { 'retry-after': '30' }), ok]);
    const call = settle(client().sms.messages.create(send, { totalTimeout: 2000, idempotencyKey: 'k-2' }));
    let settled = false;
    void call.then(() => (settled = true));
    await after(1999);
    expect(settled).toBe(false);
    await after(1);
    const { error } = await call;
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(error).toMatchObject({ limit: 'totalTimeout', timeoutMs: 2000, idempotencyKey: 'k-2' });
    expect((error as Error).message).toMatch(/totalTimeout of 2000ms/);
    expect(await after(60_000)).toBe(1);
  });

  it('counts attempts and the waits between them, from the client option', async () => {
    const after = fakeClock();
    server.use(http.get(`${BASE}/sms/messages/msg_1`, () => new Promise<Response>(() => undefined)));
    const call = settle(
      client({ totalTimeout: 2500, timeout: 1000, maxRetries: 5 }).sms.messages.retrieve('msg_1'),
    );
    // 1000 ms attempt, 499 ms wait, 1000 ms attempt: then the total is spent.
    vi.mocked(Math.random).mockReturnValue(0.999);
    await after(2500);
    const { error } = await call;
    expect(error).toMatchObject({ name: 'APIConnectionTimeoutError', limit: 'totalTimeout' });
    expect(await after(30_000)).toBe(2);
  });

  it('bounds a body read', async () => {
    const after = fakeClock();
    server.use(
      http.get(`${BASE}/sms/messages/msg_1`, () => {
        const stream = new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"id":')) });
        // A length the body never reaches: a body read to the end of the connection instead, cut
        // short by the timeout, trips an assertion in Node's HTTP client when msw 3 closes the socket.
        const headers = { 'content-type': 'application/json', 'content-length': '1000' };
        return new HttpResponse(stream, { headers });
      }),
    );
    const call = settle(client({ timeout: 60_000 }).sms.messages.retrieve('msg_1', { totalTimeout: 300 }));
    await after(300);
    expect((await call).error).toMatchObject({ name: 'APIConnectionTimeoutError', limit: 'totalTimeout' });
  });

  it('leaves an abort by the caller an APIUserAbortError', async () => {
    const after = fakeClock();
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(429, { 'retry-after': '30' })]);
    const controller = new AbortController();
    const call = settle(
      client().sms.messages.retrieve('msg_1', { totalTimeout: 5000, signal: controller.signal }),
    );
    await after(100);
    controller.abort();
    expect((await call).error).toBeInstanceOf(APIUserAbortError);
  });

  it.each([0, 1.5, Number.NaN, '1000'])('refuses %j per call and at construction', async (value) => {
    const { error } = await settle(
      client().sms.messages.retrieve('msg_1', { totalTimeout: value as number }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(() => client({ totalTimeout: value as number })).toThrow(ConfigurationError);
    expect(wire).toHaveLength(0);
  });
});

describe('Deprecation and Sunset', () => {
  const deprecated = () =>
    HttpResponse.json(message, {
      headers: { deprecation: '@1767225600', sunset: 'Wed, 01 Jul 2026 00:00:00 GMT' },
    });

  it('warns once per client and operation, with the header values and the operation', async () => {
    server.use(http.get(`${BASE}/sms/messages/:id`, deprecated));
    const c = client({ logLevel: 'warn' });
    await c.sms.messages.retrieve('msg_1');
    await c.sms.messages.retrieve('msg_2');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('GET /sms/messages/{message_id} is deprecated');
    expect(lines[0]).toContain('Deprecation: @1767225600');
    expect(lines[0]).toContain('Sunset: Wed, 01 Jul 2026 00:00:00 GMT');
    await client({ logLevel: 'warn' }).sms.messages.retrieve('msg_1');
    expect(lines).toHaveLength(2);
  });

  it('warns about a Sunset alone, and not at level error', async () => {
    sequence('post', `${BASE}/sms/messages`, [
      () => HttpResponse.json(message, { headers: { sunset: 'Wed, 01 Jul 2026 00:00:00 GMT' } }),
    ]);
    await client({ logLevel: 'error' }).sms.messages.create(send);
    expect(lines).toHaveLength(0);
    await client({ logLevel: 'warn' }).sms.messages.create(send);
    expect(lines).toEqual([expect.stringContaining('POST /sms/messages is scheduled to be retired')]);
  });

  it('stays silent without the headers', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [ok]);
    await client({ logLevel: 'warn' }).sms.messages.retrieve('msg_1');
    expect(lines).toHaveLength(0);
  });
});

describe('logging retries from beforeRetry', () => {
  it('logs each retry at info with its reason, wait and count, masked', async () => {
    const after = fakeClock();
    vi.mocked(Math.random).mockReturnValue(0.999);
    sequence('post', `${BASE}/sms/messages`, [fail(503), ok]);
    const call = settle(client({ logLevel: 'info' }).sms.messages.create(send));
    await after(499);
    await call;
    expect(lines).toEqual([
      expect.stringMatching(
        /^\[gateway-sdk\] 503 code_503: failed with 503\. .*Retrying after 499ms \(retry 1 of 2\)\.$/,
      ),
    ]);
  });
});

describe('a 409 for a key reused with another body', () => {
  const reused = () =>
    HttpResponse.json(
      {
        error: {
          type: 'idempotency_error',
          code: 'idempotency_key_reused',
          message: 'This Idempotency-Key was already used with a different request in the last 24 hours',
        },
      },
      { status: 409 },
    );

  it('is not retried, and its message says so once', async () => {
    sequence('post', `${BASE}/sms/messages`, [reused, () => HttpResponse.json(message)]);
    const { error } = await settle(
      client({ maxRetries: 3 }).sms.messages.create(send, { idempotencyKey: 'k-1' }),
    );
    expect(wire).toHaveLength(1);
    expect(error).toBeInstanceOf(IdempotencyKeyReusedError);
    const text = (error as ConflictError).message;
    expect(text).toBe(
      '409 idempotency_key_reused: This Idempotency-Key was already used with a different request in the last 24 hours. Not retried, as waiting cannot change it: send a different body with a new idempotencyKey. Retrying the first body with the same key is safe: it cannot send twice.',
    );
    expect(text.match(/already used|reused with/g)).toHaveLength(1);
    expect(error).toMatchObject({ status: 409, idempotencyKey: 'k-1' });
  });

  it('is told by its code alone: a 409 whose message only says so is a plain ConflictError, retried', async () => {
    sequence('post', `${BASE}/sms/messages`, [
      () => HttpResponse.json({ message: 'Key reused with another request body.' }, { status: 409 }),
      () => HttpResponse.json({ message: 'Key reused with another request body.' }, { status: 409 }),
    ]);
    const { error } = await settle(client({ maxRetries: 1 }).sms.messages.create(send));
    expect(wire).toHaveLength(2);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).not.toBeInstanceOf(IdempotencyKeyReusedError);
  });

  it('is not retried when a user hook reads response bodies either', async () => {
    sequence('post', `${BASE}/sms/messages`, [reused, () => HttpResponse.json(message)]);
    const seen: number[] = [];
    const { error } = await settle(
      client({ maxRetries: 3 }).sms.messages.create(send, {
        hooks: { afterResponse: [({ response }) => void seen.push(response.status)] },
      }),
    );
    expect(wire).toHaveLength(1);
    expect(seen).toEqual([409]);
    expect(error).toBeInstanceOf(ConflictError);
  });

  it('while any other 409 is still retried (a first request still in flight)', async () => {
    sequence('post', `${BASE}/sms/messages`, [
      () => HttpResponse.json({ error: { code: 'request_in_progress' } }, { status: 409 }),
      () => HttpResponse.json(message),
    ]);
    await client().sms.messages.create(send);
    expect(wire).toHaveLength(2);
  });
});

describe('messages name the address option', () => {
  it('a 404 names baseURL and GATEWAY_BASE_URL', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(404)]);
    const { error } = await settle(client().sms.messages.retrieve('msg_1'));
    expect((error as Error).message).toMatch(/baseURL \(GATEWAY_BASE_URL\)/);
    expect((error as Error).message).not.toMatch(/address option/);
  });

  it('a payment 404 names sandboxBaseURL and GATEWAY_SANDBOX_BASE_URL', async () => {
    const SANDBOX = 'https://sandbox.gateway.test';
    sequence('get', `${SANDBOX}/payment/customers/cus_1`, [fail(404)]);
    const { error } = await settle(
      client({ testApiKey: 'sk_test_1', sandboxBaseURL: SANDBOX }).payment.customers.retrieve('cus_1'),
    );
    expect((error as Error).message).toMatch(/sandboxBaseURL \(GATEWAY_SANDBOX_BASE_URL\)/);
  });

  it('an unreachable host names baseURL', async () => {
    server.use(http.get(`${BASE}/sms/messages/msg_1`, () => HttpResponse.error()));
    const { error } = await settle(client({ maxRetries: 0 }).sms.messages.retrieve('msg_1'));
    expect((error as Error).message).toMatch(/Check the network and baseURL \(GATEWAY_BASE_URL\)/);
  });
});
