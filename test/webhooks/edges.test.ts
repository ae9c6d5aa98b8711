// The receiver at its edges (issues 49 and 50): `created` in any unit, event types without a
// handler, the options refusing their own typos, and nothing the app hands in (a logger, an
// onError, a runtime without Web Crypto) turning an answer into a rejection or a lost event.
// Deliveries go through the Fetch handler and the Node adapter alike.
import type { Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  createWebhookHandler,
  createWebhooks,
  memoryStore,
  Webhooks,
  type WebhookHandlerOptions,
} from 'gateway-sdk/webhooks';
import { event } from './drifted.js';
import { adapters as receivers, secret } from './receive.js';

const servers: Server[] = [];
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const adapters = receivers(servers);

let n = 0;
const body = (fields: Record<string, unknown>) =>
  JSON.stringify(event({ id: `evt_edges_${++n}`, ...fields }));

function receiver(options: Partial<WebhookHandlerOptions> = {}) {
  const lines: string[] = [];
  const handled: unknown[] = [];
  const handle = createWebhookHandler({
    secret,
    onEvent: (e) => void handled.push(e),
    onError: () => undefined,
    logger: { warn: (line: string) => void lines.push(line) },
    ...options,
  });
  return { handle, lines, handled };
}

const NOW = new Date('2026-03-01T12:00:00Z');
const S = NOW.getTime() / 1000;

describe.each(adapters)('%s: created in any unit', (_, through) => {
  const fakeNow = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  };

  it('handles a fresh event whose created is in seconds, ms, µs or ns, or a string of one', async () => {
    fakeNow();
    const { handle, handled, lines } = receiver();
    const post = await through(handle);
    const fresh = [S, S * 1e3, S * 1e6, S * 1e9, String(S * 1e6), String(BigInt(S) * 1_000_000_000n)];
    for (const created of fresh)
      expect(await post(body({ created })), String(created)).toEqual([200, 'handled']);
    expect(handled).toHaveLength(fresh.length);
    expect(lines).toEqual([]);
  });

  it('still refuses a real replay, 8 days old, in every unit', async () => {
    fakeNow();
    const { handle, handled } = receiver();
    const post = await through(handle);
    const old = S - 8 * 86_400;
    for (const created of [old, old * 1e3, old * 1e6, old * 1e9, new Date(old * 1000).toISOString()])
      expect(await post(body({ created })), String(created)).toEqual([400, 'event_too_old']);
    expect(handled).toEqual([]);
  });

  it('reads a date-time without an offset as UTC, whatever the time zone of the receiver', async () => {
    fakeNow();
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      const { handle, handled } = receiver({ maxAgeSeconds: 600 });
      const post = await through(handle);
      for (const created of ['2026-03-01T11:58:00', '2026-03-01T11:58:00.123', '2026-03-01 11:58:00'])
        expect(await post(body({ created })), created).toEqual([200, 'handled']);
      expect(await post(body({ created: '2026-03-01T11:48:00' }))).toEqual([400, 'event_too_old']);
      expect(await post(body({ created: '2026-03-01T03:58:00-08:00' }))).toEqual([200, 'handled']);
      expect(handled).toHaveLength(4);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('handles an event whose created fits no unit, zero or negative, skipping the age check, logged once', async () => {
    fakeNow();
    const { handle, handled, lines } = receiver();
    const post = await through(handle);
    for (const created of [0, -1, -S, 1, 86_400, 5e10, 5e13, 1e25, '0', '1999-01-01T00:00:00Z'])
      expect(await post(body({ created })), String(created)).toEqual([200, 'handled']);
    expect(handled).toHaveLength(10);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/webhook created not a time: handled without the maxAgeSeconds check/);
  });
});

describe.each(adapters)('%s: an event type without a handler', (_, through) => {
  it('is acknowledged 200 unsubscribed, and logged once per type at warn, saying what to do', async () => {
    const { handle, lines } = receiver({ onEvent: undefined, on: { 'message.failed': () => undefined } });
    const post = await through(handle);
    for (const type of ['message.delivered.v2', 'message.delivered.v2', 'message.delivered'])
      expect(await post(body({ type }))).toEqual([200, 'unsubscribed']);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"message.delivered.v2" has no handler');
    expect(lines[0]).toContain('Add it to on, or pass onEvent');
    expect(lines[1]).toContain('"message.delivered" has no handler');
  });

  it("is answered 500 unhandled_event with unhandledEvents: 'retry', and handled once a handler exists", async () => {
    const store = memoryStore();
    const { handle, lines } = receiver({ onEvent: undefined, unhandledEvents: 'retry', dedupe: store });
    const post = await through(handle);
    const delivery = body({ type: 'message.read' });
    expect(await post(delivery)).toEqual([500, 'unhandled_event']);
    expect(await post(delivery)).toEqual([500, 'unhandled_event']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/"message\.read" has no handler: answered 500 unhandled_event \(sent again\)/);
    // Nothing was claimed: the app, updated, handles the redelivery.
    const updated = receiver({ dedupe: store });
    expect(await (await through(updated.handle))(delivery)).toEqual([200, 'handled']);
  });
});

describe('createWebhookHandler refuses what it would otherwise ignore', () => {
  const refusal = (options: Record<string, unknown>) => {
    try {
      createWebhookHandler({ secret, ...options } as WebhookHandlerOptions);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      return (error as Error).message;
    }
    throw new Error(`accepted ${Object.keys(options).join()}`);
  };

  it.each([
    ['maxAge', 'maxAgeSeconds'],
    ['store', 'dedupe'],
    ['dedup', 'dedupe'],
    ['secrets', 'secret'],
    ['onevent', 'onEvent'],
    ['on_error', 'onError'],
    ['maxBody', 'maxBodyBytes'],
  ])('an unknown option %s, naming %s', (name, meant) => {
    expect(refusal({ [name]: 1 })).toContain(`"${name}" is not an option (did you mean ${meant}?)`);
  });

  it('an unknown name far from every option, listing them, quoted short and printable', () => {
    expect(refusal({ zzz: 1 })).toMatch(/"zzz" is not an option \(known: secret, on, onEvent, /);
    const message = refusal({ [`\u001b[31m\r\n${'x'.repeat(1_000_000)}`]: 1 });
    expect(message.length).toBeLessThan(400);
    expect([...message].filter((c) => c < ' ')).toEqual([]);
  });

  it.each([
    [
      'a string handler',
      { on: { 'message.delivered': 'handleIt' } },
      /on\["message\.delivered"\] must be a function \(got string\)/,
    ],
    ['an object handler', { on: { 'message.read': {} } }, /on\["message\.read"\] must be a function/],
    ['onEvent', { onEvent: 'handle' }, /onEvent must be a function/],
    ['onError', { onError: true }, /onError must be a function/],
  ])('%s that is not a function', (_, options, message) => {
    expect(refusal(options)).toMatch(message);
  });

  it.each([0.5, 1, 1023, 1024.5])('maxBodyBytes %s', (value) => {
    expect(refusal({ maxBodyBytes: value })).toMatch(/maxBodyBytes must be a whole number of at least 1024/);
  });

  it('accepts maxBodyBytes 1024 and unhandledEvents acknowledge', () => {
    expect(() =>
      createWebhookHandler({ secret, maxBodyBytes: 1024, unhandledEvents: 'acknowledge' }),
    ).not.toThrow();
    expect(refusal({ unhandledEvents: 'retr' })).toMatch(/unhandledEvents must be 'acknowledge' or 'retry'/);
  });

  it("crypto: 'web' where there is no Web Crypto, at construction", () => {
    vi.stubGlobal('crypto', undefined);
    expect(refusal({ crypto: 'web' })).toMatch(/crypto\.subtle/);
    expect(() => createWebhooks({ crypto: 'web' })).toThrow(ConfigurationError);
    vi.stubGlobal('crypto', {});
    expect(refusal({ crypto: 'web' })).toMatch(/use 'auto'/);
  });
});

describe.each(adapters)('%s: what the app hands in never changes an answer', (_, through) => {
  it('an onError that throws: the delivery is answered 500, its claim released, the redelivery handled', async () => {
    let fail = true;
    const handled: unknown[] = [];
    const handle = createWebhookHandler({
      secret,
      onEvent: (e) => {
        if (fail) throw new Error('handler down');
        handled.push(e);
      },
      onError: () => {
        throw new Error('onError down too');
      },
    });
    const post = await through(handle);
    const delivery = body({});
    expect(await post(delivery)).toEqual([500, 'handler_failed']);
    fail = false;
    expect(await post(delivery)).toEqual([200, 'handled']);
    expect(handled).toHaveLength(1);
  });

  it('an onError that throws on an invalid secret: still 500', async () => {
    const handle = createWebhookHandler({
      secret: ' padded ',
      onError: () => {
        throw new Error('onError down');
      },
    });
    expect(await (await through(handle))(body({}))).toEqual([500, 'invalid_secret']);
  });

  it('a logger that throws: refusals, notes and unknown types answer as without it', async () => {
    const warn = vi.fn(() => {
      throw new Error('log sink down');
    });
    const handle = createWebhookHandler({
      secret,
      on: { 'message.read': () => undefined } as WebhookHandlerOptions['on'],
      logger: { warn },
    });
    const post = await through(handle);
    expect(await post(body({ type: 'message.read', api_version: '2020-01-01', created: 'soon' }))).toEqual([
      200,
      'handled',
    ]);
    expect(await post(body({ type: 'message.sent' }))).toEqual([200, 'unsubscribed']);
    const refused = await handle(
      new Request('https://receiver.test/', {
        method: 'POST',
        body: body({}),
        headers: { [Webhooks.SIGNATURE_HEADER]: '0'.repeat(64) },
      }),
    );
    expect(refused.status).toBe(400);
    expect(warn).toHaveBeenCalled();
  });
});
