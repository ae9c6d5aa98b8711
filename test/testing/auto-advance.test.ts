import { describe, expect, it } from 'vitest';
import { get, manualClock, post, useMockService } from './helpers.js';

const clock = manualClock('2026-01-01T09:00:00.000Z');
const mock = useMockService({ clock, autoAdvance: true });

const send = async (to: string, extra: Record<string, unknown> = {}) =>
  (await post(mock, '/sms/messages', { to, message: 'Hi', ...extra })).body.id as string;
const retrieve = async (id: string) => (await get(mock, `/sms/messages/${id}`)).body;

describe('autoAdvance', () => {
  it('moves a message one step per retrieve: queued → sent → delivered, then stays', async () => {
    const id = await send('447700900123');
    clock.advance(1000);
    const sent = await retrieve(id);
    clock.advance(1000);
    const delivered = await retrieve(id);
    clock.advance(1000);
    const again = await retrieve(id);
    expect(sent).toMatchObject({
      status: 'sent',
      sent_at: '2026-01-01T09:00:01.000Z',
      delivered_at: null,
      error_code: null,
    });
    expect(delivered).toMatchObject({
      status: 'delivered',
      sent_at: '2026-01-01T09:00:01.000Z',
      delivered_at: '2026-01-01T09:00:02.000Z',
    });
    expect(again).toEqual(delivered);
  });

  it('fails numbers ending in 0 after they are sent, with number_unreachable', async () => {
    const id = await send('447700900120');
    expect((await retrieve(id)).status).toBe('sent');
    expect(await retrieve(id)).toMatchObject({
      status: 'failed',
      delivered_at: null,
      error_code: 'number_unreachable',
    });
    expect((await retrieve(id)).status).toBe('failed');
  });

  it('keeps a scheduled message queued until the mock clock reaches scheduled_at', async () => {
    const id = await send('447700900123', { schedule_at: '2026-01-01T10:00:00Z' });
    expect((await retrieve(id)).status).toBe('queued');
    clock.set('2026-01-01T10:00:00.000Z');
    expect((await retrieve(id)).status).toBe('sent');
  });

  it('does not move messages when they are listed', async () => {
    await send('447700900123');
    await get(mock, '/sms/messages');
    await get(mock, '/sms/messages');
    expect([...mock.store.messages.values()].map((m) => m.status)).toEqual(['queued']);
  });
});
