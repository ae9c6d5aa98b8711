// Vercel's edge runtime has no AbortSignal.any, which ky 1.x uses to join the caller's signal to
// its own timeout; without it ky neither aborts a timed-out attempt nor cuts a wait short. This
// file removes it before ky or the SDK load (both read it once, at load) and checks that a
// timeout still stops the request and that waits still end with the call.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../helpers/settle.js';
import { message } from '../helpers/fixtures.js';

// Files share their worker's modules (vitest.config.ts), so the SDK and ky may have loaded already,
// with AbortSignal.any: this file loads fresh copies (ky is inlined for tests so that it can be),
// and leaves fresh ones to load for the files after it.
const original = vi.hoisted(() => {
  const any = AbortSignal.any;
  delete (AbortSignal as { any?: unknown }).any;
  return any;
});
vi.resetModules();

const { APIConnectionTimeoutError, APIUserAbortError, Client } = await import('gateway-sdk');

const BASE = 'https://api.gateway.test';

// ky loads on the first request (real I/O, which fake timers cannot advance): load it first.
beforeAll(async () => {
  const fetch = (async () => Response.json(message)) as typeof globalThis.fetch;
  await new Client({ apiKey: 'k', baseURL: BASE, fetch }).sms.messages.retrieve('msg_1');
});
afterAll(() => {
  AbortSignal.any = original;
  vi.resetModules();
});

/** A fetch that behaves like a real one: it only ever ends when its signal aborts, unless told to answer. */
function fakeFetch(answers: (() => Response)[] = []) {
  const signals: AbortSignal[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const signal = init?.signal ?? (input as Request).signal;
    signals.push(signal as AbortSignal);
    const answer = answers[signals.length - 1];
    if (answer !== undefined) return Promise.resolve(answer());
    return new Promise<Response>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls: fetch, signals };
}

beforeEach(() => {
  vi.spyOn(Math, 'random').mockReturnValue(0);
  // ky 2 times the totalTimeout with performance.now(), so that clock is faked too.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('without AbortSignal.any', () => {
  it('really runs without it', () => {
    expect(AbortSignal.any).toBeUndefined();
  });

  it('aborts each timed-out attempt, retries it, then rejects with a timeout', async () => {
    const { fetch, calls, signals } = fakeFetch();
    const client = new Client({ apiKey: 'k', baseURL: BASE, fetch, timeout: 1000, maxRetries: 1 });
    const call = settle(client.sms.messages.retrieve('msg_1'));
    await vi.advanceTimersByTimeAsync(999);
    expect(signals.map((s) => s.aborted)).toEqual([false]);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1500);
    const { error } = await call;
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(calls).toHaveBeenCalledTimes(2);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it('cuts a body that never ends at the timeout', async () => {
    let cancelled = false;
    const body = new ReadableStream({
      start: (c) => c.enqueue(new TextEncoder().encode('{"id":')),
      cancel: () => void (cancelled = true),
    });
    const { fetch } = fakeFetch([
      () => new Response(body, { headers: { 'content-type': 'application/json' } }),
    ]);
    const client = new Client({ apiKey: 'k', baseURL: BASE, fetch, timeout: 500, maxRetries: 0 });
    const call = settle(client.sms.messages.retrieve('msg_1'));
    await vi.advanceTimersByTimeAsync(500);
    expect((await call).error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(cancelled).toBe(true);
  });

  it('ends a wait for Retry-After at the totalTimeout, with no further attempt', async () => {
    const { fetch, calls } = fakeFetch([
      () =>
        Response.json({ error: { code: 'rate_limited' } }, { status: 429, headers: { 'retry-after': '30' } }),
      () => Response.json(message),
    ]);
    const client = new Client({ apiKey: 'k', baseURL: BASE, fetch });
    const call = settle(client.sms.messages.retrieve('msg_1', { totalTimeout: 2000 }));
    await vi.advanceTimersByTimeAsync(2000);
    const { error } = await call;
    expect(error).toMatchObject({ name: 'APIConnectionTimeoutError', limit: 'totalTimeout' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('ends a wait at once when the caller aborts', async () => {
    const { fetch, calls } = fakeFetch([
      () => Response.json({ error: { code: 'down' } }, { status: 503, headers: { 'retry-after': '30' } }),
    ]);
    const controller = new AbortController();
    const client = new Client({ apiKey: 'k', baseURL: BASE, fetch });
    const call = settle(client.sms.messages.retrieve('msg_1', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect((await call).error).toBeInstanceOf(APIUserAbortError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('aborts a request in flight when the caller aborts', async () => {
    const { fetch, signals } = fakeFetch();
    const controller = new AbortController();
    const client = new Client({ apiKey: 'k', baseURL: BASE, fetch });
    const call = settle(client.sms.messages.retrieve('msg_1', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect((await call).error).toBeInstanceOf(APIUserAbortError);
    expect(signals[0]?.aborted).toBe(true);
  });
});
