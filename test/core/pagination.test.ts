import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Client, CursorPage, GatewayError, ValidationError } from 'gateway-sdk';
import { useMsw } from '../helpers/msw.js';
import { listedMessage } from '../helpers/fixtures.js';

const BASE = 'https://api.gateway.test';
const { server, wire } = useMsw();

const client = () => new Client({ apiKey: 'k', baseURL: BASE, maxRetries: 0 });
const msg = listedMessage;

/** A list of `total` messages served `limit` at a time, cursor = last id of the page. */
function serveMessages(total: number) {
  server.use(
    http.get(`${BASE}/sms/messages`, ({ request }) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const after = url.searchParams.get('after');
      const start = after === null ? 0 : Number(after.slice(4)) + 1;
      const data = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) =>
        msg(start + i),
      );
      const has_more = start + data.length < total;
      return HttpResponse.json({ data, has_more, next_cursor: has_more ? (data.at(-1)?.id ?? null) : null });
    }),
  );
}

describe('awaiting a list', () => {
  it('gives the first page with its cursor fields', async () => {
    serveMessages(5);
    const page = await client().sms.messages.list({ limit: 2 });
    expect(page).toBeInstanceOf(CursorPage);
    expect(page.data.map((m) => m.id)).toEqual(['msg_0', 'msg_1']);
    expect(page.has_more).toBe(true);
    expect(page.next_cursor).toBe('msg_1');
    expect(page.hasNextPage()).toBe(true);
    expect(wire).toHaveLength(1);
  });

  it('fetches the next page with after = next_cursor and the same filters', async () => {
    serveMessages(5);
    const first = await client().sms.messages.list({ limit: 2, status: 'sent', route: 'otp' });
    const second = await first.getNextPage();
    expect(second.data.map((m) => m.id)).toEqual(['msg_2', 'msg_3']);
    expect(Object.fromEntries(wire[1]?.url.searchParams ?? [])).toEqual({
      limit: '2',
      status: 'sent',
      route: 'otp',
      after: 'msg_1',
    });
  });

  it('rejects getNextPage() on the last page', async () => {
    serveMessages(2);
    const page = await client().sms.messages.list({ limit: 5 });
    expect(page.hasNextPage()).toBe(false);
    await expect(page.getNextPage()).rejects.toThrow(/last page/);
    expect(wire).toHaveLength(1);
  });
});

describe('iterating', () => {
  it('walks every item across pages and stops when has_more is false', async () => {
    serveMessages(7);
    const ids: string[] = [];
    for await (const message of client().sms.messages.list({ limit: 3 })) ids.push(message.id);
    expect(ids).toEqual(['msg_0', 'msg_1', 'msg_2', 'msg_3', 'msg_4', 'msg_5', 'msg_6']);
    expect(wire.map((r) => r.url.searchParams.get('after'))).toEqual([null, 'msg_2', 'msg_5']);
  });

  it('walks pages with iterPages()', async () => {
    serveMessages(5);
    const sizes: number[] = [];
    for await (const page of client().sms.messages.list({ limit: 2 }).iterPages())
      sizes.push(page.data.length);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('walks from a page that was already awaited', async () => {
    serveMessages(4);
    const page = await client().sms.messages.list({ limit: 2 });
    const ids: string[] = [];
    for await (const m of page) ids.push(m.id);
    expect(ids).toHaveLength(4);
  });

  it('rejects instead of looping when the cursor does not advance', async () => {
    server.use(
      http.get(`${BASE}/sms/messages`, () =>
        HttpResponse.json({ data: [msg(0)], has_more: true, next_cursor: 'msg_0' }),
      ),
    );
    const seen: string[] = [];
    const iterate = async () => {
      for await (const m of client().sms.messages.list({ after: 'msg_0' })) seen.push(m.id);
    };
    await expect(iterate()).rejects.toThrow(GatewayError);
    await expect(iterate()).rejects.toThrow(/did not advance/);
    expect(wire.length).toBe(2);
  });

  it('rejects when has_more is true but next_cursor is null', async () => {
    server.use(
      http.get(`${BASE}/sms/messages`, () =>
        HttpResponse.json({ data: [msg(0)], has_more: true, next_cursor: null }),
      ),
    );
    await expect(client().sms.messages.list().toArray({ max: 100 })).rejects.toThrow(/did not advance/);
    expect(wire).toHaveLength(1);
  });

  it('rejects iteration of invalid filters without a request', async () => {
    const iterate = async () => {
      for await (const _ of client().sms.messages.list({ limit: 0 })) void _;
    };
    await expect(iterate()).rejects.toBeInstanceOf(ValidationError);
    expect(wire).toHaveLength(0);
  });
});

describe('toArray({ max })', () => {
  it('collects at most max items and fetches no page beyond them', async () => {
    serveMessages(100);
    const items = await client().sms.messages.list({ limit: 10 }).toArray({ max: 25 });
    expect(items.map((m) => m.id)).toEqual(Array.from({ length: 25 }, (_, i) => `msg_${i}`));
    expect(wire).toHaveLength(3);
  });

  it('returns everything when the list is shorter than max', async () => {
    serveMessages(4);
    expect(await client().sms.messages.list({ limit: 3 }).toArray({ max: 1000 })).toHaveLength(4);
  });

  it.each([undefined, 0, -1, 1.5, Infinity])('requires max to be a positive integer (%s)', async (max) => {
    await expect(
      client()
        .sms.messages.list()
        .toArray({ max } as { max: number }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(wire).toHaveLength(0);
  });
});

describe('payment webhooks list', () => {
  it('pages the same way, with the object: list wrapper', async () => {
    const hook = (i: number) => ({
      id: `wh_${i}`,
      url: 'https://example.com/h',
      events: ['payment.succeeded'],
      enabled: true,
    });
    server.use(
      http.get('https://sandbox.gateway.test/payment/webhooks', ({ request }) => {
        const after = new URL(request.url).searchParams.get('after');
        return after === null
          ? HttpResponse.json({
              object: 'list',
              data: [hook(0), hook(1)],
              has_more: true,
              next_cursor: 'wh_1',
            })
          : HttpResponse.json({ object: 'list', data: [hook(2)], has_more: false, next_cursor: null });
      }),
    );
    const c = new Client({ testApiKey: 't', sandboxBaseURL: 'https://sandbox.gateway.test' });
    const ids: string[] = [];
    for await (const h of c.payment.webhooks.list({ limit: 2 })) ids.push(h.id);
    expect(ids).toEqual(['wh_0', 'wh_1', 'wh_2']);
    expect(wire[1]?.url.search).toBe('?limit=2&after=wh_1');
  });
});

describe('when requests start', () => {
  it('sends a list only when it is awaited or iterated', async () => {
    serveMessages(3);
    const list = client().sms.messages.list();
    await Promise.resolve();
    expect(wire).toHaveLength(0);
    await list;
    await list;
    expect(wire).toHaveLength(1);
  });

  it('sends a single call at once, even if it is never awaited', async () => {
    server.use(http.get(`${BASE}/sms/messages/msg_0`, () => HttpResponse.json(msg(0))));
    const call = client().sms.messages.retrieve('msg_0');
    await new Promise((resolve) => setImmediate(resolve));
    expect(wire).toHaveLength(1);
    await call;
  });
});

describe('an error in the middle of a walk', () => {
  /** Serves `total` messages two at a time, and fails the page after `failAfter` with a 500. */
  function serveThenFail(total: number, failAfter: string) {
    serveMessages(total);
    server.use(
      http.get(`${BASE}/sms/messages`, ({ request }) => {
        if (new URL(request.url).searchParams.get('after') === failAfter)
          return HttpResponse.json({ error: { message: 'down' } }, { status: 500 });
        return undefined;
      }),
    );
  }

  it('carries the cursor to resume from, in a for await walk', async () => {
    serveThenFail(10, 'msg_5');
    const seen: string[] = [];
    const error = await (async () => {
      for await (const m of client().sms.messages.list({ limit: 2, status: 'sent' })) seen.push(m.id);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['msg_0', 'msg_1', 'msg_2', 'msg_3', 'msg_4', 'msg_5']);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).cursor).toBe('msg_5');
    expect((error as Error).message).toMatch(/to resume, list again with after: "msg_5"/);

    // Resuming from it walks the rest, once the service is back.
    server.resetHandlers();
    serveMessages(10);
    const rest = await client()
      .sms.messages.list({ limit: 2, status: 'sent', after: 'msg_5' })
      .toArray({ max: 100 });
    expect(rest.map((m) => m.id)).toEqual(['msg_6', 'msg_7', 'msg_8', 'msg_9']);
  });

  it('carries it in iterPages() and toArray() too', async () => {
    serveThenFail(10, 'msg_3');
    const error = await client()
      .sms.messages.list({ limit: 2 })
      .toArray({ max: 100 })
      .catch((e: unknown) => e);
    expect((error as GatewayError).cursor).toBe('msg_3');
  });

  it('carries none when the first page fails: there is nothing to resume', async () => {
    server.use(http.get(`${BASE}/sms/messages`, () => HttpResponse.json({}, { status: 500 })));
    const error = await (async () => {
      for await (const m of client().sms.messages.list()) void m;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).cursor).toBeUndefined();
  });
});
