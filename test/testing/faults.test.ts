// Failure injection: the same `mock.inject` API on all three adapters (mock.fetch, MSW, loopback).
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { APIConnectionError, Client, InternalServerError, RateLimitError } from 'gateway-sdk';
import { createMockService, startMockServer, type MockServer, type MockService } from 'gateway-sdk/testing';
import { allowLoopback, mswHandlers } from 'gateway-sdk/testing/msw';
import { onUnhandled } from '../helpers/msw-options.js';

interface Adapter {
  mock: MockService;
  /** The fetch a client of this adapter uses. */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
}

const direct = createMockService();
// MSW intercepts every fetch of this file; allowLoopback lets the loopback adapter's requests through.
const viaMsw = createMockService({
  baseURL: 'https://msw.gateway.test',
  sandboxBaseURL: 'https://msw-sandbox.gateway.test',
});
const msw = setupServer(...mswHandlers(viaMsw));
let server: MockServer;

beforeAll(async () => {
  msw.listen(onUnhandled(allowLoopback));
  server = await startMockServer();
});
afterEach(() => {
  vi.useRealTimers();
  for (const mock of [direct, viaMsw, server.mock]) {
    mock.clearFaults();
    mock.store.reset();
  }
});
afterAll(async () => {
  msw.close();
  await server.close();
});

const adapters: Record<string, () => Adapter> = {
  'mock.fetch': () => ({ mock: direct, fetch: (input, init) => direct.fetch(input, init) }),
  msw: () => ({ mock: viaMsw, fetch: (input, init) => fetch(input, init) }),
  'loopback server': () => ({ mock: server.mock, fetch: (input, init) => fetch(input, init) }),
};

const sendInit = (): RequestInit => ({
  method: 'POST',
  headers: {
    authorization: 'Bearer sk_live_mock',
    'service-version': '2026-01-01',
    'content-type': 'application/json',
  },
  body: JSON.stringify({ to: '447700900123', message: 'Hello' }),
});
const getInit: RequestInit = {
  headers: { authorization: 'Bearer sk_live_mock', 'service-version': '2026-01-01' },
};

describe.each(Object.keys(adapters))('failure injection on %s', (name) => {
  const use = () => {
    const adapter = (adapters[name] as () => Adapter)();
    const base = adapter.mock.clientOptions.baseURL;
    return { ...adapter, base, send: () => adapter.fetch(`${base}/sms/messages`, sendInit()) };
  };

  it('queues a status with Retry-After for the next N requests of a route only', async () => {
    const { mock, base, send, fetch } = use();
    mock.inject('POST /sms/messages', { kind: 'status', status: 503, retryAfter: 7 }, { times: 2 });
    const list = await fetch(`${base}/sms/messages`, getInit);
    expect(list.status).toBe(200);
    const first = await send();
    const second = await send();
    const third = await send();
    expect([first.status, second.status, third.status]).toEqual([503, 503, 200]);
    expect(first.headers.get('retry-after')).toBe('7');
    expect(await first.json()).toMatchObject({ error: { type: 'api_error', code: 'injected_fault' } });
    expect(mock.store.messages.size).toBe(1);
  });

  it('resets the connection: a network error, and nothing stored', async () => {
    const { mock, send } = use();
    mock.inject('POST /sms/messages', { kind: 'reset' });
    await expect(send()).rejects.toThrow(TypeError);
    expect(mock.store.messages.size).toBe(0);
    expect((await send()).status).toBe(200);
  });

  it('answers a malformed body', async () => {
    const { mock, base, fetch } = use();
    mock.inject('GET /sms/messages/{message_id}', { kind: 'malformed' });
    const answer = await fetch(`${base}/sms/messages/msg_1`, getInit);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    await expect(answer.json()).rejects.toThrow(SyntaxError);
  });

  it('delays the answer on the timers, then answers normally', async () => {
    const { mock, send } = use();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mock.inject('*', { kind: 'delay', ms: 30_000 });
    let settled = false;
    const pending = send().then((r) => {
      settled = true;
      return r;
    });
    // A second at a time, letting real I/O run in between: the loopback request reaches the
    // mock a few turns after it is sent (more on a busy machine), so the answer comes 30 seconds
    // after that, never sooner.
    let seconds = 0;
    while (!settled && seconds < 300) {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(1_000);
      seconds++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    vi.useRealTimers();
    expect(settled).toBe(true);
    expect(seconds).toBeGreaterThanOrEqual(30);
    expect((await pending).status).toBe(200);
    expect(mock.store.messages.size).toBe(1);
  });

  it('drives the SDK through its retry and error paths', async () => {
    const { mock } = use();
    const client = new Client({
      ...mock.clientOptions,
      maxRetries: 0,
      ...(name === 'mock.fetch' ? { fetch: mock.fetch } : {}),
    });
    mock.inject('GET /sms/messages', { kind: 'status', status: 429, retryAfter: 30 });
    const limited = await client.sms.messages.list().catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).retryAfterMs).toBe(30_000);
    mock.inject('GET /sms/messages', { kind: 'status', status: 500 });
    expect(await client.sms.messages.list().catch((e: unknown) => e)).toBeInstanceOf(InternalServerError);
    mock.inject('GET /sms/messages', { kind: 'reset' });
    expect(await client.sms.messages.list().catch((e: unknown) => e)).toBeInstanceOf(APIConnectionError);
    expect((await client.sms.messages.list()).data).toEqual([]);
  });
});

describe('inject', () => {
  it('refuses nonsense', () => {
    const mock = createMockService();
    expect(() => mock.inject('*', { kind: 'status', status: 42 })).toThrow(/100 to 599/);
    expect(() => mock.inject('*', { kind: 'reset' }, { times: 0 })).toThrow(/times/);
  });
});
