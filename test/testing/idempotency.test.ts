import { describe, expect, it } from 'vitest';
import { manualClock, post, useMockService } from './helpers.js';

const clock = manualClock();
const mock = useMockService({ clock });
const body = { to: '447700900123', message: 'Your code is 123456', route: 'otp' };
const DAY = 86_400_000;

describe('the same key with the same body', () => {
  it('replays the first answer with idempotent-replayed: true and stores nothing new', async () => {
    const first = await post(mock, '/sms/messages', body, { idempotencyKey: 'order-1' });
    const second = await post(mock, '/sms/messages', body, { idempotencyKey: 'order-1' });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(mock.store.messages.size).toBe(1);
  });

  it('gives the replay its own request id', async () => {
    const first = await post(mock, '/sms/messages', body, { idempotencyKey: 'order-1' });
    const second = await post(mock, '/sms/messages', body, { idempotencyKey: 'order-1' });
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('compares bodies as canonical JSON: key order and spacing do not matter', async () => {
    const first = await post(mock, '/sms/messages', body, { idempotencyKey: 'k' });
    const reordered = `{ "route": "otp",  "message": "Your code is 123456", "to": "447700900123" }`;
    const second = await post(mock, '/sms/messages', undefined, { idempotencyKey: 'k', raw: reordered });
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.id).toBe(first.body.id);
  });

  it('replays the first answer even after the message moved on', async () => {
    const first = await post(mock, '/sms/messages', body, { idempotencyKey: 'k' });
    mock.store.setMessageStatus(first.body.id, 'delivered');
    const second = await post(mock, '/sms/messages', body, { idempotencyKey: 'k' });
    expect(second.body.status).toBe('queued');
    expect(second.body).toEqual(first.body);
  });

  it('replays a bulk job without queueing its messages again', async () => {
    const bulk = { recipients: ['447700900123', '447700900456'], message: 'Sale' };
    const first = await post(mock, '/sms/bulk', bulk, { idempotencyKey: 'bulk-1' });
    const second = await post(mock, '/sms/bulk', bulk, { idempotencyKey: 'bulk-1' });
    expect(second.body).toEqual(first.body);
    expect(mock.store.messages.size).toBe(2);
    expect(mock.store.bulkJobs.size).toBe(1);
  });

  it('replays a webhook registration with the same secret', async () => {
    const hook = { url: 'https://example.com/hooks', events: ['message.sent'] };
    const first = await post(mock, '/sms/webhooks', hook, { idempotencyKey: 'wh' });
    const second = await post(mock, '/sms/webhooks', hook, { idempotencyKey: 'wh' });
    expect(second.body.secret).toBe(first.body.secret);
    expect(mock.store.smsWebhooks.size).toBe(2); // the seeded wh_123 and this one
  });
});

describe('the same key with another request', () => {
  it('answers 409 idempotency_key_reused for another body, storing nothing', async () => {
    await post(mock, '/sms/messages', body, { idempotencyKey: 'order-1' });
    const res = await post(
      mock,
      '/sms/messages',
      { ...body, message: 'Your code is 654321' },
      { idempotencyKey: 'order-1' },
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      type: 'idempotency_error',
      code: 'idempotency_key_reused',
      param: 'Idempotency-Key',
    });
    expect(mock.store.messages.size).toBe(1);
  });

  it('answers 409 for the same body on another endpoint', async () => {
    await post(
      mock,
      '/sms/templates/tpl_otp/send',
      { to: '447700900123', variables: { code: 1 } },
      { idempotencyKey: 'k' },
    );
    const res = await post(
      mock,
      '/sms/templates/tpl_welcome/send',
      { to: '447700900123', variables: { code: 1 } },
      { idempotencyKey: 'k' },
    );
    expect(res.status).toBe(409);
  });
});

describe('scope and window', () => {
  it("keys are per credential: one area's key does not collide with another's", async () => {
    const sms = await post(mock, '/sms/messages', body, { idempotencyKey: 'shared' });
    const payment = await post(
      mock,
      '/payment/customers/cus_123/payment_methods',
      { payment_method: 'pm_1' },
      { idempotencyKey: 'shared' },
    );
    expect([sms.status, payment.status]).toEqual([200, 200]);
    expect(payment.headers.get('idempotent-replayed')).toBeNull();
  });

  it('protects for 24 hours of the mock clock, then the key is fresh again', async () => {
    const first = await post(mock, '/sms/messages', body, { idempotencyKey: 'k' });
    clock.advance(DAY - 1);
    const within = await post(mock, '/sms/messages', body, { idempotencyKey: 'k' });
    clock.advance(1);
    const after = await post(mock, '/sms/messages', body, { idempotencyKey: 'k' });
    expect(within.body.id).toBe(first.body.id);
    expect(after.headers.get('idempotent-replayed')).toBeNull();
    expect(after.body.id).not.toBe(first.body.id);
    expect(mock.store.messages.size).toBe(2);
  });

  it('accepts a POST without a key, without de-duplicating it', async () => {
    const a = await post(mock, '/sms/messages', body);
    const b = await post(mock, '/sms/messages', body);
    expect(a.body.id).not.toBe(b.body.id);
    expect(mock.store.messages.size).toBe(2);
  });

  it('does not remember refusals: a fixed body can be retried with the same key', async () => {
    const refused = await post(
      mock,
      '/sms/messages',
      { ...body, to: '+447700900123' },
      { idempotencyKey: 'k' },
    );
    const fixed = await post(mock, '/sms/messages', body, { idempotencyKey: 'k' });
    expect(refused.status).toBe(400);
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('forgets every key on store.reset()', async () => {
    await post(mock, '/sms/messages', body, { idempotencyKey: 'k' });
    mock.store.reset();
    const again = await post(mock, '/sms/messages', { ...body, message: 'other' }, { idempotencyKey: 'k' });
    expect(again.status).toBe(200);
  });
});
