// createWebhookHandler: every answer of the status table in docs/webhooks.md, rotation,
// maxAgeSeconds, and the de-duplication rules (release on throw, 503 while in flight).
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  ConfigurationError,
  createWebhookHandler as fromMain,
  memoryStore as memoryFromMain,
} from 'gateway-sdk';
import {
  createWebhookHandler,
  memoryStore,
  toNodeHandler,
  Webhooks,
  WebhookVerificationError,
  type DedupeStore,
  type WebhookCustomer,
  type WebhookEvent,
  type WebhookMessage,
  type WebhookHandlerOptions,
} from 'gateway-sdk/webhooks';
import { delivery, gate, keyOf, nextId, secret, signed } from './receive.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A handler whose errors are collected instead of logged. */
function handler(options: Partial<WebhookHandlerOptions> = {}) {
  const errors: unknown[] = [];
  const handled: WebhookEvent[] = [];
  const handle = createWebhookHandler({
    secret,
    onEvent: (event) => void handled.push(event),
    onError: (error) => void errors.push(error),
    ...options,
  });
  return { handle, errors, handled };
}

const outcome = async (response: Response) => [response.status, await response.text()];

describe('createWebhookHandler', () => {
  it('is exported by both entries', () => {
    expect(fromMain).toBe(createWebhookHandler);
    expect(memoryFromMain).toBe(memoryStore);
  });

  it('answers 200 handled and runs the typed handler of the event type', async () => {
    const seen: string[] = [];
    const { handle, errors } = handler({
      on: {
        'message.delivered': (event) => {
          // Typed: data.object is a WebhookMessage.
          seen.push(`${event.type} ${event.data.object.status}`);
        },
      },
    });
    expect(await outcome(await handle(await delivery()))).toEqual([200, 'handled']);
    expect(seen).toEqual(['message.delivered delivered']);
    expect(errors).toEqual([]);
  });

  it('sends an event type without an `on` handler to onEvent, known or not', async () => {
    const on = vi.fn();
    const { handle, handled } = handler({ on: { 'message.failed': on } });
    await handle(await delivery({ type: 'customer.created', data: { object: { id: 'cus_1' } } }));
    await handle(await delivery({ type: 'message.read', data: { object: { id: 'msg_1' } } }));
    expect(handled.map((e) => e.type)).toEqual(['customer.created', 'message.read']);
    expect(on).not.toHaveBeenCalled();
  });

  it('acknowledges an event nobody handles with 200 unsubscribed, without claiming it', async () => {
    const claim = vi.fn(async () => true);
    const handle = createWebhookHandler({
      secret,
      on: { 'message.failed': vi.fn() },
      dedupe: { claim, release: vi.fn() },
    });
    expect(await outcome(await handle(await delivery()))).toEqual([200, 'unsubscribed']);
    expect(claim).not.toHaveBeenCalled();
  });

  it('answers 400 with the reason to a missing, malformed or wrong signature, running nothing', async () => {
    const { handle, handled, errors } = handler();
    const cases = [
      [await delivery({}, { signature: null }), 'missing_signature'],
      [await delivery({}, { signature: 'sha256=abc' }), 'malformed_signature'],
      [await delivery({}, { signWith: 'whsec_attacker' }), 'signature_mismatch'],
    ] as const;
    for (const [request, reason] of cases)
      expect(await outcome(await handle(request))).toEqual([400, reason]);
    expect(handled).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('hands a signed body of any other shape to its handler as sent, 200 handled', async () => {
    const warn = vi.fn();
    const { handle, handled } = handler({ logger: { warn } });
    const body = JSON.stringify({ id: 'evt_x', type: 'message.sent' });
    const request = new Request('https://receiver.test/', {
      method: 'POST',
      body,
      headers: {
        'x-service-signature': await (await import('gateway-sdk/webhooks')).Webhooks.sign(body, secret),
      },
    });
    expect(await outcome(await handle(request))).toEqual([200, 'handled']);
    expect(handled).toEqual([{ id: 'evt_x', type: 'message.sent' }]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(
      /webhook created missing: handled without the maxAgeSeconds check/,
    );
  });

  it.each([
    ['an empty secret', ''],
    ['a secret with a trailing newline', `${secret}\n`],
    ['an empty list of secrets', []],
  ])('answers 500 invalid_secret (redelivered once fixed) to %s, never echoing it', async (_, bad) => {
    const { handle, handled, errors } = handler({ secret: bad as string });
    const response = await handle(await delivery());
    expect(await outcome(response)).toEqual([500, 'invalid_secret']);
    expect(handled).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(WebhookVerificationError);
    expect(String((errors[0] as Error).message)).not.toContain(secret);
  });

  it('accepts deliveries signed with any secret of a rotation', async () => {
    const { handle, handled } = handler({ secret: ['whsec_next_Pq1', secret] });
    expect((await handle(await delivery())).status).toBe(200);
    expect((await handle(await delivery({}, { signWith: 'whsec_next_Pq1' }))).status).toBe(200);
    expect((await handle(await delivery({}, { signWith: 'whsec_retired' }))).status).toBe(400);
    expect(handled).toHaveLength(2);
  });

  it('answers 405 to anything but POST', async () => {
    const { handle } = handler();
    const response = await handle(new Request('https://receiver.test/webhooks'));
    expect(await outcome(response)).toEqual([405, 'method_not_allowed']);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('reads the raw bytes: a body that is not UTF-8 still verifies, then fails as invalid_payload', async () => {
    const { Webhooks } = await import('gateway-sdk/webhooks');
    const bytes = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    const { handle } = handler();
    const request = new Request('https://receiver.test/', {
      method: 'POST',
      body: bytes,
      headers: { 'x-service-signature': await Webhooks.sign(bytes, secret) },
    });
    expect(await outcome(await handle(request))).toEqual([400, 'invalid_payload']);
  });
});

describe('createWebhookHandler: de-duplication', () => {
  it('answers a repeated delivery 200 duplicate without running the handler again', async () => {
    const { handle, handled } = handler();
    const request = await delivery();
    expect(await outcome(await handle(request.clone()))).toEqual([200, 'handled']);
    expect(await outcome(await handle(request))).toEqual([200, 'duplicate']);
    expect(handled).toHaveLength(1);
  });

  it('answers 500 handler_failed when the handler throws, and handles the redelivery', async () => {
    let calls = 0;
    const { handle, errors } = handler({
      onEvent: () => {
        if (++calls === 1) throw new Error('database down');
      },
    });
    const request = await delivery();
    expect(await outcome(await handle(request.clone()))).toEqual([500, 'handler_failed']);
    expect((errors[0] as Error).message).toBe('database down');
    expect(await outcome(await handle(request.clone()))).toEqual([200, 'handled']);
    expect(await outcome(await handle(request))).toEqual([200, 'duplicate']);
    expect(calls).toBe(2);
  });

  it('releases the claim of a rejected async handler too', async () => {
    const release = vi.fn(async () => undefined);
    const handle = createWebhookHandler({
      secret,
      onEvent: async () => Promise.reject(new Error('nope')),
      dedupe: { claim: async () => true, release },
      onError: () => undefined,
    });
    const request = await delivery();
    const id = (JSON.parse(await request.clone().text()) as { id: string }).id;
    expect((await handle(request)).status).toBe(500);
    expect(release).toHaveBeenCalledWith(keyOf(id));
  });

  it('answers 503 in_progress to a duplicate that arrives while the first is still being handled', async () => {
    const held = gate();
    let calls = 0;
    const { handle } = handler({
      onEvent: async () => {
        calls++;
        await held.promise;
      },
    });
    const request = await delivery();
    const first = handle(request.clone());
    await vi.waitFor(() => expect(calls).toBe(1));
    expect(await outcome(await handle(request.clone()))).toEqual([503, 'in_progress']);
    held.open();
    expect(await outcome(await first)).toEqual([200, 'handled']);
    expect(await outcome(await handle(request))).toEqual([200, 'duplicate']);
    expect(calls).toBe(1);
  });

  it('handles the event when the first delivery fails after a concurrent duplicate was told 503', async () => {
    const held = gate();
    let calls = 0;
    const { handle } = handler({
      onEvent: async () => {
        if (++calls === 1) await held.promise;
      },
    });
    const request = await delivery();
    const first = handle(request.clone());
    await vi.waitFor(() => expect(calls).toBe(1));
    expect((await handle(request.clone())).status).toBe(503);
    held.fail(new Error('crashed'));
    expect((await first).status).toBe(500);
    expect(await outcome(await handle(request))).toEqual([200, 'handled']);
    expect(calls).toBe(2);
  });

  it('tells in-flight from handled across instances sharing one store', async () => {
    const store = memoryStore();
    const held = gate();
    const a = handler({ dedupe: store, onEvent: () => held.promise });
    const b = handler({ dedupe: store });
    const request = await delivery();
    const first = a.handle(request.clone());
    await vi.waitFor(async () =>
      expect(await store.state?.(keyOf(JSON.parse(await request.clone().text()).id))).toBe('pending'),
    );
    expect(await outcome(await b.handle(request.clone()))).toEqual([503, 'in_progress']);
    held.open();
    await first;
    expect(await outcome(await b.handle(request))).toEqual([200, 'duplicate']);
    expect(b.handled).toEqual([]);
  });

  it('with a claim/release-only store: claims for 7 days, 5 minutes and a second, 200 to a duplicate, 503 to one in flight here', async () => {
    const ids = new Map<string, number>();
    const store: DedupeStore = {
      claim: vi.fn(async (id: string, ttl: number) => (ids.has(id) ? false : (ids.set(id, ttl), true))),
      release: vi.fn(async (id: string) => void ids.delete(id)),
    };
    const held = gate();
    const { handle } = handler({ dedupe: store, onEvent: () => held.promise });
    const request = await delivery();
    const first = handle(request.clone());
    await vi.waitFor(() => expect(ids.size).toBe(1));
    // maxAgeSeconds (7 days by default), the 5-minute clock-skew allowance and a second.
    expect([...ids.values()]).toEqual([604_800 + 300 + 1]);
    expect((await handle(request.clone())).status).toBe(503);
    held.open();
    await first;
    expect(await outcome(await handle(request))).toEqual([200, 'duplicate']);
  });

  it('claims with a short lease, so an event whose handler died is handled again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = memoryStore();
    const request = await delivery();
    const id = (JSON.parse(await request.clone().text()) as { id: string }).id;
    // A process that claimed the event and then died: the claim is never completed nor released.
    expect(await store.claim(keyOf(id), 300)).toBe(true);
    const { handle, handled } = handler({ dedupe: store, leaseSeconds: 300 });
    expect((await handle(request.clone())).status).toBe(503);
    vi.advanceTimersByTime(301_000);
    expect(await outcome(await handle(request))).toEqual([200, 'handled']);
    expect(handled).toHaveLength(1);
  });

  it('answers 500 dedupe_failed when the store cannot be reached, running nothing', async () => {
    const { handle, handled, errors } = handler({
      dedupe: { claim: () => Promise.reject(new Error('ECONNREFUSED')), release: async () => undefined },
    });
    expect(await outcome(await handle(await delivery()))).toEqual([500, 'dedupe_failed']);
    expect(handled).toEqual([]);
    expect((errors[0] as Error).message).toBe('ECONNREFUSED');
  });

  it('still answers 200 when recording a handled event fails, and reports it', async () => {
    const store = memoryStore();
    const { handle, handled, errors } = handler({
      dedupe: { ...store, complete: () => Promise.reject(new Error('READONLY')) },
    });
    expect((await handle(await delivery())).status).toBe(200);
    expect(handled).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('READONLY');
  });

  it('handles every delivery with dedupe: false', async () => {
    const { handle, handled } = handler({ dedupe: false });
    const request = await delivery();
    await handle(request.clone());
    await handle(request);
    expect(handled).toHaveLength(2);
  });
});

describe('createWebhookHandler: maxAgeSeconds', () => {
  it('answers 400 event_too_old to an event signed longer ago than maxAgeSeconds, and 200 within it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    const now = Math.floor(Date.now() / 1000);
    const { handle, handled } = handler({ maxAgeSeconds: 600 });
    expect(await outcome(await handle(await delivery({ created: now - 601 })))).toEqual([
      400,
      'event_too_old',
    ]);
    expect(await outcome(await handle(await delivery({ created: now - 600 })))).toEqual([200, 'handled']);
    expect(await outcome(await handle(await delivery({ created: (now - 601) * 1000 })))).toEqual([
      400,
      'event_too_old',
    ]);
    expect(handled).toHaveLength(1);
  });

  it('refuses nothing by age with maxAgeSeconds: false', async () => {
    const { handle } = handler({ maxAgeSeconds: false });
    expect((await handle(await delivery({ created: 1 }))).status).toBe(200);
    expect((await handle(await delivery({ created: 4_000_000_000 }))).status).toBe(200);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses maxAgeSeconds %s at creation', (value) => {
    expect(() => createWebhookHandler({ secret, maxAgeSeconds: value })).toThrow(ConfigurationError);
  });
});

describe('createWebhookHandler: replays closed by default', () => {
  const NOW = new Date('2026-03-01T12:00:00Z');
  const now = Math.floor(NOW.getTime() / 1000);

  it('refuses an event older than 7 days without any option, and handles one just within', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const { handle, handled } = handler();
    expect(await outcome(await handle(await delivery({ created: now - 604_801 })))).toEqual([
      400,
      'event_too_old',
    ]);
    expect(await outcome(await handle(await delivery({ created: now - 604_800 })))).toEqual([200, 'handled']);
    expect(handled).toHaveLength(1);
  });

  it('refuses an event created more than 5 minutes ahead of the clock, and handles one within', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const { handle, handled } = handler();
    expect(await outcome(await handle(await delivery({ created: now + 301 })))).toEqual([
      400,
      'event_too_old',
    ]);
    expect(await outcome(await handle(await delivery({ created: now + 300 })))).toEqual([200, 'handled']);
    expect(handled).toHaveLength(1);
  });

  it('refuses a replay once its id has left the store: the age check outlives the record', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const { handle, handled } = handler();
    // Created 5 minutes ahead (the most allowed): the record must last 7 days, 5 minutes and a second.
    const request = await delivery({ created: now + 300 });
    expect(await outcome(await handle(request.clone()))).toEqual([200, 'handled']);
    vi.setSystemTime(NOW.getTime() + (604_800 + 300) * 1000);
    expect(await outcome(await handle(request.clone()))).toEqual([200, 'duplicate']);
    vi.setSystemTime(NOW.getTime() + (604_800 + 301) * 1000);
    expect(await outcome(await handle(request.clone()))).toEqual([400, 'event_too_old']);
    vi.setSystemTime(NOW.getTime() + (604_800 + 302) * 1000);
    expect(await outcome(await handle(request))).toEqual([400, 'event_too_old']);
    expect(handled).toHaveLength(1);
  });

  it('refuses at creation a maxAgeSeconds the store would not keep ids for', () => {
    const store = memoryStore({ ttlSeconds: 3600 });
    let error: unknown;
    try {
      createWebhookHandler({ secret, dedupe: store });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).message).toMatch(/keeps ids 3600 s.*Lower maxAgeSeconds/);
    expect(() => createWebhookHandler({ secret, dedupe: store, maxAgeSeconds: 3299 })).not.toThrow();
    expect(() => createWebhookHandler({ secret, dedupe: store, maxAgeSeconds: 3300 })).toThrow(
      ConfigurationError,
    );
    expect(() =>
      createWebhookHandler({ secret, dedupe: { ...memoryStore(), retentionSeconds: 86_400 } }),
    ).toThrow(ConfigurationError);
    // Off, or no store: nothing to outlive.
    expect(() => createWebhookHandler({ secret, dedupe: store, maxAgeSeconds: false })).not.toThrow();
    expect(() => createWebhookHandler({ secret, dedupe: false, maxAgeSeconds: 10 ** 9 })).not.toThrow();
  });

  it('asks the store to keep a handled id for maxAgeSeconds, 5 minutes and a second', async () => {
    const complete = vi.fn(async () => undefined);
    const { handle } = handler({
      maxAgeSeconds: 86_400,
      dedupe: { ...memoryStore(), complete },
    });
    await handle(await delivery());
    expect(complete).toHaveBeenCalledWith(expect.any(String), 86_701);
  });
});

describe('createWebhookHandler: receivers sharing a store', () => {
  it('handles each event once in each of two receivers with different secrets on one store', async () => {
    const store = memoryStore();
    const other = 'whsec_other_receiver_9Zk';
    const a = handler({ dedupe: store });
    const b = handler({ secret: other, dedupe: store });
    const { body } = await signed();
    const to = async (s: string) =>
      new Request('https://receiver.test/webhooks', {
        method: 'POST',
        body,
        headers: { 'x-service-signature': await Webhooks.sign(body, s) },
      });
    expect(await outcome(await a.handle(await to(secret)))).toEqual([200, 'handled']);
    expect(await outcome(await b.handle(await to(other)))).toEqual([200, 'handled']);
    expect(await outcome(await a.handle(await to(secret)))).toEqual([200, 'duplicate']);
    expect(await outcome(await b.handle(await to(other)))).toEqual([200, 'duplicate']);
    expect(a.handled).toHaveLength(1);
    expect(b.handled).toHaveLength(1);
  });

  it('still de-duplicates across a rotation: [next, current] sees what [current] recorded, and [next] what it recorded', async () => {
    const store = memoryStore();
    const next = 'whsec_next_secret_Q81';
    const before = handler({ dedupe: store });
    const during = handler({ secret: [next, secret], dedupe: store });
    const after = handler({ secret: next, dedupe: store });
    const first = await delivery();
    expect(await outcome(await before.handle(first.clone()))).toEqual([200, 'handled']);
    expect(await outcome(await during.handle(first))).toEqual([200, 'duplicate']);
    const second = await delivery({}, { signWith: next });
    expect(await outcome(await during.handle(second.clone()))).toEqual([200, 'handled']);
    expect(await outcome(await after.handle(second))).toEqual([200, 'duplicate']);
    expect(during.handled).toHaveLength(1);
    expect(after.handled).toEqual([]);
    const id = (during.handled[0] as WebhookEvent).id;
    expect(await store.state?.(keyOf(id, next))).toBe('handled');
    expect(await store.state?.(keyOf(id, secret))).toBe('handled');
    expect(await store.state?.(id)).toBeUndefined();
  });
});

describe('createWebhookHandler: routing by own keys only', () => {
  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf'])(
    'sends an event of type %s to onEvent',
    async (type) => {
      const { handle, handled, errors } = handler({ on: { 'message.failed': vi.fn() } });
      expect(await outcome(await handle(await delivery({ type })))).toEqual([200, 'handled']);
      expect(handled.map((e) => e.type)).toEqual([type]);
      expect(errors).toEqual([]);
    },
  );

  it('answers unsubscribed (not 500) to such a type when there is no onEvent', async () => {
    const handle = createWebhookHandler({ secret, on: {}, onError: () => undefined });
    for (const type of ['constructor', 'toString', '__proto__'])
      expect(await outcome(await handle(await delivery({ type })))).toEqual([200, 'unsubscribed']);
  });
});

describe('createWebhookHandler: types', () => {
  it('types each `on` handler by its event type, and refuses an unknown key', () => {
    createWebhookHandler({
      secret,
      on: {
        'message.failed': (event) => {
          expectTypeOf(event.type).toEqualTypeOf<'message.failed'>();
          expectTypeOf(event.data.object).toEqualTypeOf<WebhookMessage>();
        },
        'customer.created': async (event) => {
          expectTypeOf(event.data.object).toEqualTypeOf<WebhookCustomer>();
        },
        'refund.succeeded': (event) => {
          expectTypeOf(event.data.object).toEqualTypeOf<Record<string, unknown>>();
        },
      },
      onEvent: (event) => expectTypeOf(event).toEqualTypeOf<WebhookEvent>(),
    });
    expect(() =>
      createWebhookHandler({
        secret,
        // @ts-expect-error a misspelt event type is a compile error (and a ConfigurationError at run time)
        on: { 'message.delivred': () => undefined },
      }),
    ).toThrow(ConfigurationError);
    expectTypeOf(createWebhookHandler).returns.toEqualTypeOf<(request: Request) => Promise<Response>>();
  });
});

describe('createWebhookHandler: configuration', () => {
  it('refuses a dedupe that is not a store', () => {
    expect(() => createWebhookHandler({ secret, dedupe: {} as DedupeStore })).toThrow(
      /claim\(\) and release\(\)/,
    );
  });

  it('logs 5xx causes with console.error when no onError is given', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handle = createWebhookHandler({ secret, onEvent: () => Promise.reject(new Error('boom')) });
    const { body, headers } = await signed({ id: nextId() });
    expect((await handle(new Request('https://r.test/', { method: 'POST', body, headers }))).status).toBe(
      500,
    );
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]?.[0])).toMatch(/answered 5xx/);
    log.mockRestore();
  });
});

describe('createWebhookHandler: logger', () => {
  /** A logger whose lines are collected, every level of it. */
  function spyLogger() {
    const lines: { level: string; message: string; rest: unknown[] }[] = [];
    const at =
      (level: string) =>
      (message: string, ...rest: unknown[]) =>
        void lines.push({ level, message, rest });
    return { lines, logger: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') } };
  }

  it('warns once per refused delivery, with its outcome and what to do, never the secret or signature', async () => {
    // The detour: a receiver with another secret than the sender's answered 400 and logged nothing.
    const { lines, logger } = spyLogger();
    const { handle } = handler({ logger });
    const wrong = await delivery({}, { signWith: 'whsec_someone_else_9Kx' });
    const signature = wrong.headers.get(Webhooks.SIGNATURE_HEADER) ?? '';
    expect(await outcome(await handle(wrong))).toEqual([400, 'signature_mismatch']);
    expect(await outcome(await handle(await delivery({}, { signature: null })))).toEqual([
      400,
      'missing_signature',
    ]);
    expect(await outcome(await handle(new Request('https://r.test/', { method: 'GET' })))).toEqual([
      405,
      'method_not_allowed',
    ]);
    expect(lines.map((l) => [l.level, l.rest])).toEqual([
      ['warn', [{ outcome: 'signature_mismatch', status: 400 }]],
      ['warn', [{ outcome: 'missing_signature', status: 400 }]],
      ['warn', [{ outcome: 'method_not_allowed', status: 405 }]],
    ]);
    expect(lines[0]?.message).toMatch(
      /^gateway-sdk: webhook delivery refused, 400 signature_mismatch: the sender signs with another secret/,
    );
    const all = JSON.stringify(lines);
    for (const hidden of [secret, 'whsec_someone_else_9Kx', signature]) expect(all).not.toContain(hidden);
  });

  it('logs nothing for a handled delivery, nor for a 5xx (onError has those)', async () => {
    const { lines, logger } = spyLogger();
    const { handle, errors } = handler({ logger, on: { 'message.delivered': () => undefined } });
    expect((await handle(await delivery())).status).toBe(200);
    const failing = handler({ logger, onEvent: () => Promise.reject(new Error('boom')) });
    expect((await failing.handle(await delivery())).status).toBe(500);
    expect(lines).toEqual([]);
    expect(errors).toEqual([]);
    expect(failing.errors).toHaveLength(1);
  });

  it('logs through toNodeHandler too', async () => {
    const { lines, logger } = spyLogger();
    const node = toNodeHandler(handler({ logger }).handle);
    const { body, headers } = await signed({}, { signWith: 'whsec_someone_else_9Kx' });
    const server = createServer((req, res) => void node(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const port = (server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body, headers });
      expect([res.status, await res.text()]).toEqual([400, 'signature_mismatch']);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(lines.map((l) => l.rest)).toEqual([[{ outcome: 'signature_mismatch', status: 400 }]]);
  });
});
