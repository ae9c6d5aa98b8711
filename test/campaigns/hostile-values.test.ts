// What a caller hands createMany and createAll is read once, and read safely: an item's key and
// fields are read once (so the key checked is the key sent), and a getter that throws, a Proxy or
// an iterator that answers nonsense is a ValidationError with what was thrown as its cause, never
// a raw TypeError, and never a result whose `error` is not a GatewayError.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, GatewayError, ValidationError } from 'gateway-sdk';
import { createAll, createMany, type CreateManyItem, type CreateManyResult } from 'gateway-sdk/campaigns';
import { flush } from '../helpers/batches.js';
import { rejection } from '../helpers/rejection.js';

/** A fetch that answers every send at once, keeping its key and body. */
function instantFetch() {
  const seen: { key: string | null; body: Record<string, unknown> }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = JSON.parse(await request.text()) as Record<string, unknown>;
    seen.push({ key: request.headers.get('idempotency-key'), body });
    const answer = {
      ...{ id: `msg_${seen.length}`, to: '447700900123', from: 'ACME', body: 'x', status: 'queued' },
      ...{ created_at: '2026-01-01T00:00:00Z', total: 1, queued: 1 },
    };
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const item = (i: number): CreateManyItem => ({
  to: `+4477009${String(i).padStart(5, '0')}`,
  message: `Code ${i}`,
});

async function collect(iterable: AsyncIterable<CreateManyResult>): Promise<CreateManyResult[]> {
  const out: CreateManyResult[] = [];
  for await (const r of iterable) out.push(r);
  return out.sort((a, b) => a.index - b.index);
}

const boom = new TypeError('getter exploded');
const throwing = () => {
  throw boom;
};

let stub: ReturnType<typeof instantFetch>;
let client: Client;
beforeAll(async () => {
  stub = instantFetch();
  client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch, maxRetries: 0 });
  await client.sms.messages.create(item(99)); // loads the engine
  await createAll(client, { recipients: [], message: 'x' }); // loads createAll's checks
});
afterAll(() => {
  stub.seen.length = 0;
});

describe("createMany reads each item's key and fields once", () => {
  it('an array item whose key getter changes after the check is sent under the key that was checked: no key twice', async () => {
    stub.seen.length = 0;
    let reads = 0;
    const shifty = {
      ...item(1),
      get idempotencyKey() {
        return reads++ === 0 ? 'order-2' : 'order-1';
      },
    };
    const results = await collect(createMany(client, [{ ...item(0), idempotencyKey: 'order-1' }, shifty]));
    expect(stub.seen.map((s) => s.key).sort()).toEqual(['order-1', 'order-2']);
    expect(results.map((r) => [r.index, r.ok, r.idempotencyKey])).toEqual([
      [0, true, 'order-1'],
      [1, true, 'order-2'],
    ]);
    expect(reads).toBe(1);
  });

  it('an item field with a getter is read once, and the body sent is what was read', async () => {
    stub.seen.length = 0;
    let reads = 0;
    const changing = {
      to: '+447700900001',
      get message() {
        return `read ${++reads}`;
      },
    };
    const [result] = await collect(createMany(client, [changing], { idempotencyKey: 'once' }));
    expect(result?.ok).toBe(true);
    expect(reads).toBe(1);
    expect(stub.seen.map((s) => s.body['message'])).toEqual(['read 1']);
  });
});

describe('createMany: values that throw when read are ValidationErrors with their cause', () => {
  it('options with a throwing getter: createMany does not throw, its first next() rejects, nothing is sent', async () => {
    stub.seen.length = 0;
    const options = Object.defineProperty({}, 'concurrency', { get: throwing, enumerable: true });
    let many: AsyncIterator<CreateManyResult> | undefined;
    expect(() => (many = createMany(client, [item(0)], options))).not.toThrow();
    const error = await rejection(Promise.resolve(many?.next()));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toMatch(
      /createMany options could not be read: reading it threw a TypeError/,
    );
    expect((error as Error).cause).toBe(boom);
    expect(stub.seen).toHaveLength(0);
  });

  it("an item that throws when read is that item's ValidationError result, and the others are sent", async () => {
    stub.seen.length = 0;
    // Awaitable like any value (an async generator awaits what it yields); unreadable otherwise.
    const hostile = new Proxy(
      {},
      { ownKeys: throwing, get: (_, key) => (key === 'then' ? undefined : throwing()) },
    );
    async function* source() {
      yield item(0);
      yield hostile as CreateManyItem;
      yield item(2);
    }
    const results = await collect(createMany(client, source(), { idempotencyKey: 'h' }));
    expect(results.map((r) => [r.index, r.ok])).toEqual([
      [0, true],
      [1, false],
      [2, true],
    ]);
    const bad = results[1];
    expect(bad?.ok === false && bad.error).toBeInstanceOf(ValidationError);
    expect(bad?.ok === false && (bad.error.cause as unknown)).toBe(boom);
    expect(bad?.ok === false && (bad.error as ValidationError).issues[0]?.path).toEqual([1]);
    expect(stub.seen.map((s) => s.key).sort()).toEqual(['h:0', 'h:2']);
  });

  it("a result's error is always a GatewayError: a hook of the caller's that throws a TypeError is wrapped, with it as the cause", async () => {
    const hooks = { beforeRequest: [throwing] };
    const [result] = await collect(createMany(client, [item(0)], { hooks }));
    expect(result?.ok).toBe(false);
    if (result?.ok === false) {
      expect(result.error).toBeInstanceOf(GatewayError);
      expect(result.error).toBeInstanceOf(ValidationError);
      expect(result.error.cause).toBe(boom);
      expect(result.error.message).toMatch(/^Item 0 failed: sending it threw a TypeError/);
    }
  });

  it('an iterable whose Symbol.iterator getter throws is refused with a ValidationError naming items', async () => {
    const items = Object.defineProperty({}, Symbol.iterator, { get: throwing }) as Iterable<CreateManyItem>;
    const error = await rejection(createMany(client, items).next());
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toEqual(['items']);
    expect((error as Error).cause).toBe(boom);
  });

  it('an async iterator that answers next() with a number ends the loop with a ValidationError instead of hanging', async () => {
    const items = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve(42) }),
    } as unknown as AsyncIterable<CreateManyItem>;
    let settled: unknown = 'pending';
    createMany(client, items)
      .next()
      .then(
        () => (settled = 'resolved'),
        (error: unknown) => (settled = error),
      );
    await flush();
    expect(settled).toBeInstanceOf(ValidationError);
    expect((settled as Error).message).toMatch(
      /items' iterator answered next\(\) with number, not \{ done, value \}/,
    );
  });
});

describe('createAll: values that throw when read are ValidationErrors with their cause', () => {
  it('params with a throwing getter reject with a ValidationError, nothing sent', async () => {
    stub.seen.length = 0;
    const params = Object.defineProperty({ recipients: ['447700900123'] }, 'message', {
      get: throwing,
      enumerable: true,
    }) as { recipients: string[]; message: string };
    const error = await rejection(createAll(client, params));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/createAll params could not be read/);
    expect((error as Error).cause).toBe(boom);
    expect(stub.seen).toHaveLength(0);
  });

  it('options that are a throwing Proxy reject with a ValidationError, nothing sent', async () => {
    stub.seen.length = 0;
    const options = new Proxy({}, { ownKeys: throwing, get: throwing });
    const error = await rejection(
      createAll(client, { recipients: ['447700900123'], message: 'Hi' }, options),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).cause).toBe(boom);
    expect(stub.seen).toHaveLength(0);
  });

  it("a failed chunk's error is always a GatewayError: a hook's TypeError is wrapped, with it as the cause", async () => {
    const hooks = { beforeRequest: [throwing] };
    const result = await createAll(client, { recipients: ['447700900123'], message: 'Hi' }, { hooks });
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]?.error).toBeInstanceOf(ValidationError);
    expect(result.failed[0]?.error.cause).toBe(boom);
  });
});
