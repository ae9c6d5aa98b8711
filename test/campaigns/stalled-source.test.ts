// A source that stops answering (a database cursor, a queue consumer, `readline` on a socket) must
// not keep createMany or createAll from ending: an abort, or leaving the loop, ends them with the
// sends in flight, tells the source to close, and waits neither for its next item nor for its
// return(). The stalls here are promises that never settle; the aborts come from the test.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APIUserAbortError, Client } from 'gateway-sdk';
import { createAll, createMany, type CreateManyItem } from 'gateway-sdk/campaigns';
import { flush, manualFetch, messageFor, warmUp } from '../helpers/batches.js';

const item = (i: number): CreateManyItem => ({
  to: `+4477009${String(i).padStart(5, '0')}`,
  message: `Code ${i}`,
});

/** Distinct valid numbers: 447700000000, 447700000001, … */
const number = (i: number) => `4477${String(i).padStart(8, '0')}`;

/**
 * An async iterable that hands out `values`, then never answers again: neither its next() nor its
 * return() ever settles, as an async generator parked on a read that never completes.
 */
function stallingSource<T>(values: T[]) {
  const state = { read: 0, asked: 0, returned: 0 };
  const never = new Promise<never>(() => undefined);
  const iterator: AsyncIterator<T> = {
    next: () => {
      state.asked++;
      const value = values[state.read];
      if (value === undefined) return never;
      state.read++;
      return Promise.resolve({ done: false, value });
    },
    return: () => {
      state.returned++;
      return never;
    },
  };
  return { state, source: { [Symbol.asyncIterator]: () => iterator } };
}

/** How `promise` has settled so far: 'pending', 'resolved' or 'rejected'. */
function settlement(promise: Promise<unknown>): () => string {
  let state = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  return () => state;
}

let stub: ReturnType<typeof manualFetch>;
let client: Client;
beforeAll(async () => {
  await warmUp(Client);
  // createAll loads its checks with its first call: loaded here, so the test counts its own steps.
  await createAll(new Client({ apiKey: 'sk_test', baseURL: 'https://api.test' }), {
    recipients: [],
    message: 'x',
  });
});
beforeEach(() => {
  stub = manualFetch();
  client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch, maxRetries: 0 });
});

describe('createMany over a source that stalls', () => {
  it('an abort ends the pending next() at once with APIUserAbortError and asks the source to close', async () => {
    const { state, source } = stallingSource([item(0), item(1)]);
    const controller = new AbortController();
    const many = createMany(client, source, { signal: controller.signal, idempotencyKey: 'stall' });
    const first = many.next();
    await flush();
    for (const p of stub.pending.splice(0)) p.answer(200, messageFor(p.body as object, 'm'));
    expect((await first).value).toMatchObject({ ok: true });
    expect((await many.next()).value).toMatchObject({ ok: true });
    const third = many.next();
    const third$ = settlement(third);
    await flush();
    expect([third$(), state.read]).toEqual(['pending', 2]);
    controller.abort();
    await flush();
    expect(third$()).toBe('rejected');
    const error = await third.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as Error).message).toMatch(/after reading 2 items: items from index 2 on were not sent/);
    expect(state.returned).toBe(1);
    // Leaving afterwards settles at once too, and nothing more was read or sent.
    const left = settlement(many.return());
    await flush();
    expect(left()).toBe('resolved');
    expect(stub.seen).toHaveLength(2);
  });

  it('leaving the loop while the source stalls resolves once the sends in flight settle, without its next item', async () => {
    const { state, source } = stallingSource([item(0), item(1)]);
    const many = createMany(client, source, { concurrency: 2, idempotencyKey: 'leave' });
    const first = many.next();
    await flush();
    stub.pending.splice(0, 1)[0]?.answer(200, messageFor(item(0), 'm0'));
    expect((await first).value).toMatchObject({ ok: true, index: 0 });
    await flush();
    // One send in flight, the source asked for a third item that never comes.
    expect([stub.pending.length, state.asked]).toEqual([1, 3]);
    const left = settlement(many.return());
    await flush();
    expect(left()).toBe('pending');
    stub.pending.splice(0, 1)[0]?.answer(200, messageFor(item(1), 'm1'));
    await flush();
    expect(left()).toBe('resolved');
    expect(state.returned).toBe(1);
    expect(stub.seen).toHaveLength(2);
  });
});

describe('createAll over recipients that stall', () => {
  it('an abort resolves at once with aborted: true, and the recipients read so far reported as stopped', async () => {
    const { state, source } = stallingSource([number(0), number(1), number(2)]);
    const controller = new AbortController();
    const done = createAll(
      client,
      { recipients: source, message: 'Hi' },
      { chunkSize: 2, concurrency: 2, signal: controller.signal, idempotencyKey: 'stall' },
    );
    const done$ = settlement(done);
    await flush();
    // Chunk 0 is in flight; chunk 1 holds one recipient and waits for a second that never comes.
    expect([stub.pending.length, state.read, done$()]).toEqual([1, 3, 'pending']);
    controller.abort();
    await flush();
    expect(done$()).toBe('resolved');
    const result = await done;
    expect(result).toMatchObject({ aborted: true, total: 3, jobs: [], invalid: [] });
    // Every entry read is in exactly one place: chunk 0 cut short in flight, chunk 1 never sent.
    expect(result.failed.map((f) => [f.chunk, f.count, f.idempotencyKey, f.error.constructor])).toEqual([
      [0, 2, 'stall:0', APIUserAbortError],
      [1, 1, 'stall:1', APIUserAbortError],
    ]);
    expect(result.failed[1]?.recipients).toEqual([number(2)]);
    expect(state.returned).toBe(1);
    expect(stub.seen).toHaveLength(1);
  });
});
