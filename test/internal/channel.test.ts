// What the SDK hands a call beside the user's options (the call site, the response observer, the
// pacer, checked-once) goes through one internal channel, never on the options: a batch helper's
// sends carry plain options, keys a user puts on options that look like the channel mean nothing,
// and the pacer's waits are the call's own hooks, so a send without hooks of the user's is copied
// and re-checked no more than a plain call.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Client, type RequestOptions, ValidationError } from 'gateway-sdk';
import {
  createAll,
  createMany,
  type CreateManyItem,
  type CreateManyResult,
  type Pacer,
} from 'gateway-sdk/campaigns';
import { channelOf, withChannel } from '../../src/internal/channel.js';

const NativeRequest = globalThis.Request;
const NativeResponse = globalThis.Response;

const item = (i: number): CreateManyItem => ({
  to: `+4477009${String(i).padStart(5, '0')}`,
  message: `Code ${i}`,
});

const messageFor = (body: Record<string, unknown>, id: string) => ({
  id,
  to: body['to'],
  from: 'ACME',
  body: body['message'],
  status: 'queued',
  created_at: '2026-01-01T00:00:00Z',
});

/**
 * A fetch that answers each send with the next status of `statuses` (then 200), keeping what it
 * was sent. Its Responses are built before any counter is installed (the native constructor).
 */
function scriptedFetch(statuses: number[] = [], headers: Record<string, string> = {}) {
  const seen: { url: string; key: string | null }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof NativeRequest ? input : new NativeRequest(input, init);
    const body = JSON.parse(await request.text()) as Record<string, unknown>;
    seen.push({ url: request.url, key: request.headers.get('idempotency-key') });
    const status = statuses.shift() ?? 200;
    const json =
      status === 200 ? messageFor(body, `msg_${seen.length}`) : { error: { code: 'x', message: 'later' } };
    return new NativeResponse(JSON.stringify(json), {
      status,
      headers: { 'content-type': 'application/json', ...(status === 200 ? {} : headers) },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

/** Counts the Requests and Responses built while it is installed (the SDK's copies among them). */
function countConstructions() {
  const counts = { requests: 0, responses: 0 };
  const counting = <T extends object>(target: T, key: 'requests' | 'responses'): T =>
    new Proxy(target, {
      construct(t, args: unknown[], newTarget: (...a: unknown[]) => unknown) {
        counts[key]++;
        return Reflect.construct(t as (...a: unknown[]) => unknown, args, newTarget) as object;
      },
    });
  globalThis.Request = counting(NativeRequest, 'requests');
  globalThis.Response = counting(NativeResponse, 'responses');
  return counts;
}

async function collect(iterable: AsyncIterable<CreateManyResult>): Promise<CreateManyResult[]> {
  const out: CreateManyResult[] = [];
  for await (const r of iterable) out.push(r);
  return out;
}

afterEach(() => {
  globalThis.Request = NativeRequest;
  globalThis.Response = NativeResponse;
  vi.restoreAllMocks();
});

describe('the channel is bound to the options object the SDK registered', () => {
  it('a copy of registered options, or any other object, carries no channel', () => {
    const options = withChannel({ timeout: 5_000 }, { checked: true });
    expect(channelOf(options)).toEqual({ checked: true });
    expect(channelOf({ ...options })).toBeUndefined();
    expect(channelOf({ checked: true })).toBeUndefined();
    expect(channelOf(undefined)).toBeUndefined();
    expect(channelOf('options')).toBeUndefined();
  });
});

describe('a send with a channel keeps no response: its helper hands out only the value', () => {
  it('its withResponse() has the value but an empty response; a plain call keeps its answer', async () => {
    const stub = scriptedFetch();
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    const plain = await client.sms.messages.create(item(0)).withResponse();
    expect(await plain.response.json()).toMatchObject({ id: 'msg_1' });
    const sent = await client.sms.messages.create(item(1), withChannel({}, {})).withResponse();
    expect(sent.data).toMatchObject({ id: 'msg_2' });
    expect(await sent.response.text()).toBe('');
  });
});

describe('batch helpers hand each send plain options', () => {
  it("createMany: a send's options are the caller's and its key, with no hooks or keys of the SDK's", async () => {
    const given: object[] = [];
    const client = {
      sms: {
        messages: {
          create: (body: Record<string, unknown>, opts: RequestOptions) => {
            given.push(opts);
            return Promise.resolve(messageFor(body, 'msg_1'));
          },
        },
      },
    } as unknown as Client;
    const results = await collect(
      createMany(client, [item(0), item(1)], { idempotencyKey: 'k', timeout: 5_000 }),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(given.map((o) => Reflect.ownKeys(o).sort())).toEqual([
      ['idempotencyKey', 'timeout'],
      ['idempotencyKey', 'timeout'],
    ]);
  });

  it("createAll with a pacer: a chunk's options are the caller's and its key, the pacer not among its hooks", async () => {
    const given: object[] = [];
    const client = {
      sms: {
        bulk: {
          create: (body: { recipients: string[] }, opts: RequestOptions) => {
            given.push(opts);
            return Promise.resolve({ id: 'job_1', status: 'queued', total: body.recipients.length });
          },
        },
      },
    } as unknown as Client;
    const pacer: Pacer = { acquire: () => undefined, hold: () => undefined };
    const hooks = { beforeRequest: [() => undefined] };
    const result = await createAll(
      client,
      { recipients: ['+447700900001'], message: 'Hi' },
      { idempotencyKey: 'b', pacer, hooks },
    );
    expect(result.failed).toEqual([]);
    expect(given.map((o) => Reflect.ownKeys(o).sort())).toEqual([['hooks', 'idempotencyKey']]);
    expect((given[0] as RequestOptions).hooks).toBe(hooks);
  });
});

describe("keys a user puts on options that look like the channel's mean nothing", () => {
  it('`checked: true` spares no check: a framing header is still refused, and nothing is sent', async () => {
    const stub = scriptedFetch();
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    const options = { checked: true, headers: { 'content-length': '1' } } as RequestOptions;
    await expect(client.sms.messages.create(item(0), options)).rejects.toBeInstanceOf(ValidationError);
    expect(stub.seen).toHaveLength(0);
  });

  it('a `pace` or an `observe` of theirs is never called, through a retry', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // a backoff of 0 ms
    const stub = scriptedFetch([503]);
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    const acquire = vi.fn(() => undefined);
    const observe = vi.fn();
    const options = {
      site: new Error('not the caller'),
      observe,
      pace: { acquire, retriesOnly: false },
    } as RequestOptions;
    // Sent (or, should the options' names ever be checked, refused): either way nothing of theirs runs.
    const outcome = await client.sms.messages.create(item(0), options).then(
      () => 'sent',
      (error: unknown) => error,
    );
    if (outcome !== 'sent') expect(outcome).toBeInstanceOf(ValidationError);
    else expect(stub.seen).toHaveLength(2);
    expect(acquire).not.toHaveBeenCalled();
    expect(observe).not.toHaveBeenCalled();
  });
});

describe("the channel reaches the call: the batch's pacer", () => {
  it('is waited for before every attempt of a send, retries included, and told of the 429 that named a wait', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const stub = scriptedFetch([429], { 'retry-after': '0' });
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    const acquired: (AbortSignal | undefined)[] = [];
    const held: number[] = [];
    const pacer: Pacer = {
      acquire: (signal) => void acquired.push(signal),
      hold: (ms) => void held.push(ms),
    };
    const results = await collect(createMany(client, [item(0)], { idempotencyKey: 'p', pacer }));
    expect(results.map((r) => r.ok)).toEqual([true]);
    expect(stub.seen.map((s) => s.key)).toEqual(['p:0', 'p:0']);
    expect(acquired).toHaveLength(2);
    expect(held).toEqual([0]);
  });
});

describe('a send without hooks of the user’s costs what a plain call costs', () => {
  /** Requests and Responses built for `n` sends, each answered at once. */
  async function costOf(run: (client: Client) => Promise<unknown>) {
    const stub = scriptedFetch();
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    await client.sms.messages.create(item(99)); // loads the engine and opens the area first
    const counts = countConstructions();
    await run(client);
    globalThis.Request = NativeRequest;
    globalThis.Response = NativeResponse;
    return counts;
  }
  const N = 4;
  const items = Array.from({ length: N }, (_, i) => item(i));

  it('createMany copies neither the request nor the answer of a send, as many Requests as plain calls', async () => {
    const plain = await costOf(async (client) => {
      for (const i of items) await client.sms.messages.create(i, { idempotencyKey: `plain:${i.to}` });
    });
    const batch = await costOf((client) => collect(createMany(client, items, { concurrency: 1 })));
    expect(plain.responses).toBe(0);
    expect(batch).toEqual(plain);
  });

  it('with a hook of the user’s, each send’s request and answer are copied for the hooks to see', async () => {
    const plain = await costOf(async (client) => {
      for (const i of items) await client.sms.messages.create(i);
    });
    let ran = 0;
    const hooks = { beforeRequest: [() => void ran++] };
    const batch = await costOf((client) => collect(createMany(client, items, { concurrency: 1, hooks })));
    expect(ran).toBe(N);
    expect(batch.responses).toBeGreaterThanOrEqual(N);
    expect(batch.requests).toBeGreaterThanOrEqual(plain.requests + N);
  });
});

describe('checked once for the batch', () => {
  /** How often the options' check looked at the signal's removeEventListener, over `n` sends. */
  async function checksOver(n: number, extra: RequestOptions) {
    const stub = scriptedFetch();
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    await client.sms.messages.create(item(99));
    const signal = new AbortController().signal;
    let looked = 0;
    Object.defineProperty(signal, 'removeEventListener', {
      get: () => (looked++, AbortSignal.prototype.removeEventListener),
    });
    const items = Array.from({ length: n }, (_, i) => item(i));
    const results = await collect(createMany(client, items, { concurrency: 1, signal, ...extra }));
    expect(results.every((r) => r.ok)).toBe(true);
    return looked;
  }

  it("without headers or hooks of the caller's, a send's options are not checked again; with headers, every send's are", async () => {
    const once = await checksOver(6, {});
    const each = await checksOver(6, { headers: { 'x-trace': 't' } });
    expect(each - once).toBeGreaterThanOrEqual(6);
  });
});
