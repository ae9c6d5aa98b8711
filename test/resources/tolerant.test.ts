// Tolerant of what we receive, strict on what we send, and never lose what the service did: a list
// walk goes past a drifted item, a drifted send keeps its id, the raw answer stays readable, and the
// request side takes the looser reading the contract gives.
import { describe, expect, it } from 'vitest';
import { Client, type ClientOptions, ResponseValidationError, ValidationError } from 'gateway-sdk';
import { message } from '../helpers/fixtures.js';

const BASE = 'https://api.gateway.test';
const SANDBOX = 'https://sandbox.gateway.test';

interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** A client whose requests are recorded in `sent` and answered by `answer`. */
function answering(answer: (request: Request) => Response, options: ClientOptions = {}) {
  const sent: Sent[] = [];
  const warnings: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.clone().text();
    sent.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text === '' ? undefined : JSON.parse(text),
    });
    return answer(request);
  };
  const quiet = () => {};
  const client = new Client({
    apiKey: 'sk_live_t',
    testApiKey: 'sk_test_t',
    accessToken: 'at_t',
    baseURL: BASE,
    sandboxBaseURL: SANDBOX,
    maxRetries: 0,
    fetch: fetch as typeof globalThis.fetch,
    logger: { error: quiet, info: quiet, debug: quiet, warn: (line: string) => warnings.push(line) },
    ...options,
  });
  return { client, sent, warnings };
}

/** Four pages of three messages; the second item of page 2 has `cost: null`. */
function fourPages(request: Request): Response {
  const after = new URL(request.url).searchParams.get('after');
  const page = after === null ? 0 : Number(after.replace('msg_', '')) / 3;
  const data = [0, 1, 2].map((i) => {
    const n = page * 3 + i + 1;
    return { ...message, id: `msg_${n}`, ...(n === 5 ? { cost: null } : {}) };
  });
  return Response.json({ data, has_more: page < 3, next_cursor: page < 3 ? `msg_${page * 3 + 3}` : null });
}

describe('a list walk past a drifted item (4 pages of 3, cost: null on page 2)', () => {
  it("'warn' (the default) walks all 12 and logs the drift once", async () => {
    const { client, sent, warnings } = answering(fourPages);
    const items = await client.sms.messages.list().toArray({ max: 100 });
    expect(items.map((m) => m.id)).toEqual(Array.from({ length: 12 }, (_, i) => `msg_${i + 1}`));
    expect(items[4]?.cost).toBeNull();
    expect(sent).toHaveLength(4);
    expect(warnings.filter((w) => w.includes('data[].cost'))).toHaveLength(1);
  });

  it("'strict' stops at page 2 with the page in err.data and a cursor to resume from", async () => {
    const { client } = answering(fourPages, { responseValidation: 'strict' });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const m of client.sms.messages.list()) seen.push(m.id);
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(3);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).cursor).toBe('msg_3');
    expect((error as ResponseValidationError).data).toMatchObject({ data: [{ id: 'msg_4' }, {}, {}] });
  });
});

describe('a send the service accepted, answered with cost: null', () => {
  const accepted = () =>
    Response.json({ ...message, id: 'msg_kept', cost: null }, { headers: { 'x-request-id': 'req_1' } });

  it("resolves with the message id in 'warn'", async () => {
    const { client } = answering(accepted);
    const sent = await client.sms.messages.create({ to: '447700900123', message: 'hi' });
    expect(sent.id).toBe('msg_kept');
    expect(sent.cost).toBeNull();
  });

  it("rejects in 'strict' with the id in err.data, the request id and key, and no baseURL lead", async () => {
    const { client, sent } = answering(accepted, { responseValidation: 'strict' });
    const error = (await client.sms.messages
      .create({ to: '447700900123', message: 'hi' }, { idempotencyKey: 'order-1' })
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error.data as { id: string }).id).toBe('msg_kept');
    expect(error.requestId).toBe('req_1');
    expect(error.idempotencyKey).toBe('order-1');
    expect(sent[0]?.headers.get('idempotency-key')).toBe('order-1');
    expect(error.message).toMatch(/answer changed shape/);
    expect(error.message).not.toMatch(/baseURL/);
  });

  it('keeps the baseURL lead for a body that is not JSON, in every mode', async () => {
    for (const mode of ['warn', 'strict', 'off'] as const) {
      const { client } = answering(() => new Response('<html>hello</html>'), { responseValidation: mode });
      const error = await client.sms.messages.retrieve('msg_1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as Error).message).toMatch(/not JSON.*baseURL/);
    }
  });

  it('fails the structure the SDK reads in every mode: an object for an array, a page without data', async () => {
    for (const mode of ['warn', 'strict', 'off'] as const) {
      const members = answering(() => Response.json({ data: [] }), { responseValidation: mode }).client;
      expect(
        await members.account.organizations.members.list('org_1').catch((e: unknown) => e),
      ).toBeInstanceOf(ResponseValidationError);
      const list = answering(() => Response.json({ items: [], has_more: false }), {
        responseValidation: mode,
      });
      const error = await list.client.sms.messages.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues).toEqual([
        { path: ['data'], message: 'must be an array' },
      ]);
      const single = answering(() => Response.json([message]), { responseValidation: mode }).client;
      expect(await single.sms.messages.retrieve('msg_1').catch((e: unknown) => e)).toBeInstanceOf(
        ResponseValidationError,
      );
    }
  });

  it('refuses an unknown responseValidation at construction', () => {
    expect(() => new Client({ responseValidation: 'lenient' as never })).toThrow(
      /responseValidation must be one of/,
    );
  });
});

describe('the raw answer', () => {
  it('asResponse() resolves to the Response, body unread, even when its shape drifted (strict)', async () => {
    const { client } = answering(
      () => Response.json({ id: 42 }, { headers: { 'x-request-id': 'req_raw' } }),
      {
        responseValidation: 'strict',
      },
    );
    const response = await client.sms.messages.retrieve('msg_1').asResponse();
    expect(response).toBeInstanceOf(Response);
    expect(response.bodyUsed).toBe(false);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req_raw');
    expect(await response.json()).toEqual({ id: 42 });
  });

  it('asResponse() on a list gives the first page as sent', async () => {
    const { client } = answering(fourPages);
    const response = await client.sms.messages.list().asResponse();
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(3);
  });

  it('asResponse() still rejects a non-2xx with its APIError', async () => {
    const { client } = answering(() => Response.json({ error: { code: 'not_found' } }, { status: 404 }));
    await expect(client.sms.messages.retrieve('msg_1').asResponse()).rejects.toMatchObject({ status: 404 });
  });

  it('withResponse() hands back a Response whose body can still be read and cloned', async () => {
    const { client } = answering(() =>
      Response.json(message, { status: 201, headers: { 'x-request-id': 'req_w' } }),
    );
    const { data, response } = await client.sms.messages.retrieve('msg_1').withResponse();
    expect(data.id).toBe(message.id);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe('req_w');
    const copy = response.clone();
    expect(await response.json()).toEqual(message);
    expect(await copy.text()).toBe(JSON.stringify(message));
  });
});

describe('the looser request reading', () => {
  const job = () => Response.json({ id: 'bulk_1', status: 'processing', total: 2, queued: 2 });

  it('bulk recipients: a national number and 20 digits are sent as given, a leading + stripped', async () => {
    const { client, sent } = answering(job);
    await client.sms.bulk.create({ recipients: ['07700900123', `+${'1'.repeat(19)}`], message: 'hi' });
    expect(sent[0]?.body).toMatchObject({ recipients: ['07700900123', '1'.repeat(19)] });
  });

  it.each([
    ['spaces', '07700 900123'],
    ['dashes', '07700-900123'],
    ['21 characters', '1'.repeat(21)],
    ['empty', ''],
    ['a lone +', '+'],
  ])('bulk recipients: refuses %s before sending', async (_label, number) => {
    const { client, sent } = answering(job);
    const error = await client.sms.bulk
      .create({ recipients: [number], message: 'hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toEqual(['recipients', 0]);
    expect(sent).toHaveLength(0);
  });

  it('template to: a national number is sent as given', async () => {
    const { client, sent } = answering(() => Response.json(message));
    await client.sms.templates.send('tpl_1', { to: '07700900123', variables: { name: 'A' } });
    expect(sent[0]?.body).toMatchObject({ to: '07700900123' });
    const refused = await client.sms.templates
      .send('tpl_1', { to: '0770 0900', variables: {} })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
  });

  it('a single send keeps the reference pattern', async () => {
    const { client, sent } = answering(() => Response.json(message));
    const error = await client.sms.messages
      .create({ to: '07700900123', message: 'hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(sent).toHaveLength(0);
  });

  it('a list filter takes a status the service sent back (read), and a route it added', async () => {
    const { client, sent } = answering((r) =>
      r.url.endsWith('/msg_1')
        ? Response.json({ ...message, status: 'read', route: 'express' })
        : Response.json({ data: [], has_more: false, next_cursor: null }),
    );
    const read = await client.sms.messages.retrieve('msg_1');
    await client.sms.messages.list({ status: read.status, route: read.route });
    expect(sent[1]?.url.searchParams.get('status')).toBe('read');
    expect(sent[1]?.url.searchParams.get('route')).toBe('express');
  });

  it("a body field keeps its closed set (a send's route)", async () => {
    const { client, sent } = answering(() => Response.json(message));
    const error = await client.sms.messages
      .create({ to: '447700900123', message: 'hi', route: 'express' as never })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(sent).toHaveLength(0);
  });
});

describe("a list page's wrapper", () => {
  it('keeps object and fields the service adds beside data', async () => {
    const { client } = answering(() =>
      Response.json({ object: 'list', data: [], has_more: false, next_cursor: null, total_count: 7 }),
    );
    const page = await client.payment.webhooks.list();
    expect('object' in page && page.object).toBe('list');
    expect('total_count' in page && page.total_count).toBe(7);
    expect(page.data).toEqual([]);
    expect(typeof page.hasNextPage).toBe('function');
  });

  it('never lets a wrapper field replace a page method', async () => {
    const { client } = answering(() =>
      Response.json({ data: [], has_more: false, next_cursor: null, hasNextPage: 'x', getNextPage: 1 }),
    );
    const page = await client.sms.messages.list();
    expect(page.hasNextPage()).toBe(false);
  });

  it('keeps an added field as a plain own property, and never takes __proto__ from the wrapper', async () => {
    const { client } = answering(
      () =>
        new Response(
          '{"data":[],"has_more":false,"next_cursor":null,"__proto__":{"polluted":1},"total_count":7}',
          {
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    const page = await client.sms.messages.list();
    expect(Object.getOwnPropertyDescriptor(page, 'total_count')).toEqual({
      value: 7,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    expect(Object.hasOwn(page, '__proto__')).toBe(false);
    expect('polluted' in page).toBe(false);
    expect(page.hasNextPage()).toBe(false);
  });
});
