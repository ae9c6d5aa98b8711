// client.sms.messages: every operation against the mock service (the wire, the typed result)
// and every request rule of api-reference.md, refused before any I/O.
import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ConflictError, type Message, NotFoundError, ValidationError } from 'gateway-sdk';
import {
  describeRefusals,
  DAY,
  NOW,
  SMS,
  UUID,
  expectAreaHeaders,
  only,
  type Refusal,
  useMockClient,
} from '../../helpers/resources.js';

const api = useMockClient();
const { server, wire } = api;
const ok = { to: '447700900123', message: 'hi' };

describe('1. POST /sms/messages', () => {
  it('sends an ISO 8601 schedule_at that is not RFC 3339 (no seconds, +hhmm) as the same instant in UTC', async () => {
    const at = new Date(NOW.getTime() + 3_600_000);
    const noSeconds = at.toISOString().slice(0, 16) + 'Z';
    await api.client.sms.messages.create({ ...ok, schedule_at: noSeconds });
    expect(wire.at(-1)?.body).toMatchObject({ schedule_at: new Date(noSeconds).toISOString() });
    const compact = noSeconds.replace('Z', ':00+0000');
    await api.client.sms.messages.create({ ...ok, schedule_at: compact });
    expect(wire.at(-1)?.body).toMatchObject({ schedule_at: new Date(noSeconds).toISOString() });
    const rfc = at.toISOString().replace('Z', '+00:00');
    await api.client.sms.messages.create({ ...ok, schedule_at: rfc });
    expect(wire.at(-1)?.body).toMatchObject({ schedule_at: rfc });
    expect(wire).toHaveLength(3);
  });

  it('sends the body as the reference spells it, with a key, and returns a queued Message', async () => {
    const at = new Date(NOW.getTime() + 3_600_000);
    const message = await api.client.sms.messages.create({
      to: '+447700900123',
      message: 'Hello 👋',
      from: 'ACME',
      schedule_at: at,
      route: 'otp',
      reference_id: 'order-1',
      callback_url: 'https://example.com/cb',
    });
    const request = only(wire);
    expect(request.method).toBe('POST');
    expect(request.url.href).toBe(`${SMS}/sms/messages`);
    expectAreaHeaders(request, 'sk_live_mock', true);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['idempotency-key']).toMatch(UUID);
    expect(request.body).toEqual({
      to: '447700900123',
      message: 'Hello 👋',
      from: 'ACME',
      schedule_at: at.toISOString(),
      route: 'otp',
      reference_id: 'order-1',
      callback_url: 'https://example.com/cb',
    });
    expect(message).toMatchObject({
      to: '447700900123',
      from: 'ACME',
      body: 'Hello 👋',
      status: 'queued',
      route: 'otp',
      scheduled_at: at.toISOString(),
    });
    expect(message).not.toHaveProperty('reference_id');
    expectTypeOf(message).toEqualTypeOf<Message>();
  });

  it('sends only what was given: no defaults are invented client-side', async () => {
    await api.client.sms.messages.create({ to: '447700900123', message: 'hi' });
    expect(only(wire).body).toEqual({ to: '447700900123', message: 'hi' });
  });

  it('accepts the limits themselves: 8 and 15 digits, 1000 code points, 11-character sender, 100-character reference, 7 days ahead', async () => {
    const longest = '😀'.repeat(1000);
    await api.client.sms.messages.create({ to: '12345678', message: 'x' });
    await api.client.sms.messages.create({
      to: '123456789012345',
      message: longest,
      from: 'ABCDEFGHIJK',
      reference_id: '😀'.repeat(100),
    });
    await api.client.sms.messages.create({
      to: '447700900123',
      message: 'x',
      schedule_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    await api.client.sms.messages.create({ to: '447700900123', message: 'x', schedule_at: null });
    expect(wire).toHaveLength(4);
    expect((wire[1]?.body as { message: string }).message).toBe(longest);
  });

  it('replays the first answer for a reused key with the same body, storing one message', async () => {
    const first = await api.client.sms.messages.create(
      { to: '447700900123', message: 'once' },
      { idempotencyKey: 'k-1' },
    );
    const second = await api.client.sms.messages.create(
      { to: '447700900123', message: 'once' },
      { idempotencyKey: 'k-1' },
    );
    expect(second).toEqual(first);
    expect(api.mock.store.messages.size).toBe(1);
  });

  it('rejects a reused key with another body as ConflictError (409), carrying the key', async () => {
    await api.client.sms.messages.create({ to: '447700900123', message: 'one' }, { idempotencyKey: 'k-2' });
    const error = await api.client.sms.messages
      .create({ to: '447700900123', message: 'two' }, { idempotencyKey: 'k-2' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, code: 'idempotency_key_reused', idempotencyKey: 'k-2' });
    expect(api.mock.store.messages.size).toBe(1);
  });
});

describe('2. GET /sms/messages', () => {
  it('sends every filter in the query, dates as ISO 8601', async () => {
    const from = new Date('2026-03-01T00:00:00Z');
    await api.client.sms.messages.list({
      limit: 50,
      status: 'failed',
      route: 'otp',
      from_date: from,
      to_date: '2026-03-02T00:00:00Z',
    });
    const request = only(wire);
    expect(request.method).toBe('GET');
    expect(request.url.pathname).toBe('/sms/messages');
    expectAreaHeaders(request, 'sk_live_mock', true);
    expect(request.headers).not.toHaveProperty('idempotency-key');
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      limit: '50',
      status: 'failed',
      route: 'otp',
      from_date: from.toISOString(),
      to_date: '2026-03-02T00:00:00Z',
    });
  });

  it('walks 250 matching messages across pages with the filters on every page', async () => {
    api.mock.store.seedMessages(400, (i) => ({
      status: i % 8 < 5 ? 'failed' : 'delivered',
      route: i % 2 ? 'otp' : 'promotional',
    }));
    // 400 that differ in status or route, then the 250 the filters select.
    api.mock.store.seedMessages(250, { status: 'failed', route: 'transactional' });

    const ids: string[] = [];
    for await (const message of api.client.sms.messages.list({
      status: 'failed',
      route: 'transactional',
      limit: 40,
    })) {
      expect(message).toMatchObject({ status: 'failed', route: 'transactional' });
      ids.push(message.id);
    }
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    expect(wire).toHaveLength(7);
    for (const [i, request] of wire.entries()) {
      expect(request.url.searchParams.get('status')).toBe('failed');
      expect(request.url.searchParams.get('route')).toBe('transactional');
      expect(request.url.searchParams.get('limit')).toBe('40');
      expect(request.url.searchParams.get('after')).toBe(i === 0 ? null : ids[i * 40 - 1]);
    }
  });

  it('returns typed pages', async () => {
    api.mock.store.seedMessages(3);
    const page = await api.client.sms.messages.list();
    expectTypeOf(page.data).toEqualTypeOf<Message[]>();
    expect(page.data).toHaveLength(3);
    expect(page.has_more).toBe(false);
    expect(page.next_cursor).toBeNull();
  });
});

describe('3. GET /sms/messages/{message_id}', () => {
  it('gets one message by its encoded id', async () => {
    const [seeded] = api.mock.store.seedMessages(1, { status: 'delivered' });
    const message = await api.client.sms.messages.retrieve(seeded?.id ?? '');
    const request = only(wire);
    expect(request.method).toBe('GET');
    expect(request.url.pathname).toBe(`/sms/messages/${seeded?.id}`);
    expectAreaHeaders(request, 'sk_live_mock', true);
    expect(message).toEqual(seeded);
  });

  it('rejects an unknown id with NotFoundError', async () => {
    await expect(api.client.sms.messages.retrieve('msg_missing')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('encodes ids so they cannot change the path', async () => {
    await api.client.sms.messages.retrieve('../webhooks/wh_123').catch(() => undefined);
    expect(only(wire).url.pathname).toBe('/sms/messages/..%2Fwebhooks%2Fwh_123');
  });
});

describe('forward compatibility', () => {
  it('keeps unknown fields and accepts unknown enum values', async () => {
    server.use(
      http.get(`${SMS}/sms/messages/msg_new`, () =>
        HttpResponse.json({
          id: 'msg_new',
          to: '447700900123',
          from: 'A',
          body: 'b',
          status: 'carrier_hold',
          created_at: '2026-03-01T00:00:00Z',
          route: 'priority',
          tags: ['x'],
          carrier: { name: 'Acme' },
        }),
      ),
    );
    const message = await api.client.sms.messages.retrieve('msg_new');
    expect(message.status).toBe('carrier_hold');
    expect(message.route).toBe('priority');
    // Closed in the types, kept at run time: reached with `in`, as docs/decisions/closed-responses.md says.
    expect('tags' in message && message.tags).toEqual(['x']);
    expect('carrier' in message && message.carrier).toEqual({ name: 'Acme' });
  });
});

describe('every documented rule is checked before any I/O', () => {
  it('lists every breach at once', async () => {
    const error = (await Promise.resolve(
      api.client.sms.messages.create({ to: 'x', message: '', from: 'ABCDEFGHIJKLM' }),
    ).catch((e: unknown) => e)) as ValidationError;
    expect(error.issues.map((i) => i.path[0])).toEqual(['to', 'message', 'from']);
  });
});

describe('property names', () => {
  it('from plain JavaScript, scheduleAt rejects naming schedule_at, and nothing is sent', async () => {
    const body: unknown = { to: '447700900123', message: 'hi', scheduleAt: new Date(Date.now() + DAY) };
    const error = await Promise.resolve(api.client.sms.messages.create(body as never)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      'Invalid MessageCreateParams: scheduleAt is not a field: did you mean schedule_at? (fields are spelt as the API spells them). Nothing was sent.',
    );
    expect((error as ValidationError).issues).toEqual([
      {
        path: ['scheduleAt'],
        message: 'is not a field: did you mean schedule_at? (fields are spelt as the API spells them)',
      },
    ]);
    expect(wire).toHaveLength(0);
  });

  it('reports a near miss together with the other breaches', async () => {
    const error = (await Promise.resolve(
      api.client.sms.messages.create({ to: 'x', message: 'hi', Route: 'otp' } as never),
    ).catch((e: unknown) => e)) as ValidationError;
    expect(error.issues.map((i) => i.path.join('.'))).toEqual(['Route', 'to']);
    expect(wire).toHaveLength(0);
  });
});

const refused: Refusal[] = [
  ['to missing', () => api.client.sms.messages.create({ message: 'hi' } as never), 'to', /is required/],
  [
    'to with spaces',
    () => api.client.sms.messages.create({ ...ok, to: '+44 7700 900123' }),
    'to',
    /without spaces or dashes/,
  ],
  [
    'to with dashes',
    () => api.client.sms.messages.create({ ...ok, to: '44-7700-900123' }),
    'to',
    /international number/,
  ],
  [
    'to starting with 0',
    () => api.client.sms.messages.create({ ...ok, to: '07700900123' }),
    'to',
    /international number/,
  ],
  ['to of 7 digits', () => api.client.sms.messages.create({ ...ok, to: '1234567' }), 'to', /8 to 15 digits/],
  [
    'to of 16 digits',
    () => api.client.sms.messages.create({ ...ok, to: '1234567890123456' }),
    'to',
    /8 to 15 digits/,
  ],
  [
    'to with two plus signs',
    () => api.client.sms.messages.create({ ...ok, to: '++447700900123' }),
    'to',
    /international number/,
  ],
  [
    'message missing',
    () => api.client.sms.messages.create({ to: '447700900123' } as never),
    'message',
    /is required/,
  ],
  [
    'message empty',
    () => api.client.sms.messages.create({ ...ok, message: '' }),
    'message',
    /1 to 1000 characters/,
  ],
  [
    'message of 1001 characters',
    () => api.client.sms.messages.create({ ...ok, message: 'x'.repeat(1001) }),
    'message',
    /1 to 1000/,
  ],
  [
    'message of 1001 emoji',
    () => api.client.sms.messages.create({ ...ok, message: '😀'.repeat(1001) }),
    'message',
    /1 to 1000/,
  ],
  [
    'from of 12 characters',
    () => api.client.sms.messages.create({ ...ok, from: 'ABCDEFGHIJKL' }),
    'from',
    /at most 11/,
  ],
  [
    'schedule_at 8 days ahead',
    () => api.client.sms.messages.create({ ...ok, schedule_at: new Date(Date.now() + 8 * DAY) }),
    'schedule_at',
    /at most 7 days ahead/,
  ],
  [
    'schedule_at 7 days and 10 minutes ahead',
    () =>
      api.client.sms.messages.create({
        ...ok,
        schedule_at: new Date(Date.now() + 7 * DAY + 600_000).toISOString(),
      }),
    'schedule_at',
    /7 days/,
  ],
  [
    'schedule_at not ISO 8601',
    () => api.client.sms.messages.create({ ...ok, schedule_at: 'tomorrow' }),
    'schedule_at',
    /ISO 8601/,
  ],
  [
    'schedule_at without a time zone',
    () => api.client.sms.messages.create({ ...ok, schedule_at: '2026-01-01T09:00:00' }),
    'schedule_at',
    /time zone/,
  ],
  [
    'schedule_at an invalid Date',
    () => api.client.sms.messages.create({ ...ok, schedule_at: new Date('nope') }),
    'schedule_at',
    /valid date/,
  ],
  [
    'route unknown',
    () => api.client.sms.messages.create({ ...ok, route: 'express' as never }),
    'route',
    /otp, transactional, promotional/,
  ],
  [
    'reference_id of 101 characters',
    () => api.client.sms.messages.create({ ...ok, reference_id: 'r'.repeat(101) }),
    'reference_id',
    /at most 100/,
  ],
  [
    'callback_url over plain HTTP',
    () => api.client.sms.messages.create({ ...ok, callback_url: 'http://example.com/cb' }),
    'callback_url',
    /https/,
  ],
  [
    'callback_url not a URL',
    () => api.client.sms.messages.create({ ...ok, callback_url: 'example.com/cb' }),
    'callback_url',
    /https/,
  ],
  ['body not an object', () => api.client.sms.messages.create(null as never), 'value', /object/],
  ['limit 0', () => api.client.sms.messages.list({ limit: 0 }), 'limit', /1 to 100/],
  ['limit 101', () => api.client.sms.messages.list({ limit: 101 }), 'limit', /1 to 100/],
  ['limit 2.5', () => api.client.sms.messages.list({ limit: 2.5 }), 'limit', /integer from 1 to 100/],
  [
    'status not a string',
    () => api.client.sms.messages.list({ status: 5 as never }),
    'status',
    /must be a string/,
  ],
  [
    'route not a string in list',
    () => api.client.sms.messages.list({ route: true as never }),
    'route',
    /must be a string/,
  ],
  [
    'from_date not a date',
    () => api.client.sms.messages.list({ from_date: 'last week' }),
    'from_date',
    /ISO 8601/,
  ],
  [
    'to_date not a date',
    () => api.client.sms.messages.list({ to_date: '2026-13-45T00:00:00Z' }),
    'to_date',
    /valid date/,
  ],
  [
    'an unknown filter',
    () => api.client.sms.messages.list({ sender: 'ACME' } as never),
    'sender',
    /sender is not a field \(the fields are limit, after, status, route, from_date, to_date\)/,
  ],
  [
    'a filter spelt in camelCase',
    () => api.client.sms.messages.list({ fromDate: new Date() } as never),
    'fromDate',
    /did you mean from_date\?/,
  ],
  // Property names (docs/decisions/property-names.md): near misses of a documented field are refused
  // everywhere, by the field's name; other unknown names on the closed bodies too.
  ...(['scheduleAt', 'Schedule-At', 'SCHEDULE_AT', 'scheduleat'] as const).map((key): Refusal => [
    `create with ${key}`,
    () => api.client.sms.messages.create({ ...ok, [key]: new Date(Date.now() + DAY) } as never),
    key,
    /did you mean schedule_at\?/,
  ]),
  [
    'create with an unknown field',
    () => api.client.sms.messages.create({ ...ok, priority: 'high' } as never),
    'priority',
    /is not a field \(the fields are to, message, from, schedule_at, route, reference_id, callback_url\)/,
  ],
  ['message_id empty', () => api.client.sms.messages.retrieve(''), 'messageId', /non-empty/],
  ['message_id a dot-segment', () => api.client.sms.messages.retrieve('..'), 'messageId', /"\."/],
];

describeRefusals(wire, refused);
