// Clients told the same `Retry-After` came back in one synchronised wave.
// A small jitter is now added after it: never earlier than asked, at most 20% (1 s) later, and
// the 60 s cap still holds. Time is faked (setTimeout and Date); sockets are real.
import { setImmediate as tick } from 'node:timers/promises';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client } from 'gateway-sdk';
import { retryAfterJitter, RETRY_AFTER_CAP_MS } from '../../src/internal/retry.js';
import { answer, echoClient, useEchoServer } from '../helpers/echo.js';

const N = 20;
const MESSAGE = {
  id: 'msg_1',
  to: '447700900123',
  from: 'ACME',
  body: 'hi',
  status: 'queued',
  created_at: '2026-01-01T00:00:00Z',
};
// Real Math.random: each test draws its own jitter.
const env = useEchoServer({ jitter: 'real' });
/** When each key's attempts arrived (fake ms). */
const arrivals = new Map<string, number[]>();

beforeAll(async () => {
  // The first request loads the engine (ky, zod, the schemas: src/resources/engine.ts) by real I/O,
  // which the fake timers below would not wait for: load it first.
  await new Client({
    apiKey: 'sk_test_warm',
    baseURL: 'https://api.gateway.test',
    fetch: async () => Response.json(MESSAGE),
  }).sms.messages.retrieve('msg_1');
  env.setEcho((res, _c, req) => {
    const key = String(req.headers['idempotency-key']);
    const seen = arrivals.get(key) ?? [];
    seen.push(Date.now());
    arrivals.set(key, seen);
    if (seen.length === 1) answer(res, 429, '{"error":{"code":"rate_limited"}}', { 'retry-after': '1' });
    else answer(res, 200, JSON.stringify(MESSAGE));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Retry-After with jitter', () => {
  it(`${N} concurrent sends told Retry-After: 1 come back spread over [1 s, 1.2 s], none early`, async () => {
    let draw = 0;
    vi.spyOn(Math, 'random').mockImplementation(() => (draw++ % N) / N);
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
      now: new Date('2026-03-01T12:00:00Z'),
    });
    // When each attempt left the client (fake ms), by key; fake time only moves while no
    // exchange is in flight, so a loaded machine cannot stretch the measured waits.
    const sent = new Map<string, number[]>();
    let inFlight = 0;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = input as Request;
      const key = request.headers.get('idempotency-key') ?? '';
      sent.set(key, [...(sent.get(key) ?? []), Date.now()]);
      inFlight++;
      try {
        const response = await globalThis.fetch(request, init);
        return new Response(await response.text(), response);
      } finally {
        inFlight--;
      }
    };
    const { client } = echoClient(env.server.url, 'sk_live_HERD', { maxRetries: 1, timeout: 60_000, fetch });
    const calls = Array.from({ length: N }, (_, i) =>
      client.sms.messages.create({ to: '447700900123', message: 'hi' }, { idempotencyKey: `herd-${i}` }),
    );
    let done = false;
    const settled = Promise.allSettled(calls).finally(() => (done = true));
    for (let step = 0; !done && step < 3_000; step++) {
      do await tick();
      while (inFlight > 0);
      await vi.advanceTimersByTimeAsync(1);
    }
    const results = await settled;
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect([...arrivals.values()].every((a) => a.length === 2)).toBe(true);
    const waits = [...sent.values()].map(([first, retry]) => (retry as number) - (first as number));
    const retries = [...sent.values()].map((a) => a[1] as number);
    expect(waits).toHaveLength(N);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(1_000);
      expect(wait).toBeLessThanOrEqual(1_200);
    }
    // Not one wave: the retries span most of the 200 ms window, at many distinct times.
    expect(Math.max(...retries) - Math.min(...retries)).toBeGreaterThanOrEqual(150);
    expect(new Set(retries).size).toBeGreaterThanOrEqual(N / 2);
  }, 20_000);
});

describe('retryAfterJitter', () => {
  it('never shortens, adds at most 20% or 1 s, and keeps the 60 s cap', () => {
    expect(retryAfterJitter(1_000, () => 0)).toBe(1_000);
    expect(retryAfterJitter(1_000, () => 0.999)).toBe(1_199);
    expect(retryAfterJitter(30_000, () => 0.999)).toBe(30_999);
    expect(retryAfterJitter(0, () => 0.999)).toBe(0);
    expect(retryAfterJitter(59_900, () => 0.999)).toBe(RETRY_AFTER_CAP_MS);
    expect(retryAfterJitter(3_600_000, () => 0.5)).toBe(RETRY_AFTER_CAP_MS);
  });
});
