// Webhook deliveries made by the mock on status changes, on its own clock.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Webhooks } from 'gateway-sdk/webhooks';
import {
  createMockService,
  EVENT_LIFETIME_MS,
  forwardTo,
  RETRY_DELAYS_MS,
  SEEDED_WEBHOOK_SECRET,
  type DeliverFunction,
} from 'gateway-sdk/testing';
import { manualClock } from './helpers.js';

const MINUTE = 60_000;

/** A receiver that records what it got and answers from a script of statuses (the last repeats). */
function receiver(...statuses: (number | 'network')[]) {
  const got: { url: string; body: string; signature: string | null; at: number }[] = [];
  let clock = () => 0;
  const deliver: DeliverFunction = async (request) => {
    got.push({
      url: request.url,
      body: await request.text(),
      signature: request.headers.get('x-service-signature'),
      at: clock(),
    });
    const status = statuses[Math.min(got.length - 1, statuses.length - 1)] ?? 200;
    if (status === 'network') throw new TypeError('fetch failed');
    return new Response(null, { status });
  };
  return { got, deliver, useClock: (now: () => Date) => void (clock = () => now().getTime()) };
}

function setup(statuses: (number | 'network')[], options: { autoAdvance?: boolean } = {}) {
  const clock = manualClock('2026-01-01T09:00:00.000Z');
  const rx = receiver(...statuses);
  rx.useClock(clock.now);
  const mock = createMockService({ now: clock.now, deliver: rx.deliver, ...options });
  const send = async (body: Record<string, unknown> = {}) => {
    const answer = await mock.fetch(`${mock.clientOptions.baseURL}/sms/messages`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_live_mock',
        'service-version': '2026-01-01',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ to: '447700900123', message: 'Hello', ...body }),
    });
    return ((await answer.json()) as { id: string }).id;
  };
  return { clock, rx, mock, send };
}

describe('webhook deliveries', () => {
  it('signs each status change with the webhook secret so Webhooks.verify accepts it', async () => {
    const { mock, rx, send } = setup([200]);
    const id = await send();
    mock.advance(id, 'sent');
    mock.advance(id, 'delivered');
    const attempted = await mock.runDeliveries();
    // wh_123 subscribes to sent, delivered and failed: no delivery for queued.
    expect(attempted.map((d) => d.event.type)).toEqual(['message.sent', 'message.delivered']);
    expect(rx.got.map((g) => g.url)).toEqual([
      'https://example.com/webhooks/sms',
      'https://example.com/webhooks/sms',
    ]);
    for (const g of rx.got) {
      expect(await Webhooks.verify(g.body, g.signature, SEEDED_WEBHOOK_SECRET)).toBe(true);
      const event = await Webhooks.constructEvent(g.body, g.signature, SEEDED_WEBHOOK_SECRET);
      expect(event).toMatchObject({
        id: expect.stringMatching(/^evt_/),
        created: Date.parse('2026-01-01T09:00:00.000Z') / 1000,
        api_version: '2026-01-01',
        data: { object: { id } },
      });
    }
    const delivered = JSON.parse(rx.got[1]?.body ?? '{}');
    expect(delivered.data.object).toMatchObject({
      status: 'delivered',
      sent_at: '2026-01-01T09:00:00.000Z',
      delivered_at: '2026-01-01T09:00:00.000Z',
      error_code: null,
    });
    expect(mock.deliveries.map((d) => d.state)).toEqual(['succeeded', 'succeeded']);
    expect(mock.store.smsWebhooks.get('wh_123')).toMatchObject({
      last_triggered_at: '2026-01-01T09:00:00.000Z',
      failure_count: 0,
    });
  });

  it('sets error_code on failed, and fields override the defaults', async () => {
    const { mock, send } = setup([200]);
    const a = await send();
    const b = await send();
    expect(mock.advance(a, 'failed')).toMatchObject({ status: 'failed', error_code: 'number_unreachable' });
    expect(mock.advance(b, 'failed', { error_code: 'carrier_rejected' }).error_code).toBe('carrier_rejected');
    await mock.runDeliveries();
    expect(
      mock.deliveries.map((d) => [d.event.type, (d.event.data.object as { error_code: string }).error_code]),
    ).toEqual([
      ['message.failed', 'number_unreachable'],
      ['message.failed', 'carrier_rejected'],
    ]);
  });

  it('retries 5xx at 1, 2, 4, 8 and 16 minutes, then once more after 24 h, then gives up', async () => {
    const { mock, rx, clock, send } = setup([503]);
    const t0 = clock.now().getTime();
    mock.advance(await send(), 'sent');
    // Run often: attempts happen only when due.
    for (let minute = 0; minute <= 24 * 60 + 60; minute++) {
      await mock.runDeliveries();
      clock.advance(MINUTE);
    }
    const offsets = rx.got.map((g) => (g.at - t0) / MINUTE);
    expect(offsets).toEqual([0, 1, 3, 7, 15, 31, 31 + 24 * 60]);
    expect(RETRY_DELAYS_MS).toEqual([1, 2, 4, 8, 16, 24 * 60].map((m) => m * MINUTE));
    const [delivery] = mock.deliveries;
    expect(delivery?.state).toBe('failed');
    expect(delivery?.nextAttemptAt).toBeNull();
    expect(delivery?.attempts.map((a) => a.status)).toEqual([503, 503, 503, 503, 503, 503, 503]);
    expect(mock.store.smsWebhooks.get('wh_123')).toMatchObject({ failure_count: 7, last_triggered_at: null });
  });

  it('retries network errors, and a later 2xx succeeds and resets failure_count', async () => {
    const { mock, rx, clock, send } = setup(['network', 500, 200]);
    mock.advance(await send(), 'sent');
    await mock.runDeliveries();
    expect(mock.store.smsWebhooks.get('wh_123')?.failure_count).toBe(1);
    expect(mock.deliveries[0]?.attempts[0]).toMatchObject({ status: null, error: 'fetch failed' });
    clock.advance(MINUTE - 1);
    await mock.runDeliveries();
    expect(rx.got).toHaveLength(1);
    clock.advance(1);
    await mock.runDeliveries();
    expect(mock.store.smsWebhooks.get('wh_123')?.failure_count).toBe(2);
    clock.advance(2 * MINUTE);
    await mock.runDeliveries();
    expect(rx.got).toHaveLength(3);
    expect(mock.deliveries[0]?.state).toBe('succeeded');
    expect(mock.store.smsWebhooks.get('wh_123')).toMatchObject({
      failure_count: 0,
      last_triggered_at: '2026-01-01T09:03:00.000Z',
    });
  });

  it('does not retry a 4xx, and counts a 3xx as success', async () => {
    const gone = setup([410]);
    gone.mock.advance(await gone.send(), 'sent');
    await gone.mock.runDeliveries();
    gone.clock.advance(48 * 60 * MINUTE);
    await gone.mock.runDeliveries();
    expect(gone.rx.got).toHaveLength(1);
    expect(gone.mock.deliveries[0]).toMatchObject({ state: 'failed', nextAttemptAt: null });
    expect(gone.mock.store.smsWebhooks.get('wh_123')?.failure_count).toBe(1);

    const moved = setup([302]);
    moved.mock.advance(await moved.send(), 'sent');
    await moved.mock.runDeliveries();
    expect(moved.mock.deliveries[0]?.state).toBe('succeeded');
  });

  it('expires an event not delivered within 7 days', async () => {
    const { mock, rx, clock, send } = setup([200]);
    mock.advance(await send(), 'sent');
    clock.advance(EVENT_LIFETIME_MS);
    await mock.runDeliveries();
    expect(rx.got).toHaveLength(0);
    expect(mock.deliveries[0]).toMatchObject({ state: 'expired', nextAttemptAt: null, attempts: [] });
  });

  it('sends to the callback_url instead of the webhooks, signed with callbackSecret', async () => {
    const { mock, rx, send } = setup([200]);
    const id = await send({ callback_url: 'https://app.example.com/cb?m=1' });
    mock.advance(id, 'delivered');
    await mock.runDeliveries();
    // Every event of the message, queued included, and none to wh_123.
    expect(rx.got.map((g) => [g.url, JSON.parse(g.body).type])).toEqual([
      ['https://app.example.com/cb?m=1', 'message.queued'],
      ['https://app.example.com/cb?m=1', 'message.delivered'],
    ]);
    for (const g of rx.got)
      expect(await Webhooks.verify(g.body, g.signature, SEEDED_WEBHOOK_SECRET)).toBe(true);
    expect(mock.deliveries.every((d) => d.webhookId === null)).toBe(true);
  });

  it('goes to each enabled webhook subscribed to the event, with its own secret', async () => {
    const { mock, rx, send } = setup([200]);
    const base = mock.store.smsWebhooks.get('wh_123');
    if (base === undefined) throw new Error('seed missing');
    mock.store.smsWebhooks.set('wh_a', {
      ...base,
      id: 'wh_a',
      url: 'https://a.example/h',
      events: ['message.delivered'],
      secret: 'whsec_a',
    });
    mock.store.smsWebhooks.set('wh_off', {
      ...base,
      id: 'wh_off',
      url: 'https://off.example/h',
      enabled: false,
    });
    mock.advance(await send(), 'delivered');
    await mock.runDeliveries();
    expect(rx.got.map((g) => g.url).sort()).toEqual([
      'https://a.example/h',
      'https://example.com/webhooks/sms',
    ]);
    const toA = rx.got.find((g) => g.url.startsWith('https://a.'));
    expect(await Webhooks.verify(toA?.body ?? '', toA?.signature, 'whsec_a')).toBe(true);
  });

  it('delivers the steps autoAdvance makes, stamped when they happened', async () => {
    const { mock, clock, send } = setup([200], { autoAdvance: true });
    await send({ route: 'otp' });
    clock.advance(10_000);
    await mock.runDeliveries();
    expect(mock.deliveries.map((d) => [d.event.type, d.event.created])).toEqual([
      ['message.sent', Date.parse('2026-01-01T09:00:01Z') / 1000],
      ['message.delivered', Date.parse('2026-01-01T09:00:03Z') / 1000],
    ]);
  });

  it('store.reset() forgets the deliveries', async () => {
    const { mock, send } = setup([200]);
    mock.advance(await send(), 'sent');
    expect(mock.deliveries).toHaveLength(1);
    mock.store.reset();
    expect(mock.deliveries).toHaveLength(0);
  });

  it('forwardTo points an https:// webhook at a local http://127.0.0.1 receiver', async () => {
    const got: { path: string; body: string; signature: string | undefined }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        got.push({ path: req.url ?? '', body, signature: req.headers['x-service-signature'] as string });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const mock = createMockService({ deliver: forwardTo(`http://127.0.0.1:${port}`) });
      const id = mock.store.createMessage({ to: '447700900123', body: 'Hi' }).id;
      mock.advance(id, 'delivered');
      await mock.runDeliveries();
      expect(got).toHaveLength(1);
      expect(got[0]?.path).toBe('/webhooks/sms');
      expect(await Webhooks.verify(got[0]?.body ?? '', got[0]?.signature, SEEDED_WEBHOOK_SECRET)).toBe(true);
      expect(mock.deliveries[0]?.state).toBe('succeeded');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
