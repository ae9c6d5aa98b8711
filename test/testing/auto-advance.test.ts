import { describe, expect, it } from 'vitest';
import { EXPIRE_AFTER_MS, ROUTE_TIMELINE_MS } from 'gateway-sdk/testing';
import { get, manualClock, post, useMockService } from './helpers.js';

const clock = manualClock('2026-01-01T09:00:00.000Z');
const mock = useMockService({ clock, autoAdvance: true });

const send = async (to: string, extra: Record<string, unknown> = {}) =>
  (await post(mock, '/sms/messages', { to, message: 'Hi', ...extra })).body.id as string;
const retrieve = async (id: string) => (await get(mock, `/sms/messages/${id}`)).body;

describe('autoAdvance: messages move on the mock clock', () => {
  it('sends a transactional message after 5 s and delivers it within the 30 s target', async () => {
    const id = await send('447700900123');
    clock.advance(4_999);
    expect((await retrieve(id)).status).toBe('queued');
    clock.advance(1);
    expect(await retrieve(id)).toMatchObject({ status: 'sent', sent_at: '2026-01-01T09:00:05.000Z' });
    // Retrieving again without moving the clock changes nothing.
    expect((await retrieve(id)).status).toBe('sent');
    clock.advance(60_000);
    expect(await retrieve(id)).toMatchObject({
      status: 'delivered',
      sent_at: '2026-01-01T09:00:05.000Z',
      // Stamped when it happened (20 s after creation), not when the mock noticed.
      delivered_at: '2026-01-01T09:00:20.000Z',
      error_code: null,
    });
  });

  it('keeps each route inside its delivery-time target', async () => {
    const targets = { otp: 5_000, transactional: 30_000, promotional: 120_000 } as const;
    for (const route of ['otp', 'transactional', 'promotional'] as const) {
      expect(ROUTE_TIMELINE_MS[route].final).toBeLessThan(targets[route]);
      const id = await send('447700900123', { route });
      clock.advance(ROUTE_TIMELINE_MS[route].final - 1);
      expect((await retrieve(id)).status).toBe('sent');
      clock.advance(1);
      const done = await retrieve(id);
      expect(done.status).toBe('delivered');
      expect(Date.parse(done.delivered_at) - Date.parse(done.created_at)).toBeLessThan(targets[route]);
    }
  });

  it('fails numbers ending in 0 with number_unreachable', async () => {
    const id = await send('447700900120');
    clock.advance(30_000);
    expect(await retrieve(id)).toMatchObject({
      status: 'failed',
      delivered_at: null,
      error_code: 'number_unreachable',
    });
  });

  it('expires numbers ending in 9 a day after they were sent', async () => {
    const id = await send('447700900129');
    clock.advance(5_000 + EXPIRE_AFTER_MS - 1);
    expect((await retrieve(id)).status).toBe('sent');
    clock.advance(1);
    expect(await retrieve(id)).toMatchObject({ status: 'expired', delivered_at: null, error_code: null });
  });

  it('keeps a scheduled message queued until the clock passes scheduled_at', async () => {
    const id = await send('447700900123', { schedule_at: '2026-01-01T10:00:00Z' });
    clock.set('2026-01-01T09:59:59.000Z');
    expect((await retrieve(id)).status).toBe('queued');
    clock.set('2026-01-01T10:00:05.000Z');
    expect(await retrieve(id)).toMatchObject({ status: 'sent', sent_at: '2026-01-01T10:00:05.000Z' });
  });

  it('moves listed messages too, and bulk jobs follow their messages to completed_at', async () => {
    const job = (
      await post(mock, '/sms/bulk', {
        recipients: ['447700900121', '447700900122', '447700900130', '447700900139'],
        message: 'Sale',
      })
    ).body;
    expect(job).toMatchObject({ status: 'processing', total: 4, queued: 4, sent: 0, completed_at: null });
    clock.advance(20_000);
    expect(mock.store.bulkJobs.get(job.id)).toMatchObject({ queued: 4 });
    await get(mock, '/sms/messages');
    expect(mock.store.bulkJobs.get(job.id)).toMatchObject({ queued: 0, sent: 4, status: 'processing' });
    clock.advance(70_000);
    const listed = (await get(mock, '/sms/messages')).body.data.map((m: { status: string }) => m.status);
    expect(listed.sort()).toEqual(['delivered', 'delivered', 'failed', 'sent']);
    expect(mock.store.bulkJobs.get(job.id)).toMatchObject({
      status: 'processing',
      delivered: 2,
      failed: 1,
      sent: 1,
    });
    clock.advance(EXPIRE_AFTER_MS);
    await get(mock, '/sms/messages');
    expect(mock.store.bulkJobs.get(job.id)).toMatchObject({
      status: 'completed',
      queued: 0,
      sent: 0,
      delivered: 2,
      failed: 2,
      // The last message expired 24 h after it was sent (20 s after the job was created).
      completed_at: new Date(Date.parse('2026-01-01T09:00:20.000Z') + EXPIRE_AFTER_MS).toISOString(),
    });
  });
});
