// What the request path relies on in ky 2, or guards against, checked on the wire (as
// ky-pipeline.test.ts does for the edges ky 1 and 2 share): its own totalTimeout, its `prefix`,
// what it retries by itself, the timing headers it would read, and the error body it reads.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { APIError } from 'gateway-sdk';
import { APIConnectionTimeoutError, APIUserAbortError, Client, NotFoundError } from 'gateway-sdk';
import { usePipeline } from '../helpers/msw.js';
import { message } from '../helpers/fixtures.js';
import { settle } from '../helpers/settle.js';

const BASE = 'https://api.gateway.test';
const KEY = 'sk_live_7Hq2SECRETkey';

const { server, wire, sequence, client, advance } = usePipeline(BASE, KEY);

// ky loads on the first request, by real I/O that fake timers would not wait for: load it first.
beforeAll(async () => {
  await new Client({
    apiKey: KEY,
    baseURL: BASE,
    fetch: async () => Response.json(message),
  }).sms.messages.retrieve('msg_1');
});

const ok = () => HttpResponse.json(message);
const fail =
  (status: number, headers: Record<string, string> = {}) =>
  () =>
    HttpResponse.json({ error: { code: `code_${status}` } }, { status, headers });

/** Fake timers, performance.now() included (ky 2's totalTimeout clock); returns wire.length after `ms`. */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'], now: 1_772_366_400_000 });
  return async (ms: number): Promise<number> => {
    await advance(ms);
    return wire.length;
  };
}

describe('timing headers ky 2 reads by itself', () => {
  it.each([
    ['ratelimit-reset', '30'],
    ['x-ratelimit-reset', String(Math.floor(1_772_366_400 + 30))],
    ['x-ratelimit-retry-after', '30'],
  ])(
    'backs off on a 429 with %s and no Retry-After (the contract honours Retry-After only)',
    async (name, value) => {
      const after = fakeClock();
      vi.mocked(Math.random).mockReturnValue(0.999);
      sequence('get', `${BASE}/sms/messages/msg_1`, [fail(429, { [name]: value }), ok]);
      const call = settle(client().sms.messages.retrieve('msg_1'));
      expect(await after(498)).toBe(1);
      expect(await after(1)).toBe(2); // the backoff: 500 ms × 0.999, not 30 s
      expect((await call).value).toMatchObject({ id: 'msg_1' });
    },
  );

  it('adds its jitter to Retry-After, which ky 2 would wait exactly', async () => {
    const after = fakeClock();
    vi.mocked(Math.random).mockReturnValue(0.5);
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(503, { 'retry-after': '2' }), ok]);
    const call = settle(client().sms.messages.retrieve('msg_1'));
    expect(await after(2199)).toBe(1); // 2 s + 0.5 × min(1 s, 20% of 2 s)
    expect(await after(1)).toBe(2);
    await call;
  });
});

describe('what ky 2 retries by itself', () => {
  it('retries a connection failure that is not one of ky 2’s known network errors', async () => {
    let n = 0;
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (n++ === 0) throw new TypeError('other side closed');
      return globalThis.fetch(input as Request);
    });
    sequence('get', `${BASE}/sms/messages/msg_1`, [ok]);
    const result = await client({ fetch: fetch as typeof globalThis.fetch }).sms.messages.retrieve('msg_1');
    expect(result.id).toBe('msg_1');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not retry an error thrown by a hook', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [ok]);
    const boom = new Error('hook failed');
    const { error } = await settle(
      client().sms.messages.retrieve('msg_1', {
        hooks: {
          afterResponse: [
            () => {
              throw boom;
            },
          ],
        },
      }),
    );
    expect(error).toBe(boom);
    expect(wire).toHaveLength(1);
  });
});

describe("ky 2's totalTimeout", () => {
  it('cuts an attempt short at what is left of the whole call, as a totalTimeout error', async () => {
    const after = fakeClock();
    server.use(http.get(`${BASE}/sms/messages/msg_1`, () => new Promise<Response>(() => undefined)));
    const call = settle(client({ timeout: 10_000 }).sms.messages.retrieve('msg_1', { totalTimeout: 1500 }));
    expect(await after(1499)).toBe(1);
    await after(1);
    const { error } = await call;
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(error).toMatchObject({ limit: 'totalTimeout', timeoutMs: 1500 });
  });

  it('leaves an attempt that timed out before the deadline a timeout error, and retries it', async () => {
    const after = fakeClock();
    vi.mocked(Math.random).mockReturnValue(0);
    server.use(http.get(`${BASE}/sms/messages/msg_1`, () => new Promise<Response>(() => undefined)));
    const call = settle(
      client({ timeout: 1000, maxRetries: 1 }).sms.messages.retrieve('msg_1', { totalTimeout: 60_000 }),
    );
    expect(await after(999)).toBe(1);
    expect(await after(2)).toBe(2); // the first attempt's 1 s, then a backoff of 0
    await after(1000);
    const { error } = await call;
    expect(error).toMatchObject({ name: 'APIConnectionTimeoutError', limit: 'timeout', timeoutMs: 1000 });
  });
});

describe("ky 2's prefix", () => {
  it('keeps the path of an address that has one, with or without a trailing slash', async () => {
    server.use(http.get(`${BASE}/v1/sms/messages/:id`, ok));
    await client({ baseURL: `${BASE}/v1` }).sms.messages.retrieve('msg_1');
    await client({ baseURL: `${BASE}/v1/` }).sms.messages.retrieve('msg_2');
    expect(wire.map((r) => r.url.pathname)).toEqual(['/v1/sms/messages/msg_1', '/v1/sms/messages/msg_2']);
  });
});

describe('the error body ky 2 reads into HTTPError.data', () => {
  it('is what the error keeps when a hook replaced the response', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [ok]);
    const { error } = await settle(
      client().sms.messages.retrieve('msg_1', {
        hooks: {
          afterResponse: [() => Response.json({ error: { code: 'gone_by_hook' } }, { status: 404 })],
        },
      }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as APIError).body).toEqual({ error: { code: 'gone_by_hook' } });
  });

  it('is none when the response a hook put in its place has no body, and the text one when it is text', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [ok, ok]);
    const replaced = (body: string | null) =>
      settle(
        client().sms.messages.retrieve('msg_1', {
          hooks: { afterResponse: [() => new Response(body, { status: 404 })] },
        }),
      );
    const empty = (await replaced(null)).error as APIError;
    expect(empty).toBeInstanceOf(NotFoundError);
    expect(empty.body).toBeUndefined();
    const text = (await replaced('gone by hook')).error as APIError;
    expect(text).toBeInstanceOf(NotFoundError);
    expect(text.body).toBe('gone by hook');
  });
});

// The area's ky instance has no hooks unless it needs the SDK's own `beforeRetry` (info logging, no
// AbortSignal.any, hooks of the client's): ky merges an instance's hooks into every call. A call
// with hooks of its own still gets the SDK's ahead of them.
describe("the SDK's own beforeRetry hook, on an instance without hooks", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("ends a call aborted as its retry wait ends, before the call's own beforeRetry hooks", async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // a backoff of 0 ms
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const controller = new AbortController();
    const fetch = vi.fn(async () => {
      // Due 1 ms after ky's wait of 0 ms, and both fired in one synchronous advance: the abort
      // lands once the wait is over, before the hooks run (ky itself ends a wait aborted while it runs).
      setTimeout(() => controller.abort(), 1);
      return Response.json({ error: { code: 'server_error' } }, { status: 500 });
    });
    const callHook = vi.fn();
    const call = settle(
      new Client({ apiKey: KEY, baseURL: BASE, fetch, maxRetries: 1 }).sms.messages.retrieve('msg_1', {
        signal: controller.signal,
        hooks: { beforeRetry: [callHook] },
      }),
    );
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    // ky's wait and the test's timer, both fired by this one advance. Counted as the difference:
    // Node's HTTP client keeps timers of its own on the same clock (msw 3's earlier exchanges).
    const pending = vi.getTimerCount();
    vi.advanceTimersByTime(1);
    expect(pending - vi.getTimerCount()).toBe(2);
    const { error } = await call;
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(callHook).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("runs a call's own beforeRetry hooks on every retry", async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail(500), fail(500), ok]);
    const retries: number[] = [];
    await client().sms.messages.retrieve('msg_1', {
      hooks: { beforeRetry: [({ retryCount }) => void retries.push(retryCount)] },
    });
    expect(retries).toEqual([1, 2]);
    expect(wire).toHaveLength(3);
  });
});
