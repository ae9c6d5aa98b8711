// Authentic deliveries whose shape drifted from the reference's envelope: once the signature
// verifies, the receiver never answers 4xx for the shape (the service never redelivers a 4xx, so
// the event would be lost). Each case goes through the Fetch handler and the Node adapter alike.
import type { Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  createWebhookHandler,
  memoryStore,
  Webhooks,
  type WebhookEvent,
  type WebhookHandlerOptions,
} from 'gateway-sdk/webhooks';
import { flipLast } from './helpers.js';
import { drifted, event } from './drifted.js';
import { adapters as receivers, keyOf, secret } from './receive.js';

let n = 0;
const now = () => Math.floor(Date.now() / 1000);

/** A logger whose `warn` lines are kept. */
function warnings() {
  const lines: string[] = [];
  return { lines, logger: { warn: (message: string) => void lines.push(message) } };
}

const servers: Server[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Posts a body, signed unless told otherwise, to `handle` through one adapter. */
const adapters = receivers(servers);

describe.each(adapters)('%s: drifted authentic deliveries', (_, through) => {
  function receiver(options: Partial<WebhookHandlerOptions> = {}) {
    const routed: unknown[] = [];
    const fallback: unknown[] = [];
    const errors: unknown[] = [];
    const { lines, logger } = warnings();
    const handle = createWebhookHandler({
      secret,
      on: {
        'message.delivered': (e) => void routed.push(e),
        'balance.low': (e) => void routed.push(e),
      },
      onEvent: (e) => void fallback.push(e),
      onError: (error) => void errors.push(error),
      logger,
      ...options,
    });
    return { handle, routed, fallback, errors, lines };
  }

  it.each(drifted)('routes %s with 200 handled: by type, or to onEvent as sent', async (label, make) => {
    const { handle, routed, fallback, errors } = receiver();
    const post = await through(handle);
    const payload = make();
    expect(await post(JSON.stringify(payload))).toEqual([200, 'handled']);
    const flat = typeof payload.type !== 'string';
    expect(flat ? fallback : routed, label).toEqual([payload]);
    expect(flat ? routed : fallback, label).toEqual([]);
    expect(errors).toEqual([]);
  });

  it.each(drifted)(
    'answers %s, without onEvent, 200 when it has a type and 500 when not',
    async (_label, make) => {
      const { handle, routed, errors } = receiver({ onEvent: undefined });
      const post = await through(handle);
      const payload = make();
      const typed = typeof payload.type === 'string';
      expect(await post(JSON.stringify(payload))).toEqual(
        typed ? [200, 'handled'] : [500, 'unrecognised_payload'],
      );
      expect(routed).toHaveLength(typed ? 1 : 0);
      expect(errors).toHaveLength(typed ? 0 : 1);
    },
  );

  it.each(drifted)('still refuses %s with 400 when it was tampered with', async (_label, make) => {
    const { handle, routed, fallback } = receiver();
    const post = await through(handle);
    const body = JSON.stringify(make());
    const signature = await Webhooks.sign(body, secret);
    expect(await post(body, flipLast(signature))).toEqual([400, 'signature_mismatch']);
    expect(await post(`${body} `, signature)).toEqual([400, 'signature_mismatch']);
    expect([routed, fallback]).toEqual([[], []]);
  });

  it('still refuses a signed body that is not JSON with 400 invalid_payload', async () => {
    const { handle, fallback } = receiver();
    expect(await (await through(handle))('{"type":"message.sent",')).toEqual([400, 'invalid_payload']);
    expect(fallback).toEqual([]);
  });

  it('de-duplicates a delivery without an id by a digest of its body', async () => {
    const store = memoryStore();
    const claim = vi.spyOn(store, 'claim');
    const { handle, fallback } = receiver({ dedupe: store });
    const post = await through(handle);
    const body = JSON.stringify({ message_id: `msg_${++n}`, status: 'delivered', recipient: '447700900123' });
    const other = JSON.stringify({
      message_id: `msg_${++n}`,
      status: 'delivered',
      recipient: '447700900123',
    });
    expect(await post(body)).toEqual([200, 'handled']);
    expect(await post(body)).toEqual([200, 'duplicate']);
    expect(await post(other)).toEqual([200, 'handled']);
    expect(fallback).toEqual([JSON.parse(body), JSON.parse(other)]);
    // Keyed under the receiver's namespace like any id, by 16 bytes of digest in hex.
    const [first, second] = claim.mock.calls.map(([key]) => key);
    expect(first).toMatch(new RegExp(`^${keyOf('body-')}[0-9a-f]{32}$`));
    expect(second).toBe(first);
  });

  it('de-duplicates a numeric id as that id', async () => {
    const { handle, routed } = receiver();
    const post = await through(handle);
    const body = JSON.stringify(event({ id: 4242 }));
    expect(await post(body)).toEqual([200, 'handled']);
    expect(await post(JSON.stringify({ ...JSON.parse(body), created: now() }))).toEqual([200, 'duplicate']);
    expect(routed).toHaveLength(1);
  });

  it('holds a created in seconds, milliseconds, a numeric string or an ISO string to the replay window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    const { handle, routed, lines } = receiver({ maxAgeSeconds: 600 });
    const post = await through(handle);
    const old = now() - 601;
    for (const created of [old, old * 1000, String(old), new Date(old * 1000).toISOString()])
      expect(await post(JSON.stringify(event({ created }))), String(created)).toEqual([400, 'event_too_old']);
    const fresh = now() - 600;
    for (const created of [fresh, fresh * 1000, String(fresh), new Date(fresh * 1000).toISOString()])
      expect(await post(JSON.stringify(event({ created }))), String(created)).toEqual([200, 'handled']);
    expect(routed).toHaveLength(4);
    expect(lines.filter((l) => !l.includes('refused'))).toEqual([]);
  });

  it('skips the age check for a created that is not a time, says so once, and still de-duplicates', async () => {
    const { handle, routed, lines } = receiver();
    const post = await through(handle);
    const body = JSON.stringify(event({ created: 'soon' }));
    expect(await post(body)).toEqual([200, 'handled']);
    expect(await post(body)).toEqual([200, 'duplicate']);
    expect(await post(JSON.stringify(event({ created: undefined })))).toEqual([200, 'handled']);
    expect(routed).toHaveLength(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/webhook created not a time: handled without the maxAgeSeconds check/);
  });

  it('reads a blank created, a numeric one in an array or a boolean as not a time', async () => {
    const { handle, routed, lines } = receiver();
    const post = await through(handle);
    for (const created of ['', '   ', [now()], true])
      expect(await post(JSON.stringify(event({ created }))), JSON.stringify(created)).toEqual([
        200,
        'handled',
      ]);
    expect(routed).toHaveLength(4);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/webhook created not a time: handled without the maxAgeSeconds check/);
  });

  it('reports once, naming its fields and no value, a delivery without a type when there is no onEvent', async () => {
    const { handle, errors } = receiver({ onEvent: undefined });
    const post = await through(handle);
    const flat = () =>
      JSON.stringify({ message_id: `msg_${++n}`, status: 'delivered', recipient: '447700900123' });
    expect(await post(flat())).toEqual([500, 'unrecognised_payload']);
    expect(await post(flat())).toEqual([500, 'unrecognised_payload']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ConfigurationError);
    const message = (errors[0] as Error).message;
    expect(message).toMatch(/without a string type \(fields: message_id, status, recipient\).*pass onEvent/);
    expect(message).not.toContain('447700900123');
  });
});

describe('api_version other than the receiver expects', () => {
  const post = async (handle: ReturnType<typeof createWebhookHandler>, fields: Record<string, unknown>) => {
    const body = JSON.stringify(event(fields));
    const headers = { [Webhooks.SIGNATURE_HEADER]: await Webhooks.sign(body, secret) };
    return (await handle(new Request('https://receiver.test/', { method: 'POST', body, headers }))).status;
  };

  it('is handled, and logged once per handler at warn, naming both versions', async () => {
    const { lines, logger } = warnings();
    const handled: WebhookEvent[] = [];
    const options = { secret, onEvent: (e: WebhookEvent) => void handled.push(e), logger };
    const handle = createWebhookHandler(options);
    expect(await post(handle, { api_version: '2026-06-01' })).toBe(200);
    expect(await post(handle, { api_version: '2026-09-01' })).toBe(200);
    expect(await post(handle, {})).toBe(200);
    expect(handled).toHaveLength(3);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/api_version "2026-06-01" is not serviceVersion "2026-01-01": handled/);
    // Another handler tells it again.
    expect(await post(createWebhookHandler(options), { api_version: '2026-06-01' })).toBe(200);
    expect(lines).toHaveLength(2);
  });

  it('is measured against serviceVersion when given', async () => {
    const { lines, logger } = warnings();
    const handle = createWebhookHandler({
      secret,
      onEvent: () => undefined,
      logger,
      serviceVersion: '2026-06-01',
    });
    expect(await post(handle, { api_version: '2026-06-01' })).toBe(200);
    expect(lines).toEqual([]);
    expect(await post(handle, {})).toBe(200);
    expect(lines[0]).toMatch(/api_version "2026-01-01" is not serviceVersion "2026-06-01"/);
  });

  it('goes to console.warn without a logger', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const handle = createWebhookHandler({ secret, onEvent: () => undefined });
      expect(await post(handle, { api_version: '2027-01-01' })).toBe(200);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses a serviceVersion that is not a non-empty string at creation', () => {
    for (const serviceVersion of ['', 20260101])
      expect(() => createWebhookHandler({ secret, serviceVersion: serviceVersion as string })).toThrow(
        ConfigurationError,
      );
  });
});

describe('event names in `on`', () => {
  const build = (on: Record<string, () => void>, logger = warnings().logger) =>
    createWebhookHandler({ secret, on: on as WebhookHandlerOptions['on'], logger });

  it.each([
    ['message.delivred', 'message.delivered'],
    ['message.deliverd', 'message.delivered'],
    ['Message.Delivered', 'message.delivered'],
    ['message.failde', 'message.failed'],
    ['mesage.sent', 'message.sent'],
    ['payment_intent.cancelled', 'payment_intent.canceled'],
    ['customer_created', 'customer.created'],
  ])('refuses %s with a ConfigurationError: did you mean %s', (name, meant) => {
    let error: unknown;
    try {
      build({ [name]: () => undefined });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ option: 'on' });
    expect((error as Error).message).toContain(`did you mean "${meant}"?`);
  });

  it('keeps names far from every known one, warns once at construction naming them, and routes them', async () => {
    const { lines, logger } = warnings();
    const seen: string[] = [];
    const handle = build(
      {
        'message.delivered': () => undefined,
        'message.read': () => void seen.push('read'),
        'invoice.paid': () => undefined,
      },
      logger,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/does not know: "message\.read", "invoice\.paid"/);
    const body = JSON.stringify(event({ type: 'message.read' }));
    const headers = { [Webhooks.SIGNATURE_HEADER]: await Webhooks.sign(body, secret) };
    const response = await handle(new Request('https://receiver.test/', { method: 'POST', body, headers }));
    expect([response.status, seen]).toEqual([200, ['read']]);
    expect(lines).toHaveLength(1);
  });

  it('says nothing when every name is known', () => {
    const { lines, logger } = warnings();
    build({ 'message.delivered': () => undefined, 'badge.earned': () => undefined }, logger);
    expect(lines).toEqual([]);
  });
});
