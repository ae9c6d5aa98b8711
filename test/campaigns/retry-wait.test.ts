// A createMany send whose first attempt went at once (the pacer's gate was open) waits for its
// retries in ky's `shouldRetry`, not in a ky hook (campaigns/pacer.ts `retryWait`): the wait ky
// would make, then the gate, outside any attempt's timeout; the caller's signal ends it at once,
// the call's totalTimeout ends it with no timer left behind, and a pace copied with its own
// `acquire` (as gateway-sdk/otel times the waits) waits through that one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIConnectionTimeoutError, APIUserAbortError, Client } from 'gateway-sdk';
import { createMany, type CreateManyItem, type CreateManyResult } from 'gateway-sdk/campaigns';
import { pacing } from '../../src/campaigns/pacer.js';
import { flush, manualFetch, messageFor, warmUp } from '../helpers/batches.js';
import { NOW } from '../helpers/resources.js';

const item = (i: number): CreateManyItem => ({
  to: `+4477009${String(i).padStart(5, '0')}`,
  message: `Code ${i}`,
});

const limited = { error: { code: 'rate_limited', message: 'slow down' } };

async function collect(iterable: AsyncIterable<CreateManyResult>): Promise<CreateManyResult[]> {
  const out: CreateManyResult[] = [];
  for await (const r of iterable) out.push(r);
  return out;
}

async function fakeClock(): Promise<void> {
  await warmUp(Client);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'], now: NOW });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('createMany: a send waits for its retries in shouldRetry', () => {
  it('a retry whose backoff ends while another send’s 429 holds the gate waits for the gate', async () => {
    // random 0.5: the first backoff is 250 ms, a 5 s Retry-After gets 500 ms of jitter.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    await fakeClock();
    const stub = manualFetch();
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    const results = collect(createMany(client, [item(0), item(1)], { concurrency: 2, idempotencyKey: 'g' }));
    await flush();
    const [first, second] = stub.pending.splice(0);
    expect(first?.headers['idempotency-key']).toBe('g:0');
    first?.answer(503, { error: { code: 'unavailable', message: 'later' } });
    await flush();
    // 100 ms into the first send's backoff, the second is told to wait 5 s: the gate closes until 5.1 s.
    await vi.advanceTimersByTimeAsync(100);
    second?.answer(429, limited, { 'retry-after': '5' });
    await flush();
    await vi.advanceTimersByTimeAsync(4_900);
    await flush();
    // The backoff (250 ms) is long over: the gate still holds the retry.
    expect(stub.pending).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(150);
    await flush();
    expect(stub.pending.map((p) => p.headers['idempotency-key'])).toEqual(['g:0']);
    await vi.advanceTimersByTimeAsync(500);
    await flush();
    expect(stub.pending.map((p) => p.headers['idempotency-key'])).toEqual(['g:0', 'g:1']);
    for (const p of stub.pending.splice(0)) p.answer(200, messageFor(p.body as object, 'm'));
    const all = await results;
    expect(all.every((r) => r.ok)).toBe(true);
    expect(stub.seen).toHaveLength(4);
  });

  it('the caller’s signal ends a send waiting for its retry at once, and nothing more is sent', async () => {
    await fakeClock();
    const stub = manualFetch();
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    const controller = new AbortController();
    const results: CreateManyResult[] = [];
    const loop = (async () => {
      for await (const r of createMany(client, [item(0)], { signal: controller.signal, idempotencyKey: 's' }))
        results.push(r);
    })().then(
      () => undefined,
      (error: unknown) => error,
    );
    await flush();
    stub.pending.splice(0)[0]?.answer(429, limited, { 'retry-after': '30' });
    await flush();
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await flush();
    expect(await loop).toBeInstanceOf(APIUserAbortError);
    expect(results).toHaveLength(1);
    const [result] = results;
    expect(result?.ok === false && result.error).toBeInstanceOf(APIUserAbortError);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(stub.seen).toHaveLength(1);
  });

  it('the call’s totalTimeout ends a send waiting for its retry, with no timer of the wait left', async () => {
    await fakeClock();
    const stub = manualFetch();
    const client = new Client({
      apiKey: 'sk_test',
      baseURL: 'https://api.test',
      fetch: stub.fetch,
      totalTimeout: 2_000,
    });
    const results = collect(createMany(client, [item(0)], { idempotencyKey: 't' }));
    await flush();
    stub.pending.splice(0)[0]?.answer(429, limited, { 'retry-after': '30' });
    await flush();
    await vi.advanceTimersByTimeAsync(2_000);
    await flush();
    const [result] = await results;
    expect(result?.ok).toBe(false);
    const error = result?.ok === false ? result.error : undefined;
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(error).toMatchObject({ limit: 'totalTimeout', idempotencyKey: 't:0' });
    // The 30 s wait and the gate's are given up, not left to fire.
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(stub.seen).toHaveLength(1);
  });
});

describe('pacing: the pace a batch hands each send', () => {
  it('a retries-only pace has no hooks and waits through the acquire of the pace it is called on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const given = vi.fn(() => undefined);
    const { pace } = pacing({ acquire: given, hold: () => undefined }, true);
    const user = { beforeRequest: [() => undefined] };
    expect(pace?.hooks(user)).toBe(user);
    expect(pace?.hooks(undefined)).toBeUndefined();
    // A copy with an acquire of its own, as gateway-sdk/otel makes to time the waits.
    const timed = vi.fn(() => Promise.resolve());
    const copy = pace && { ...pace, acquire: timed };
    let done = false;
    void copy?.retry?.(300, undefined, undefined).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(299);
    expect(timed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(timed).toHaveBeenCalledTimes(1);
    expect(given).not.toHaveBeenCalled();
  });

  it('a pacer whose acquire throws rejects the retry’s wait with what it threw, never throws in a timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const thrown = new Error('the store is down');
    const { pace } = pacing(
      {
        acquire: () => {
          throw thrown;
        },
        hold: () => undefined,
      },
      true,
    );
    const waited = pace?.retry?.(100, undefined, undefined).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(await waited).toBe(thrown);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('past its deadline the wait never settles, even when the pacer answers later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    // A pacer that does not heed the signal it is given: it answers 200 ms on, whatever happens.
    const acquire = () => new Promise<void>((resolve) => setTimeout(resolve, 200));
    const { pace } = pacing({ acquire, hold: () => undefined }, true);
    let settled = false;
    void pace?.retry?.(0, undefined, 150).then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(500);
    // ky's totalTimeout ends the call at the deadline; a wait that settled later would start a retry.
    expect(settled).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a pace for every attempt waits in both hooks, after the user’s, through the copy’s acquire', async () => {
    const given = vi.fn(() => undefined);
    const { pace } = pacing({ acquire: given, hold: () => undefined }, false);
    expect(pace?.retry).toBeUndefined();
    const mine = () => undefined;
    const hooks = pace?.hooks({ beforeRetry: [mine] });
    expect(hooks?.beforeRequest).toHaveLength(1);
    expect(hooks?.beforeRetry?.[0]).toBe(mine);
    expect(pace?.hooks({ beforeRetry: [mine] })).not.toBe(hooks); // other user hooks: built anew
    const timed = vi.fn(() => undefined);
    const copy = pace && { ...pace, acquire: timed };
    const request = new Request('https://api.test/sms/messages');
    const wait = copy?.hooks(undefined)?.beforeRequest?.[0] as unknown as (s: {
      request: Request;
    }) => unknown;
    wait({ request });
    expect(timed).toHaveBeenCalledWith(request.signal);
    expect(given).not.toHaveBeenCalled();
  });
});
