// The first request loads the engine (ky, zod/mini, the schemas and the call: src/resources/engine.ts)
// with one dynamic import; constructing a Client loads none of it. Each test imports the SDK afresh
// (vi.resetModules), so its first call is the process's first.
import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockService } from 'gateway-sdk/testing';
import { message } from '../helpers/fixtures.js';
import { rejection } from '../helpers/rejection.js';

const BASE = 'https://api.gateway.test';
let engineLoads = 0;
/** What the next load of the engine waits for (a slow chunk), and the error it fails with, if any. */
let loadGate: Promise<void> = Promise.resolve();
let failNextLoad: Error | undefined;

beforeEach(async () => {
  // Files share a worker: a dynamic import another file started (a call still loading the engine)
  // would otherwise reach this file's mock of the engine and be counted as this file's load.
  await vi.dynamicImportSettled();
  vi.resetModules();
  engineLoads = 0;
  loadGate = Promise.resolve();
  failNextLoad = undefined;
  // One mock for every test, steered by the variables above: a second `doMock` of the same module
  // within a test is not reliably in place before the import it is meant for.
  vi.doMock('../../src/resources/engine.js', async (importOriginal) => {
    engineLoads++;
    const failure = failNextLoad;
    failNextLoad = undefined;
    if (failure !== undefined) throw failure;
    await loadGate;
    return importOriginal();
  });
});

afterEach(() => {
  vi.doUnmock('../../src/resources/engine.js');
  vi.unstubAllEnvs();
});

/** A fresh copy of the SDK and a client on it whose requests are counted and answered with a message. */
async function freshClient(answer: () => Response = () => Response.json(message)) {
  const sdk = await import('gateway-sdk');
  const sent: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Request(input, init).url);
    return answer();
  };
  const client = new sdk.Client({ apiKey: 'sk_test_first', baseURL: BASE, maxRetries: 0, fetch });
  return { sdk, client, sent };
}

describe('the first call', () => {
  it('constructing a Client loads no engine; the first call loads it once', async () => {
    const { client, sent } = await freshClient();
    expect(engineLoads).toBe(0);
    await client.sms.messages.retrieve('msg_1');
    await client.sms.messages.retrieve('msg_2');
    expect(engineLoads).toBe(1);
    expect(sent).toHaveLength(2);
  });

  it('concurrent first calls share one load, and each is sent once', async () => {
    const { client, sent } = await freshClient();
    const results = await Promise.all([
      client.sms.messages.retrieve('msg_1'),
      client.sms.messages.create({ to: '447700900123', message: 'hi' }),
      client.payment.customers.retrieve('cus_1').catch((e: unknown) => e),
    ]);
    expect(engineLoads).toBe(1);
    expect(results[0]).toMatchObject({ id: message.id });
    expect(sent.filter((url) => url.includes('/sms/'))).toHaveLength(2);
  });

  it('validates before sending: its ValidationError names the caller, and nothing is sent', async () => {
    const { sdk, client, sent } = await freshClient();
    function myAppFirstSend() {
      return client.sms.messages.create({ to: 'not a number', message: 'hi' });
    }
    const error = await rejection(myAppFirstSend());
    expect(error).toBeInstanceOf(sdk.ValidationError);
    expect(error.message).toMatch(/^Invalid MessageCreateParams: to must be an international number/);
    expect(error.stack).toContain('myAppFirstSend');
    expect(sent).toHaveLength(0);
  });

  it('a first list checks its filters before sending, and names the caller', async () => {
    const { sdk, client, sent } = await freshClient();
    function myAppFirstList() {
      return client.sms.messages.list({ limit: 0 });
    }
    const error = await rejection(myAppFirstList());
    expect(error).toBeInstanceOf(sdk.ValidationError);
    expect(error.stack).toContain('myAppFirstList');
    expect(sent).toHaveLength(0);
  });

  it('a missing credential on a first call is a ConfigurationError that names the caller', async () => {
    vi.stubEnv('GATEWAY_TEST_API_KEY', '');
    const { sdk, client, sent } = await freshClient();
    function myAppFirstPayment() {
      return client.payment.customers.retrieve('cus_1');
    }
    const error = await rejection(myAppFirstPayment());
    expect(error).toBeInstanceOf(sdk.ConfigurationError);
    expect(error.stack).toContain('myAppFirstPayment');
    expect(sent).toHaveLength(0);
  });

  // A load that fails: 'a first call whose engine fails to load' below, and the loader itself in
  // test/internal/load-once.test.ts.
});

/**
 * The engine held back until the test lets it in (`release`), as a page's chunk on a slow network:
 * a load that "never finishes" is one the test releases only once it has checked the call, so no
 * import is left pending for the next test.
 */
function holdEngine() {
  let release = () => {};
  loadGate = new Promise<void>((resolve) => (release = resolve));
  return { release };
}

/** Whether `p` has settled after the pending microtasks and timers of this turn have run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the first call while the engine loads', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('with an already aborted signal rejects at once with APIUserAbortError, and sends nothing', async () => {
    const engine = holdEngine();
    const { sdk, client, sent } = await freshClient();
    const call = client.sms.messages.create(
      { to: '447700900123', message: 'hi' },
      { signal: AbortSignal.abort(), idempotencyKey: 'order-1' },
    );
    const failure = rejection(call);
    expect(await settled(failure)).toBe(true);
    const error = await failure;
    expect(error).toBeInstanceOf(sdk.APIUserAbortError);
    expect((error as InstanceType<typeof sdk.APIUserAbortError>).idempotencyKey).toBe('order-1');
    engine.release();
    await vi.dynamicImportSettled();
    expect(sent).toHaveLength(0);
  });

  it('rejects promptly when its signal aborts during a load that never finishes', async () => {
    const engine = holdEngine();
    const { sdk, client, sent } = await freshClient();
    const controller = new AbortController();
    function myAppFirstRetrieve() {
      return client.sms.messages.retrieve('msg_1', { signal: controller.signal });
    }
    const failure = rejection(myAppFirstRetrieve());
    await vi.advanceTimersByTimeAsync(200);
    expect(await settled(failure)).toBe(false);
    controller.abort();
    expect(await settled(failure)).toBe(true);
    const error = await failure;
    expect(error).toBeInstanceOf(sdk.APIUserAbortError);
    expect(error.stack).toContain('myAppFirstRetrieve');
    engine.release();
    await vi.dynamicImportSettled();
    expect(sent).toHaveLength(0);
  });

  it('rejects with the totalTimeout error the call would give when the load outlasts it', async () => {
    // The deadline counts from the method's call on the call's clock (performance.now): faked
    // with the timers, so the test holds however slowly the machine runs.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const engine = holdEngine();
    const { sdk, client, sent } = await freshClient();
    const failure = rejection(client.sms.messages.retrieve('msg_1', { totalTimeout: 1000 }));
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(failure)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(failure)).toBe(true);
    const error = await failure;
    expect(error).toBeInstanceOf(sdk.APIConnectionTimeoutError);
    expect(error).toMatchObject({ limit: 'totalTimeout', timeoutMs: 1000 });
    engine.release();
    await vi.dynamicImportSettled();
    expect(sent).toHaveLength(0);
  });

  it("a first list() is bounded by the client's totalTimeout as well", async () => {
    const engine = holdEngine();
    const sdk = await import('gateway-sdk');
    const client = new sdk.Client({ apiKey: 'sk_test_first', baseURL: BASE, totalTimeout: 500 });
    const failure = rejection(client.sms.messages.list({ limit: 5 }));
    await vi.advanceTimersByTimeAsync(500);
    expect(await settled(failure)).toBe(true);
    expect(await failure).toBeInstanceOf(sdk.APIConnectionTimeoutError);
    engine.release();
    await vi.dynamicImportSettled();
  });

  it('first calls sharing one signal add one abort listener to it for the wait, removed once the engine is in', async () => {
    const engine = holdEngine();
    const { client, sent } = await freshClient();
    const { signal } = new AbortController();
    const calls = Array.from({ length: 20 }, (_, i) => client.sms.messages.retrieve(`msg_${i}`, { signal }));
    // One, not twenty: more than ten would print Node's MaxListenersExceededWarning, naming the app.
    expect(getEventListeners(signal, 'abort')).toHaveLength(1);
    engine.release();
    await Promise.all(calls);
    expect(sent).toHaveLength(20);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('first calls sharing one signal all reject when it aborts during the load', async () => {
    const engine = holdEngine();
    const { sdk, client, sent } = await freshClient();
    const controller = new AbortController();
    const calls = Array.from({ length: 3 }, (_, i) =>
      rejection(client.sms.messages.retrieve(`msg_${i}`, { signal: controller.signal })),
    );
    controller.abort();
    for (const error of await Promise.all(calls)) expect(error).toBeInstanceOf(sdk.APIUserAbortError);
    engine.release();
    await vi.dynamicImportSettled();
    expect(sent).toHaveLength(0);
  });

  it('goes on and is sent once the engine is in within its limits', async () => {
    const engine = holdEngine();
    const { client, sent } = await freshClient();
    const call = client.sms.messages.retrieve('msg_1', {
      totalTimeout: 5000,
      signal: new AbortController().signal,
    });
    await vi.advanceTimersByTimeAsync(100);
    engine.release();
    await expect(call).resolves.toMatchObject({ id: message.id });
    expect(sent).toEqual([`${BASE}/sms/messages/msg_1`]);
  });
});

describe('a first call whose engine fails to load', () => {
  it('rejects with an APIConnectionError naming the caller, with the load error as its cause; the next call loads again', async () => {
    const chunkError = new TypeError('Failed to fetch dynamically imported module');
    failNextLoad = chunkError;
    const { sdk, client, sent } = await freshClient();
    function myAppFirstSend() {
      return client.sms.messages.create({ to: '447700900123', message: 'hi' });
    }
    const error = await rejection(myAppFirstSend());
    expect(error).toBeInstanceOf(sdk.APIConnectionError);
    expect(error.message).toMatch(/could not be loaded .*nothing was sent/);
    // The load's error is in the cause chain (vitest wraps what a mock factory throws in its own).
    const causes: unknown[] = [];
    for (let c: unknown = error.cause; c instanceof Error; c = c.cause) causes.push(c);
    expect(causes).toContain(chunkError);
    expect(error.stack).toContain('myAppFirstSend');
    expect(sent).toHaveLength(0);
    await expect(client.sms.messages.retrieve('msg_1')).resolves.toMatchObject({ id: message.id });
    expect(engineLoads).toBe(2);
    expect(sent).toHaveLength(1);
  });
});

describe('a first list walked while the engine loads', () => {
  it('for await gives every item of its pages, the engine loaded once', async () => {
    const page = (data: unknown[], next: string | null) =>
      Response.json({ data, has_more: next !== null, next_cursor: next });
    const answers = [page([message], 'c1'), page([{ ...message, id: 'msg_2' }], null)];
    const { client, sent } = await freshClient(() => answers.shift() ?? page([], null));
    const ids: string[] = [];
    for await (const m of client.sms.messages.list({ limit: 1 })) ids.push(m.id);
    expect(ids).toEqual([message.id, 'msg_2']);
    expect(sent).toHaveLength(2);
    expect(engineLoads).toBe(1);
  });

  it('ends with the load error when the engine fails to load, then is done', async () => {
    failNextLoad = new TypeError('Failed to fetch dynamically imported module');
    const { sdk, client, sent } = await freshClient();
    const items = client.sms.messages.list()[Symbol.asyncIterator]();
    await expect(items.next()).rejects.toBeInstanceOf(sdk.APIConnectionError);
    await expect(items.next()).resolves.toEqual({ done: true, value: undefined });
    expect(sent).toHaveLength(0);
  });

  it('return() before the first page ends it: nothing is fetched', async () => {
    const { client, sent } = await freshClient();
    const items = client.sms.messages.list()[Symbol.asyncIterator]();
    await expect(items.return()).resolves.toEqual({ done: true, value: undefined });
    await expect(items.next()).resolves.toEqual({ done: true, value: undefined });
    expect(sent).toHaveLength(0);
  });
});

describe('the message of a failed engine load', () => {
  it("says the next call tries again, and where the runtime keeps a failed chunk failed (Node's ESM loader)", async () => {
    failNextLoad = new SyntaxError('Unexpected token in the chunk');
    const { client } = await freshClient();
    const error = await rejection(client.sms.messages.retrieve('msg_1'));
    expect(error.message).toContain(
      'The next call tries the load again; in Node, a chunk whose code failed while loading stays failed until the process restarts.',
    );
    expect(error.message).not.toContain('the next call loads it again');
  });
});

describe('the first calls copy their options when the method is called', () => {
  /** A fresh SDK over the SDK's own mock, every request's headers recorded. */
  async function mockClient() {
    const sdk = await import('gateway-sdk');
    const mock = createMockService();
    const sent: Headers[] = [];
    const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      sent.push(request.headers);
      return mock.fetch(request);
    };
    return { sdk, client: new sdk.Client({ ...mock.clientOptions, fetch, maxRetries: 0 }), sent };
  }

  it('a loop that reuses one options object sends each call with its own key: five messages, not one and four conflicts', async () => {
    const engine = holdEngine();
    const { client, sent } = await mockClient();
    const opts: { idempotencyKey?: string } = {};
    const calls = [];
    for (let row = 0; row < 5; row++) {
      opts.idempotencyKey = `row-${row}`;
      calls.push(client.sms.messages.create({ to: `44770090012${row}`, message: `row ${row}` }, opts));
    }
    engine.release();
    const created = await Promise.all(calls);
    expect(new Set(created.map((m) => m.id)).size).toBe(5);
    expect(sent.map((h) => h.get('idempotency-key'))).toEqual(['row-0', 'row-1', 'row-2', 'row-3', 'row-4']);
  });

  it('headers added or changed after the call are not sent', async () => {
    const engine = holdEngine();
    const { client, sent } = await mockClient();
    const headers: Record<string, string> = { 'x-trace': 'first' };
    const call = client.sms.messages.create({ to: '447700900123', message: 'hi' }, { headers });
    headers['x-trace'] = 'changed';
    headers['x-late'] = 'late';
    engine.release();
    await call;
    expect(sent[0]?.get('x-trace')).toBe('first');
    expect(sent[0]?.has('x-late')).toBe(false);
  });

  it('a list walk sends every page with the options it was called with', async () => {
    const { client, sent } = await mockClient();
    for (let i = 0; i < 3; i++) await client.sms.messages.create({ to: `44770090012${i}`, message: 'hi' });
    sent.length = 0;
    const headers: Record<string, string> = { 'x-walk': 'first' };
    const ids: string[] = [];
    for await (const m of client.sms.messages.list({ limit: 1 }, { headers })) {
      ids.push(m.id);
      headers['x-walk'] = 'changed';
    }
    expect(ids).toHaveLength(3);
    expect(sent.map((h) => h.get('x-walk'))).toEqual(['first', 'first', 'first']);
  });
});
