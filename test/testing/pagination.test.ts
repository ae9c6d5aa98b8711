import { describe, expect, it } from 'vitest';
import type { MockMessage } from 'gateway-sdk/testing';
import { get, manualClock, post, useMockService } from './helpers.js';

const clock = manualClock('2026-01-01T09:00:00.000Z');
const mock = useMockService({ clock });

/** Every page of a list, following next_cursor. */
async function walk(path: string, query: string) {
  const pages: { data: { id: string }[]; has_more: boolean; next_cursor: string | null }[] = [];
  let after: string | null = null;
  do {
    const sep = query ? '&' : '';
    const res = await get(mock, `${path}?${query}${after ? `${sep}after=${after}` : ''}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    after = res.body.next_cursor;
    if (pages.length > 50) throw new Error('the cursor does not advance');
  } while (after !== null);
  return pages;
}

// 250 messages, one second apart: i % 5 === 0 failed, the rest delivered; even i otp, odd i promotional.
function seed(): MockMessage[] {
  return mock.store.seedMessages(250, (i) => ({
    status: i % 5 === 0 ? 'failed' : 'delivered',
    route: i % 2 === 0 ? 'otp' : 'promotional',
  }));
}

describe('GET /sms/messages pages', () => {
  it('walks 250 messages in pages of 100, newest first, each exactly once', async () => {
    const seeded = seed();
    const pages = await walk('/sms/messages', 'limit=100');
    expect(pages.map((p) => p.data.length)).toEqual([100, 100, 50]);
    expect(pages.map((p) => p.has_more)).toEqual([true, true, false]);
    expect(pages.map((p) => p.next_cursor)).toEqual([pages[0]?.data[99]?.id, pages[1]?.data[99]?.id, null]);
    const ids = pages.flatMap((p) => p.data.map((m) => m.id));
    expect(ids).toEqual(seeded.map((m) => m.id).reverse());
  });

  it('pages 20 at a time by default', async () => {
    seed();
    const res = await get(mock, '/sms/messages');
    expect(res.body.data).toHaveLength(20);
    expect(res.body.has_more).toBe(true);
  });

  it('answers an empty list with has_more false and a null cursor', async () => {
    const res = await get(mock, '/sms/messages');
    expect(res.body).toEqual({ data: [], has_more: false, next_cursor: null });
  });

  it('has no next cursor when the last page is exactly full', async () => {
    mock.store.seedMessages(40);
    const pages = await walk('/sms/messages', 'limit=20');
    expect(pages.map((p) => [p.data.length, p.has_more, p.next_cursor === null])).toEqual([
      [20, true, false],
      [20, false, true],
    ]);
  });

  it('applies status and route together on every page', async () => {
    const seeded = seed();
    const pages = await walk('/sms/messages', 'limit=7&status=failed&route=otp');
    const items = pages.flatMap((p) => p.data) as MockMessage[];
    const expected = seeded.filter((m) => m.status === 'failed' && m.route === 'otp');
    expect(expected).toHaveLength(25);
    expect(items.map((m) => m.id)).toEqual(expected.map((m) => m.id).reverse());
    expect(pages).toHaveLength(4);
  });

  it('filters by creation time: from_date inclusive, to_date exclusive', async () => {
    const seeded = seed();
    const from = seeded[100]?.created_at ?? '';
    const to = seeded[150]?.created_at ?? '';
    const pages = await walk('/sms/messages', `limit=100&from_date=${from}&to_date=${to}`);
    const ids = pages.flatMap((p) => p.data.map((m) => m.id));
    expect(ids).toEqual(
      seeded
        .slice(100, 150)
        .map((m) => m.id)
        .reverse(),
    );
  });

  it('compares dates as instants, whatever the offset', async () => {
    const seeded = seed();
    // seeded[249] was created at 09:00:00Z, i.e. 10:00:00+01:00.
    const res = await get(mock, `/sms/messages?from_date=${encodeURIComponent('2026-01-01T10:00:00+01:00')}`);
    expect(res.body.data.map((m: MockMessage) => m.id)).toEqual([seeded[249]?.id]);
  });

  it('keeps its place when the cursor message no longer matches the filter', async () => {
    seed();
    const first = await get(mock, '/sms/messages?limit=10&status=delivered');
    mock.store.setMessageStatus(first.body.next_cursor, 'failed');
    const second = await get(mock, `/sms/messages?limit=10&status=delivered&after=${first.body.next_cursor}`);
    expect(second.status).toBe(200);
    const all = await get(mock, '/sms/messages?limit=100&status=delivered');
    const ids = all.body.data.map((m: MockMessage) => m.id);
    expect(second.body.data[0].id).toBe(ids[9]); // the 10th of the original order moved out; the 11th is now 10th
  });

  it('does not show messages created after the first page on the later pages', async () => {
    seed();
    const first = await get(mock, '/sms/messages?limit=100');
    clock.advance(1000);
    await post(mock, '/sms/messages', { to: '447700900123', message: 'new' });
    const second = await get(mock, `/sms/messages?limit=100&after=${first.body.next_cursor}`);
    expect(second.body.data.map((m: MockMessage) => m.body)).not.toContain('new');
  });

  it('lists sent messages next to seeded ones, newest first', async () => {
    mock.store.seedMessages(2);
    clock.advance(1000);
    const sent = await post(mock, '/sms/messages', { to: '447700900123', message: 'latest' });
    const res = await get(mock, '/sms/messages?limit=1');
    expect(res.body.data[0].id).toBe(sent.body.id);
  });
});

describe('GET /payment/webhooks pages', () => {
  it('starts with three seeded webhooks, one of them for payment.succeeded', async () => {
    const res = await get(mock, '/payment/webhooks');
    expect(res.body.object).toBe('list');
    expect(res.body.data).toHaveLength(3);
    expect(res.body.data.some((w: { events: string[] }) => w.events.includes('payment.succeeded'))).toBe(
      true,
    );
    expect(res.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('walks 253 webhooks in pages of 100 with the list wrapper', async () => {
    mock.store.seedPaymentWebhooks(250);
    const pages = await walk('/payment/webhooks', 'limit=100');
    expect(pages.map((p) => p.data.length)).toEqual([100, 100, 53]);
    expect(pages.every((p) => (p as unknown as { object: string }).object === 'list')).toBe(true);
    expect(new Set(pages.flatMap((p) => p.data.map((w) => w.id))).size).toBe(253);
  });
});
