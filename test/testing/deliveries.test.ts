import { describe, expect, it } from 'vitest';
import { Webhooks } from 'gateway-sdk/webhooks';
import {
  createMockService,
  makeEvent,
  MOCK_API_VERSION,
  SEEDED_WEBHOOK_SECRET,
  signedDelivery,
} from 'gateway-sdk/testing';

const secret = 'whsec_test_secret';
const message = {
  id: 'msg_00000001',
  to: '447700900123',
  from: 'GATEWAY',
  body: 'Hi',
  status: 'delivered',
  created_at: '2026-01-01T09:00:00.000Z',
};

describe('makeEvent', () => {
  it('wraps the object in the reference envelope, filling id, created and api_version', () => {
    const before = Math.floor(Date.now() / 1000);
    const event = makeEvent('message.delivered', message);
    const after = Math.floor(Date.now() / 1000);
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
      type: 'message.delivered',
      created: expect.any(Number),
      data: { object: message },
      api_version: '2026-01-01',
    });
    expect(MOCK_API_VERSION).toBe('2026-01-01');
    expect(Number.isInteger(event.created)).toBe(true);
    // Now, in whole seconds: bracketed by the clock read before and after, however slow the machine.
    expect(event.created).toBeGreaterThanOrEqual(before);
    expect(event.created).toBeLessThanOrEqual(after);
  });

  it('takes id, created (seconds or a Date) and api_version', () => {
    expect(
      makeEvent(
        'customer.created',
        { id: 'cus_1' },
        { id: 'evt_1', created: new Date('2026-01-01T00:00:00Z'), api_version: '2025-01-01' },
      ),
    ).toMatchObject({
      id: 'evt_1',
      created: 1767225600,
      api_version: '2025-01-01',
    });
    expect(makeEvent('badge.earned', {}, { created: 42 }).created).toBe(42);
  });

  it('gives each event its own id', () => {
    expect(makeEvent('message.sent', message).id).not.toBe(makeEvent('message.sent', message).id);
  });
});

describe('signedDelivery', () => {
  it('signs the serialized event so Webhooks.verify accepts it', async () => {
    const delivery = await signedDelivery(makeEvent('message.delivered', message), secret);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['x-service-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(await Webhooks.verify(delivery.body, delivery.headers[Webhooks.SIGNATURE_HEADER], secret)).toBe(
      true,
    );
  });

  it('is refused with another secret or a changed body', async () => {
    const delivery = await signedDelivery(makeEvent('message.delivered', message), secret);
    expect(await Webhooks.verify(delivery.body, delivery.headers['x-service-signature'], 'whsec_other')).toBe(
      false,
    );
    expect(
      await Webhooks.verify(
        delivery.body.replace('Hi', 'Ho'),
        delivery.headers['x-service-signature'],
        secret,
      ),
    ).toBe(false);
  });

  it('parses back to the same event with Webhooks.constructEvent', async () => {
    const event = makeEvent('message.failed', {
      ...message,
      status: 'failed',
      error_code: 'number_unreachable',
    });
    const delivery = await signedDelivery(event, secret);
    expect(
      await Webhooks.constructEvent(delivery.body, delivery.headers['x-service-signature'], secret),
    ).toEqual(event);
  });

  it('signs a string body exactly as given', async () => {
    const raw =
      '{ "id": "evt_1", "type": "balance.low", "created": 1, "data": { "object": {} }, "api_version": "2026-01-01" }';
    const delivery = await signedDelivery(raw, secret);
    expect(delivery.body).toBe(raw);
    expect(await Webhooks.verify(raw, delivery.headers['x-service-signature'], secret)).toBe(true);
  });

  it('fits a fetch Request for receivers written against the web platform', async () => {
    const mock = createMockService();
    const [stored] = mock.store.seedMessages(1, { status: 'delivered' });
    const delivery = await signedDelivery(
      makeEvent('message.delivered', stored ?? {}),
      SEEDED_WEBHOOK_SECRET,
    );
    const request = new Request('https://receiver.test/webhooks/sms', { method: 'POST', ...delivery });
    const event = await Webhooks.constructEvent(
      await request.text(),
      request.headers.get(Webhooks.SIGNATURE_HEADER),
      SEEDED_WEBHOOK_SECRET,
    );
    expect(event.type).toBe('message.delivered');
    expect(event.data.object).toMatchObject({ id: stored?.id, status: 'delivered' });
  });
});
