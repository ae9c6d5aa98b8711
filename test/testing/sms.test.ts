import { describe, expect, it } from 'vitest';
import { PRICE_PER_SEGMENT, SEEDED_WEBHOOK_SECRET } from 'gateway-sdk/testing';
import { get, manualClock, post, useMockService } from './helpers.js';

const clock = manualClock('2026-01-01T09:00:00.000Z');
const mock = useMockService({ clock });

describe('POST /sms/messages', () => {
  it('answers 200 with a queued Message carrying every field of the reference', async () => {
    const res = await post(mock, '/sms/messages', {
      to: '447700900123',
      message: 'Hello',
      reference_id: 'order-1',
      callback_url: 'https://example.com/cb',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: 'msg_00000001',
      to: '447700900123',
      from: 'GATEWAY',
      body: 'Hello',
      status: 'queued',
      created_at: '2026-01-01T09:00:00.000Z',
      route: 'transactional',
      segments: 1,
      cost: 0.05,
      scheduled_at: null,
      sent_at: null,
      delivered_at: null,
      error_code: null,
    });
  });

  it('keeps the given sender and route, and uses store.defaultSender otherwise', async () => {
    const given = await post(mock, '/sms/messages', {
      to: '447700900123',
      message: 'x',
      from: 'ACME',
      route: 'otp',
    });
    mock.store.defaultSender = 'SHOP';
    const defaulted = await post(mock, '/sms/messages', { to: '447700900123', message: 'x' });
    expect([given.body.from, given.body.route]).toEqual(['ACME', 'otp']);
    expect(defaulted.body.from).toBe('SHOP');
  });

  it('returns scheduled_at from schedule_at, as UTC ISO 8601', async () => {
    const res = await post(mock, '/sms/messages', {
      to: '447700900123',
      message: 'x',
      schedule_at: '2026-01-02T10:00:00+01:00',
    });
    expect(res.body).toMatchObject({
      status: 'queued',
      scheduled_at: '2026-01-02T09:00:00.000Z',
      sent_at: null,
    });
  });

  it.each([
    [1, 1],
    [160, 1],
    [161, 2],
    [320, 2],
    [321, 3],
    [1000, 7],
  ])('counts %i characters as %i segments, priced per segment', async (length, segments) => {
    const res = await post(mock, '/sms/messages', { to: '447700900123', message: 'a'.repeat(length) });
    expect(res.body.segments).toBe(segments);
    expect(res.body.cost).toBe(Math.round(segments * PRICE_PER_SEGMENT * 10_000) / 10_000);
  });

  it('counts code points, so 160 emoji are one segment', async () => {
    const res = await post(mock, '/sms/messages', { to: '447700900123', message: '😀'.repeat(160) });
    expect(res.body.segments).toBe(1);
  });

  it('gives ids that sort in creation order', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await post(mock, '/sms/messages', { to: '447700900123', message: `m${i}` })).body.id);
    expect([...ids].sort()).toEqual(ids);
  });

  it('makes the message retrievable and listable', async () => {
    const sent = await post(mock, '/sms/messages', { to: '447700900123', message: 'Hello' });
    const retrieved = await get(mock, `/sms/messages/${sent.body.id}`);
    const listed = await get(mock, '/sms/messages');
    expect(retrieved.body).toEqual(sent.body);
    expect(listed.body.data).toEqual([sent.body]);
  });
});

describe('GET /sms/messages/{message_id}', () => {
  it('answers 404 message_not_found for an unknown id', async () => {
    const res = await get(mock, '/sms/messages/msg_404');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({
      type: 'not_found',
      code: 'message_not_found',
      param: 'message_id',
    });
  });

  it('decodes the path parameter', async () => {
    const res = await get(mock, `/sms/messages/${encodeURIComponent('a/b c')}`);
    expect(res.body.error.message).toContain('"a/b c"');
  });

  it('does not move a message on without autoAdvance', async () => {
    const sent = await post(mock, '/sms/messages', { to: '447700900123', message: 'Hello' });
    await get(mock, `/sms/messages/${sent.body.id}`);
    expect((await get(mock, `/sms/messages/${sent.body.id}`)).body.status).toBe('queued');
  });

  it('shows what store.setMessageStatus set, with matching timestamps', async () => {
    const sent = await post(mock, '/sms/messages', { to: '447700900123', message: 'Hello' });
    clock.advance(5000);
    mock.store.setMessageStatus(sent.body.id, 'delivered');
    const res = await get(mock, `/sms/messages/${sent.body.id}`);
    expect(res.body).toMatchObject({
      status: 'delivered',
      sent_at: '2026-01-01T09:00:05.000Z',
      delivered_at: '2026-01-01T09:00:05.000Z',
      error_code: null,
    });
    mock.store.setMessageStatus(sent.body.id, 'failed');
    expect((await get(mock, `/sms/messages/${sent.body.id}`)).body).toMatchObject({
      status: 'failed',
      delivered_at: null,
      error_code: 'number_unreachable',
    });
  });
});

describe('POST /sms/bulk', () => {
  it('answers 200 with a processing Bulk job and queues one message per recipient', async () => {
    const recipients = ['447700900123', '447700900456', '447700900789'];
    const res = await post(mock, '/sms/bulk', { recipients, message: 'a'.repeat(200) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: 'bulk_00000001',
      status: 'processing',
      total: 3,
      queued: 3,
      sent: 0,
      delivered: 0,
      failed: 0,
      estimated_cost: 0.3,
      created_at: '2026-01-01T09:00:00.000Z',
      completed_at: null,
    });
    const listed = await get(mock, '/sms/messages?limit=100');
    expect(listed.body.data.map((m: { to: string }) => m.to).sort()).toEqual(recipients);
    expect(
      listed.body.data.every(
        (m: { route: string; segments: number }) => m.route === 'promotional' && m.segments === 2,
      ),
    ).toBe(true);
  });

  it('schedules every message of a scheduled job', async () => {
    await post(mock, '/sms/bulk', {
      recipients: ['447700900123'],
      message: 'x',
      route: 'transactional',
      schedule_at: '2026-01-03T09:00:00Z',
    });
    const [message] = mock.store.messages.values();
    expect(message).toMatchObject({ route: 'transactional', scheduled_at: '2026-01-03T09:00:00.000Z' });
  });
});

describe('POST /sms/templates/{template_id}/send', () => {
  it('substitutes the variables into the seeded template', async () => {
    const res = await post(mock, '/sms/templates/tpl_welcome/send', {
      to: '447700900123',
      variables: { name: 'Ada', company: 'Acme', unused: 'x' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      body: 'Hello Ada, welcome to Acme!',
      status: 'queued',
      route: 'transactional',
      from: 'GATEWAY',
    });
  });

  it('writes numbers and booleans as text', async () => {
    const res = await post(mock, '/sms/templates/tpl_otp/send', {
      to: '447700900123',
      variables: { code: 123456 },
      route: 'otp',
      from: 'ACME',
    });
    expect(res.body).toMatchObject({ body: 'Your code is 123456', route: 'otp', from: 'ACME' });
  });

  it('uses templates added to the store, with blanks inside the braces', async () => {
    mock.store.addTemplate('tpl_reminder', 'Hi {{ name }}, see you at {{time}}');
    const res = await post(mock, '/sms/templates/tpl_reminder/send', {
      to: '447700900123',
      variables: { name: 'Sam', time: '10:00' },
    });
    expect(res.body.body).toBe('Hi Sam, see you at 10:00');
  });

  it('answers 404 template_not_found for an unknown template', async () => {
    const res = await post(mock, '/sms/templates/tpl_nope/send', { to: '447700900123', variables: {} });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({
      type: 'not_found',
      code: 'template_not_found',
      param: 'template_id',
    });
  });
});

describe('SMS webhooks', () => {
  it('registers a webhook with a fresh secret, the defaults, and returns it on retrieve', async () => {
    const res = await post(mock, '/sms/webhooks', {
      url: 'https://example.com/hooks',
      events: ['message.delivered', 'message.failed'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: 'wh_00000001',
      url: 'https://example.com/hooks',
      events: ['message.delivered', 'message.failed'],
      enabled: true,
      secret: expect.stringMatching(/^whsec_[0-9a-f]{48}$/),
      retry_config: { max_attempts: 7, backoff_seconds: 60 },
      last_triggered_at: null,
      failure_count: 0,
      created_at: '2026-01-01T09:00:00.000Z',
    });
    expect((await get(mock, `/sms/webhooks/${res.body.id}`)).body).toEqual(res.body);
  });

  it('keeps enabled and a partial retry_config as given', async () => {
    const res = await post(mock, '/sms/webhooks', {
      url: 'https://example.com/h',
      events: ['message.sent'],
      enabled: false,
      retry_config: { max_attempts: 3 },
    });
    expect(res.body).toMatchObject({
      enabled: false,
      retry_config: { max_attempts: 3, backoff_seconds: 60 },
    });
  });

  it('gives every webhook its own secret', async () => {
    const body = { url: 'https://example.com/h', events: ['message.sent'] };
    const a = await post(mock, '/sms/webhooks', body);
    const b = await post(mock, '/sms/webhooks', body);
    expect(a.body.secret).not.toBe(b.body.secret);
  });

  it('starts with wh_123, whose secret is SEEDED_WEBHOOK_SECRET', async () => {
    const res = await get(mock, '/sms/webhooks/wh_123');
    expect(res.body).toMatchObject({ id: 'wh_123', secret: SEEDED_WEBHOOK_SECRET, enabled: true });
  });

  it('answers 404 webhook_not_found for an unknown id', async () => {
    const res = await get(mock, '/sms/webhooks/wh_nope');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'webhook_not_found', param: 'webhook_id' });
  });
});

describe('store.reset()', () => {
  it('returns to the seeded state and restarts ids and request ids', async () => {
    await post(mock, '/sms/messages', { to: '447700900123', message: 'x' });
    mock.store.addTemplate('tpl_x', 'x');
    mock.store.reset();
    expect(mock.store.messages.size).toBe(0);
    expect(mock.store.templates.has('tpl_x')).toBe(false);
    expect([...mock.store.templates.keys()]).toEqual(['tpl_welcome', 'tpl_otp']);
    const res = await post(mock, '/sms/messages', { to: '447700900123', message: 'x' });
    expect(res.body.id).toBe('msg_00000001');
    expect(res.headers.get('x-request-id')).toBe('req_1');
  });
});
