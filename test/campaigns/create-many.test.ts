// messages.createMany: one message per item, `concurrency` at a time, results in completion order,
// deterministic keys, invalid items refused without a request, early exits and aborts that leave
// nothing running, one 429 pausing every worker, and a long stream through a heap that stays flat.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIUserAbortError,
  Client,
  ConfigurationError,
  InternalServerError,
  type Message,
  ValidationError,
} from 'gateway-sdk';
import { createMany, type CreateManyItem, type CreateManyResult } from 'gateway-sdk/campaigns';
import { listen, type Loopback, readText } from '../helpers/loopback.js';
import { mulberry32 } from '../faults/prng.js';
import {
  countingSource,
  countingSyncSource,
  flush,
  manualFetch,
  warmUp,
  messageFor,
} from '../helpers/batches.js';
import { NOW, useMockClient, UUID } from '../helpers/resources.js';
import { sized } from '../helpers/soak.js';

const item = (i: number): CreateManyItem => ({
  to: `+4477009${String(i).padStart(5, '0')}`,
  message: `Code ${i}`,
});

/** FNV-1a: a seed from a string. */
const hash = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

async function collect(iterable: AsyncIterable<CreateManyResult>): Promise<CreateManyResult[]> {
  const out: CreateManyResult[] = [];
  for await (const r of iterable) out.push(r);
  return out;
}

describe('against the mock service', () => {
  const api = useMockClient({ fakeDate: false });

  it('sends every item of an async source once, with keys base:i, and reports each by index', async () => {
    // Several times the default concurrency, so workers are reused; volume is the bench's.
    const { source } = countingSource(100, item);
    const results = await collect(createMany(api.client, source, { idempotencyKey: 'otp-run' }));
    expect(results).toHaveLength(100);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.map((r) => r.index).sort((a, b) => a - b)).toEqual([...Array(100).keys()]);
    for (const r of results) {
      expect(r.idempotencyKey).toBe(`otp-run:${r.index}`);
      expect(r.item).toEqual(item(r.index));
      if (r.ok) expect(r.message.body).toBe(`Code ${r.index}`);
    }
    expect(api.mock.store.messages.size).toBe(100);
    expect(api.wire).toHaveLength(100);
    expect(new Set(api.wire.map((w) => w.headers['idempotency-key'])).size).toBe(100);
    expect(api.wire.every((w) => w.method === 'POST' && w.url.pathname === '/sms/messages')).toBe(true);
  });

  it("uses an item's own idempotencyKey, and never sends it in the body", async () => {
    const items = [{ ...item(0), idempotencyKey: 'order-41' }, item(1)];
    const results = await collect(createMany(api.client, items, { idempotencyKey: 'b' }));
    expect(results.map((r) => [r.index, r.idempotencyKey]).sort()).toEqual([
      [0, 'order-41'],
      [1, 'b:1'],
    ]);
    const keys = api.wire.map((w) => w.headers['idempotency-key']).sort();
    expect(keys).toEqual(['b:1', 'order-41']);
    await flush();
    expect(api.wire.map((w) => Object.keys(w.body as object).sort())).toEqual([
      ['message', 'to'],
      ['message', 'to'],
    ]);
  });

  it('generates a base key when none is given, the same for every item of the call', async () => {
    const many = createMany(api.client, [item(0), item(1)]);
    const results = await collect(many);
    expect(many.idempotencyKey).toMatch(UUID);
    expect(results.map((r) => r.idempotencyKey).sort()).toEqual([
      `${many.idempotencyKey}:0`,
      `${many.idempotencyKey}:1`,
    ]);
  });

  it('a rerun with the same base key creates nothing new', async () => {
    const items = Array.from({ length: 40 }, (_, i) => item(i));
    const first = await collect(createMany(api.client, items, { idempotencyKey: 'rerun' }));
    const again = await collect(createMany(api.client, items, { idempotencyKey: 'rerun' }));
    expect(api.mock.store.messages.size).toBe(40);
    const ids = (rs: CreateManyResult[]) =>
      rs.map((r) => (r.ok ? `${r.index}=${r.message.id}` : 'failed')).sort();
    expect(ids(again)).toEqual(ids(first));
  });

  it('an invalid item yields { ok: false, ValidationError } without a request, and the others go on', async () => {
    const items = [item(0), { to: '07700 900123', message: 'spaces' }, null, item(3), { to: '447700900123' }];
    const results = await collect(
      createMany(api.client, items as unknown as CreateManyItem[], { idempotencyKey: 'v' }),
    );
    const byIndex = new Map(results.map((r) => [r.index, r]));
    expect(byIndex.size).toBe(5);
    for (const bad of [1, 2, 4]) {
      const r = byIndex.get(bad);
      expect(r?.ok).toBe(false);
      if (r && !r.ok) expect(r.error).toBeInstanceOf(ValidationError);
    }
    const second = byIndex.get(1);
    if (second && !second.ok) expect(second.error.message).toMatch(/to must be an international number/);
    expect(byIndex.get(0)?.ok && byIndex.get(3)?.ok).toBe(true);
    expect(api.wire.map((w) => w.headers['idempotency-key']).sort()).toEqual(['v:0', 'v:3']);
  });

  it('refuses bad options and sources before reading or sending anything', async () => {
    const { state, source } = countingSource(10, item);
    const cases: [unknown, unknown, RegExp][] = [
      [source, { concurrency: 0 }, /options\.concurrency must be an integer from 1 to 64/],
      [source, { concurrency: 65 }, /options\.concurrency/],
      [source, { concurrency: 2.5 }, /options\.concurrency/],
      [source, { idempotencyKey: 'k'.repeat(239) }, /idempotencyKey must be at most 238 characters/],
      [source, { idempotencyKey: 'has\nnewline' }, /idempotencyKey must be printable ASCII/],
      [source, { timeout: 0 }, /options\.timeout/],
      [source, { maxRetries: Number.NaN }, /options\.maxRetries/],
      [source, { headers: { 'x-bad': 'a\r\nb' } }, /options\.headers\.x-bad/],
      [source, { signal: 'stop' }, /options\.signal must be an AbortSignal/],
      [source, null, /request options must be an object/],
      ['447700900123', {}, /items must be an array, an iterable or an async iterable/],
      [undefined, {}, /items must be/],
      [{ to: '447700900123', message: 'x' }, {}, /items must be/],
    ];
    for (const [items, options, message] of cases) {
      const many = createMany(api.client, items as CreateManyItem[], options as object);
      const error = await many.next().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, String(message)).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toMatch(message);
      expect(await many.next()).toEqual({ value: undefined, done: true });
    }
    expect(state.read).toBe(0);
    expect(api.wire).toHaveLength(0);
  });

  it('a missing credential ends the loop with ConfigurationError once, instead of one error per item', async () => {
    const noKey = new Client({ ...api.mock.clientOptions, apiKey: undefined });
    vi.stubEnv('GATEWAY_API_KEY', '');
    const { state, source } = countingSource(1000, item);
    const seen: CreateManyResult[] = [];
    const error = await (async () => {
      for await (const r of createMany(noKey, source)) seen.push(r);
    })().then(
      () => undefined,
      (e: unknown) => e,
    );
    vi.unstubAllEnvs();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(seen).toHaveLength(0);
    expect(state.read).toBeLessThanOrEqual(8);
    expect(state.closed).toBe(true);
    expect(api.wire).toHaveLength(0);
  });
});

describe('concurrency, early exits and aborts (a fetch answered by hand)', () => {
  let stub: ReturnType<typeof manualFetch>;
  let client: Client;
  beforeAll(() => warmUp(Client));
  beforeEach(() => {
    stub = manualFetch();
    client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch, maxRetries: 0 });
  });
  const answerAll = (status = 200) => {
    for (const p of stub.pending.splice(0))
      p.answer(status, messageFor(p.body as object, `msg_${p.headers['idempotency-key']}`));
  };

  it('keeps `concurrency` sends in flight, reads items only as workers free up, and yields in completion order', async () => {
    const { state, source } = countingSource(20, item);
    const many = createMany(client, source, { concurrency: 3, idempotencyKey: 'c' });
    const first = many.next();
    await flush();
    expect(stub.pending).toHaveLength(3);
    expect(state.read).toBe(3);
    // Answer the third first: it comes out first.
    stub.pending.splice(2, 1)[0]?.answer(200, messageFor(item(2), 'msg_2'));
    expect((await first).value).toMatchObject({ ok: true, index: 2 });
    await flush();
    expect(stub.pending).toHaveLength(3);
    expect(state.read).toBe(4);
    const rest: CreateManyResult[] = [];
    for (;;) {
      await flush();
      answerAll();
      const step = await many.next();
      if (step.done) break;
      rest.push(step.value);
    }
    expect(rest).toHaveLength(19);
    expect(stub.maxInFlight).toBe(3);
  });

  it('holds at most twice `concurrency` items for a slow consumer, then stops reading', async () => {
    const { state, source } = countingSource(100, item);
    const many = createMany(client, source, { concurrency: 4 });
    void many.next();
    for (let i = 0; i < 5; i++) {
      await flush();
      answerAll();
    }
    await flush();
    // One result was taken by next(); eight are held, waiting for the consumer; nothing more is read.
    expect(state.read).toBe(9);
    expect(stub.pending).toHaveLength(0);
    await many.return();
  });

  it('leaving the loop early stops new sends and lets the ones in flight settle', async () => {
    const { state, source } = countingSyncSource(1000, item);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    let left = false;
    const loop = (async () => {
      let n = 0;
      for await (const r of createMany(client, source, { concurrency: 4 })) {
        expect(r.ok).toBe(true);
        if (++n === 2) break;
      }
      left = true;
    })();
    await flush();
    answerAll();
    await flush();
    // The loop broke after two results; the four sends started meanwhile are still in flight,
    // and leaving waits for them without starting any other.
    expect(stub.pending).toHaveLength(4);
    expect(left).toBe(false);
    answerAll(503);
    await loop;
    await flush();
    expect(left).toBe(true);
    expect(stub.seen).toHaveLength(8);
    expect(state.read).toBe(8);
    expect(state.closed).toBe(true);
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('an aborted signal stops new sends, cuts those in flight short and ends the loop with APIUserAbortError', async () => {
    const { state, source } = countingSource(1000, item);
    const controller = new AbortController();
    const results: CreateManyResult[] = [];
    const loop = (async () => {
      for await (const r of createMany(client, source, {
        concurrency: 4,
        signal: controller.signal,
        idempotencyKey: 'ab',
      })) {
        results.push(r);
        if (results.length === 6) controller.abort();
      }
    })();
    await flush();
    answerAll();
    await flush();
    // Two of the next four answer; the signal fires at the sixth result, with two still in flight.
    for (const p of stub.pending.splice(0, 2)) p.answer(200, messageFor(p.body as object, 'm'));
    const error = await loop.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as APIUserAbortError).idempotencyKey).toBe('ab');
    expect((error as Error).message).toMatch(/items from index \d+ on were not sent/);
    // Every item read was sent and reported: answered, or cut short by the signal.
    expect(results.length).toBe(stub.seen.length);
    const cut = results.filter((r) => !r.ok);
    expect(cut).toHaveLength(2);
    expect(results).toHaveLength(8);
    for (const r of cut) if (!r.ok) expect(r.error).toBeInstanceOf(APIUserAbortError);
    expect(state.closed).toBe(true);
    expect(stub.pending).toHaveLength(0);
  });

  it('an error thrown by the source ends the loop with it, after the sends in flight are reported', async () => {
    async function* broken() {
      yield item(0);
      yield item(1);
      throw new Error('csv: unexpected end of file');
    }
    const results: CreateManyResult[] = [];
    const loop = (async () => {
      for await (const r of createMany(client, broken(), { concurrency: 4 })) results.push(r);
    })();
    await flush();
    answerAll();
    await expect(loop).rejects.toThrow('csv: unexpected end of file');
    expect(results.map((r) => r.index).sort()).toEqual([0, 1]);
  });

  it('a send that fails after its retries is reported with its error and key, and the others go on', async () => {
    const many = createMany(client, [item(0), item(1), item(2)], { idempotencyKey: 'f' });
    const done = collect(many);
    await flush();
    for (const p of stub.pending.splice(0)) {
      if (p.headers['idempotency-key'] === 'f:1') p.answer(503, { error: { code: 'down', message: 'down' } });
      else p.answer(200, messageFor(p.body as object, 'm'));
    }
    const results = await done;
    const failed = results.find((r) => !r.ok);
    expect(failed).toMatchObject({ index: 1, idempotencyKey: 'f:1' });
    if (failed && !failed.ok) {
      expect(failed.error).toBeInstanceOf(InternalServerError);
      expect((failed.error as InternalServerError).idempotencyKey).toBe('f:1');
    }
    expect(results.filter((r) => r.ok)).toHaveLength(2);
  });
});

describe('shared pacing', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a 429 with Retry-After pauses every worker of the call, not just the one that got it', async () => {
    await warmUp(Client);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'], now: NOW });
    const stub = manualFetch();
    const client = new Client({
      apiKey: 'sk_test',
      baseURL: 'https://api.test',
      fetch: stub.fetch,
      maxRetries: 0,
    });
    const other = createMany(client, [item(100)]); // another call: not paused
    const many = createMany(
      client,
      Array.from({ length: 12 }, (_, i) => item(i)),
      { concurrency: 3, idempotencyKey: 'p' },
    );
    const results = collect(many);
    await flush();
    expect(stub.pending).toHaveLength(3);
    const [limited, ...rest] = stub.pending.splice(0);
    limited?.answer(429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '5' });
    await flush();
    // The worker that got the 429 does not start another send, nor do the others once theirs finish.
    for (const p of rest) p.answer(200, messageFor(p.body as object, 'm'));
    await flush();
    expect(stub.pending).toHaveLength(0);
    const otherResult = other.next();
    await flush();
    expect(stub.pending).toHaveLength(1); // the other call is not held back
    stub.pending.splice(0)[0]?.answer(200, messageFor(item(100), 'o'));
    expect((await otherResult).value).toMatchObject({ ok: true });
    await vi.advanceTimersByTimeAsync(4_900);
    await flush();
    expect(stub.pending).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    await flush();
    expect(stub.pending).toHaveLength(3);
    while (stub.pending.length > 0) {
      for (const p of stub.pending.splice(0)) p.answer(200, messageFor(p.body as object, 'm'));
      await flush();
    }
    const all = await results;
    expect(all).toHaveLength(12);
    expect(all.filter((r) => !r.ok).map((r) => r.index)).toEqual([limited ? 0 : -1]);
  });
  it("holds back the other sends' retries too: one 429 sets the pace for every attempt of the call", async () => {
    await warmUp(Client);
    vi.spyOn(Math, 'random').mockReturnValue(0); // backoff of 0 ms: only the gate makes anyone wait
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'], now: NOW });
    const stub = manualFetch();
    const client = new Client({
      apiKey: 'sk_test',
      baseURL: 'https://api.test',
      fetch: stub.fetch,
      maxRetries: 2,
    });
    const results = collect(
      createMany(
        client,
        Array.from({ length: 3 }, (_, i) => item(i)),
        { concurrency: 3, idempotencyKey: 'r' },
      ),
    );
    await flush();
    expect(stub.pending).toHaveLength(3);
    const [limited, ...others] = stub.pending.splice(0);
    limited?.answer(429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '5' });
    await flush();
    // Retried at once without the gate (backoff 0): held until the 429's wait is over.
    for (const p of others) p.answer(503, { error: { code: 'unavailable', message: 'later' } });
    await flush();
    await vi.advanceTimersByTimeAsync(4_900);
    await flush();
    expect(stub.pending).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    await flush();
    expect(stub.pending.map((p) => p.headers['idempotency-key']).sort()).toEqual(['r:0', 'r:1', 'r:2']);
    for (const p of stub.pending.splice(0)) p.answer(200, messageFor(p.body as object, 'm'));
    const all = await results;
    expect(all.every((r) => r.ok)).toBe(true);
    expect(stub.seen).toHaveLength(6);
    vi.restoreAllMocks();
  });
});

describe('a long stream of items', () => {
  // The million, through the whole request path, is the bench's (bench/scale.ts, "Heap"): here
  // enough items that keeping any per-item state would show, measured between two checkpoints.
  it('passes through createMany with a heap that does not grow with the items', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test' });
    // The SDK's request path costs tens of µs per send, measured in the benchmark; here the
    // machinery that streams items and results is what is under test, so sends resolve at once.
    const message = messageFor(item(0), 'msg_1') as Message;
    let calls = 0;
    // A plain function, not vi.fn(): a spy would keep every call's arguments.
    client.sms.messages.create = (() => {
      calls++;
      return Promise.resolve(message);
    }) as unknown as typeof client.sms.messages.create;
    const TOTAL = sized(100_000, 1_000_000);
    // The heap is measured from here, once the stream and the code it runs have settled in, so
    // what is allocated once does not count: only what grows with the items does.
    const FROM = 20_000;
    async function* source() {
      for (let i = 0; i < TOTAL; i++) yield { to: '447700900123', message: `Your code is ${i}` };
    }
    const heap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    let start = 0;
    const growth: number[] = [];
    let count = 0;
    let indexSum = 0;
    for await (const r of createMany(client, source(), { concurrency: 16 })) {
      count++;
      indexSum += r.index;
      if (count === FROM) start = heap();
      else if (count > FROM && count % FROM === 0) growth.push(heap() - start);
    }
    expect(count).toBe(TOTAL);
    expect(indexSum).toBe((TOTAL * (TOTAL - 1)) / 2);
    expect(calls).toBe(TOTAL);
    expect(growth).toHaveLength(TOTAL / FROM - 1);
    // A result kept holds about 470 bytes (its item, its key, the result object): the 80,000
    // past the first checkpoint would hold about 38 MB, and 50 bytes each would still show. The
    // stream holds a few dozen at a time.
    expect(Math.max(...growth)).toBeLessThan(4 * 1024 * 1024);
  });
});

describe('against a loopback server with injected faults', () => {
  const KEY = 'sk_live_many_faults';
  let server: Loopback;
  /** Messages created per Idempotency-Key: more than one would be a duplicate send. */
  const created = new Map<string, number>();
  const stored = new Map<string, ReturnType<typeof messageFor>>();
  const attempts = new Map<string, number>();
  const answers = new Map<string, number>();
  let requests = 0;
  // Exactly-once under faults is the point, not volume (bench/scale.ts measures 20,000 sends):
  // enough sends that every fault and the storm meet calls in flight, and the storm outlasts
  // some calls' retries.
  const SENDS = sized(400, 1000);
  // Requests number STORM[0] to STORM[1] all get 429, whoever sends them.
  const STORM = SENDS > 400 ? [300, 400] : [150, 250];

  /** The same fault for the same key and attempt, whatever order requests arrive in. */
  const faultOf = (key: string, attempt: number) => {
    const roll = mulberry32(hash(`${key}#${attempt}`))();
    if (attempt > 2) return 'ok';
    return roll < 0.15 ? 'http503' : roll < 0.22 ? 'resetBeforeBody' : roll < 0.29 ? 'resetAfterStore' : 'ok';
  };

  beforeAll(async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // backoff of 0 ms: the run costs only loopback I/O
    server = await listen(async (req: IncomingMessage, res: ServerResponse) => {
      const key = String(req.headers['idempotency-key']);
      const n = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, n);
      const count = (kind: string) => answers.set(kind, (answers.get(kind) ?? 0) + 1);
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `Bearer ${KEY}` || req.url !== '/sms/messages') return json(404, {});
      const number = ++requests;
      if (number >= (STORM[0] as number) && number < (STORM[1] as number)) {
        count('429');
        return json(429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '0' });
      }
      const fault = faultOf(key, n);
      count(fault);
      if (fault === 'resetBeforeBody') return void req.socket.destroy();
      const body = JSON.parse(await readText(req)) as { to: string; message: string };
      if (fault === 'http503') return json(503, { error: { code: 'unavailable', message: 'try later' } });
      let message = stored.get(key);
      if (message === undefined) {
        message = messageFor(body, `msg_${stored.size + 1}`);
        stored.set(key, message);
        created.set(key, (created.get(key) ?? 0) + 1);
      }
      if (fault === 'resetAfterStore') return void req.socket.destroy();
      json(200, message);
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server.close();
  });

  it(`${SENDS} personalised sends through 503s, resets and a 429 storm store exactly ${SENDS} messages`, async () => {
    const client = new Client({ apiKey: KEY, baseURL: server.url, maxRetries: 6 });
    const orders = Array.from({ length: SENDS }, (_, i) => ({
      to: `+4477009${String(i).padStart(5, '0')}`,
      message: `Hi customer ${i}, your order #${10_000 + i} has shipped`,
    }));
    const results = await collect(createMany(client, orders, { idempotencyKey: 'ship', concurrency: 16 }));
    expect(results).toHaveLength(SENDS);
    expect(answers.get('429')).toBe((STORM[1] as number) - (STORM[0] as number));
    for (const kind of ['http503', 'resetBeforeBody', 'resetAfterStore'])
      expect(answers.get(kind)).toBeGreaterThan(20);
    const failed = results.filter((r) => !r.ok);
    // Anything the storm outlasted is sent by a rerun with the same key, which replays the rest.
    const again =
      failed.length === 0 ? [] : await collect(createMany(client, orders, { idempotencyKey: 'ship' }));
    expect(again.every((r) => r.ok)).toBe(true);

    expect(stored.size).toBe(SENDS);
    expect([...created.values()].every((n) => n === 1)).toBe(true);
    for (const r of results) {
      const message = stored.get(`ship:${r.index}`);
      expect(message?.body).toBe(orders[r.index]?.message);
      expect(message?.to).toBe(orders[r.index]?.to.slice(1));
      if (r.ok) expect(r.message.id).toBe(message?.id);
    }
  }, 60_000); // hundreds of sends over real sockets: generous on a loaded two-core machine
});
