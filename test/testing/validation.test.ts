import { describe, expect, it } from 'vitest';
import { call, get, manualClock, post, useMockService } from './helpers.js';

const clock = manualClock('2026-01-01T09:00:00.000Z');
const mock = useMockService({ clock });

const NOW = '2026-01-01T09:00:00.000Z';
const SEVEN_DAYS = 7 * 86_400_000;
const at = (offsetMs: number) => new Date(Date.parse(NOW) + offsetMs).toISOString();
const text = (n: number, char = 'a') => char.repeat(n);

type Case = [name: string, body: Record<string, unknown>, param: string, code?: string];

const message = { to: '447700900123', message: 'Hello' };
const messageCases: Case[] = [
  ['to is missing', { message: 'Hello' }, 'to', 'parameter_missing'],
  ['to has a plus sign', { ...message, to: '+447700900123' }, 'to'],
  ['to has spaces', { ...message, to: '44 7700 900123' }, 'to'],
  ['to has dashes', { ...message, to: '44-7700-900123' }, 'to'],
  ['to starts with 0', { ...message, to: '07700900123' }, 'to'],
  ['to has 7 digits', { ...message, to: '4477009' }, 'to'],
  ['to has 16 digits', { ...message, to: '4477009001234567' }, 'to'],
  ['to is a number', { ...message, to: 447700900123 }, 'to'],
  ['message is missing', { to: '447700900123' }, 'message', 'parameter_missing'],
  ['message is empty', { ...message, message: '' }, 'message'],
  ['message has 1001 characters', { ...message, message: text(1001) }, 'message'],
  ['message is not a string', { ...message, message: ['Hello'] }, 'message'],
  ['from has 12 characters', { ...message, from: 'ABCDEFGHIJKL' }, 'from'],
  ['from is empty', { ...message, from: '' }, 'from'],
  ['from is null', { ...message, from: null }, 'from'],
  ['schedule_at is not a date', { ...message, schedule_at: 'tomorrow' }, 'schedule_at'],
  ['schedule_at has no time zone', { ...message, schedule_at: '2026-01-02T09:00:00' }, 'schedule_at'],
  ['schedule_at is a date only', { ...message, schedule_at: '2026-01-02' }, 'schedule_at'],
  ['schedule_at is not a calendar date', { ...message, schedule_at: '2026-02-31T09:00:00Z' }, 'schedule_at'],
  ['schedule_at is a number', { ...message, schedule_at: 1767258000 }, 'schedule_at'],
  ['schedule_at is 7 days and 1 ms ahead', { ...message, schedule_at: at(SEVEN_DAYS + 1) }, 'schedule_at'],
  ['schedule_at has no seconds', { ...message, schedule_at: '2026-01-02T08:17Z' }, 'schedule_at'],
  [
    'schedule_at has an offset without a colon',
    { ...message, schedule_at: '2026-01-02T10:00:00+0100' },
    'schedule_at',
  ],
  ['an unknown field', { ...message, campaign: 'spring' }, 'campaign', 'unknown_parameter'],
  ['route is unknown', { ...message, route: 'express' }, 'route'],
  ['reference_id has 101 characters', { ...message, reference_id: text(101) }, 'reference_id'],
  ['reference_id is a number', { ...message, reference_id: 42 }, 'reference_id'],
  ['callback_url is plain HTTP', { ...message, callback_url: 'http://example.com/cb' }, 'callback_url'],
  ['callback_url is not a URL', { ...message, callback_url: 'example.com/cb' }, 'callback_url'],
];

const bulk = { recipients: ['447700900123', '447700900456'], message: 'Sale' };
const bulkCases: Case[] = [
  ['recipients is missing', { message: 'Sale' }, 'recipients', 'parameter_missing'],
  ['recipients is a string', { ...bulk, recipients: '447700900123' }, 'recipients'],
  ['recipients is empty', { ...bulk, recipients: [] }, 'recipients'],
  [
    'recipients has 10001 numbers',
    { ...bulk, recipients: Array.from({ length: 10_001 }, () => '447700900123') },
    'recipients',
  ],
  ['a recipient has a plus sign', { ...bulk, recipients: ['+447700900123'] }, 'recipients[0]'],
  [
    'the second recipient is too long',
    { ...bulk, recipients: ['447700900123', '1'.repeat(21)] },
    'recipients[1]',
  ],
  ['a recipient has spaces', { ...bulk, recipients: ['44 7700 900123'] }, 'recipients[0]'],
  ['message is empty', { ...bulk, message: '' }, 'message'],
  ['message has 1001 characters', { ...bulk, message: text(1001) }, 'message'],
  ['from has 12 characters', { ...bulk, from: 'ABCDEFGHIJKL' }, 'from'],
  ['route is otp', { ...bulk, route: 'otp' }, 'route'],
  ['route is unknown', { ...bulk, route: 'bulk' }, 'route'],
  ['schedule_at is in the past', { ...bulk, schedule_at: at(-1000) }, 'schedule_at'],
  ['schedule_at is now', { ...bulk, schedule_at: NOW }, 'schedule_at'],
  ['schedule_at is 7 days and 1 ms ahead', { ...bulk, schedule_at: at(SEVEN_DAYS + 1) }, 'schedule_at'],
  ['schedule_at has no time zone', { ...bulk, schedule_at: '2026-01-02T09:00:00' }, 'schedule_at'],
];

const template = { to: '447700900123', variables: { name: 'Ada', company: 'Acme' } };
const templateCases: Case[] = [
  ['to is missing', { variables: template.variables }, 'to', 'parameter_missing'],
  ['to has a plus sign', { ...template, to: '+447700900123' }, 'to'],
  ['variables is missing', { to: '447700900123' }, 'variables', 'parameter_missing'],
  ['variables is an array', { ...template, variables: ['Ada'] }, 'variables'],
  ['variables is a string', { ...template, variables: 'name=Ada' }, 'variables'],
  ['variables is null', { ...template, variables: null }, 'variables'],
  [
    'a variable is an object',
    { ...template, variables: { name: { first: 'Ada' }, company: 'Acme' } },
    'variables.name',
  ],
  [
    'a variable the template uses is absent',
    { ...template, variables: { name: 'Ada' } },
    'variables.company',
    'template_variable_missing',
  ],
  [
    'the rendered text is over 1000 characters',
    { ...template, variables: { name: text(990), company: 'Acme' } },
    'variables',
  ],
  ['from has 12 characters', { ...template, from: 'ABCDEFGHIJKL' }, 'from'],
  ['route is unknown', { ...template, route: 'fast' }, 'route'],
];

const webhook = { url: 'https://example.com/hooks', events: ['message.delivered'] };
const webhookCases: Case[] = [
  ['url is missing', { events: webhook.events }, 'url', 'parameter_missing'],
  ['url is plain HTTP', { ...webhook, url: 'http://example.com/hooks' }, 'url'],
  ['url is not a URL', { ...webhook, url: 'hooks' }, 'url'],
  ['events is missing', { url: webhook.url }, 'events', 'parameter_missing'],
  ['events is empty', { ...webhook, events: [] }, 'events'],
  ['events is a string', { ...webhook, events: 'message.sent' }, 'events'],
  ['an event is balance.low', { ...webhook, events: ['message.sent', 'balance.low'] }, 'events[1]'],
  ['an event is a payment event', { ...webhook, events: ['payment.succeeded'] }, 'events[0]'],
  ['enabled is a string', { ...webhook, enabled: 'yes' }, 'enabled'],
  ['retry_config is a number', { ...webhook, retry_config: 5 }, 'retry_config'],
  [
    'retry_config.max_attempts is negative',
    { ...webhook, retry_config: { max_attempts: -1 } },
    'retry_config.max_attempts',
  ],
  [
    'retry_config.backoff_seconds is a fraction',
    { ...webhook, retry_config: { backoff_seconds: 1.5 } },
    'retry_config.backoff_seconds',
  ],
];

const attachCases: Case[] = [
  ['payment_method is missing', { set_default: true }, 'payment_method', 'parameter_missing'],
  ['payment_method is empty', { payment_method: '' }, 'payment_method'],
  ['payment_method is a number', { payment_method: 42 }, 'payment_method'],
  ['set_default is a string', { payment_method: 'pm_1', set_default: 'true' }, 'set_default'],
];

const posts: [string, string, Case[]][] = [
  ['POST /sms/messages', '/sms/messages', messageCases],
  ['POST /sms/bulk', '/sms/bulk', bulkCases],
  ['POST /sms/templates/tpl_welcome/send', '/sms/templates/tpl_welcome/send', templateCases],
  ['POST /sms/webhooks', '/sms/webhooks', webhookCases],
  [
    'POST /payment/customers/cus_123/payment_methods',
    '/payment/customers/cus_123/payment_methods',
    attachCases,
  ],
];

describe.each(posts)('%s', (_, path, cases) => {
  it.each(cases)('answers 400 when %s', async (_name, body, param, code = 'parameter_invalid') => {
    const messagesBefore = mock.store.messages.size;
    const hooksBefore = mock.store.smsWebhooks.size;
    const res = await post(mock, path, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code, param });
    expect(res.body.error.message).toEqual(expect.any(String));
    expect(mock.store.messages.size).toBe(messagesBefore);
    expect(mock.store.smsWebhooks.size).toBe(hooksBefore);
  });
});

describe('limits at their edges are accepted', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['a 15-digit number', '/sms/messages', { ...message, to: '123456789012345' }],
    ['an 8-digit number', '/sms/messages', { ...message, to: '12345678' }],
    ['1000 characters', '/sms/messages', { ...message, message: text(1000) }],
    [
      '1000 emoji (code points, not UTF-16 units)',
      '/sms/messages',
      { ...message, message: text(1000, '😀') },
    ],
    ['an 11-character sender', '/sms/messages', { ...message, from: 'ABCDEFGHIJK' }],
    ['a schedule exactly 7 days ahead', '/sms/messages', { ...message, schedule_at: at(SEVEN_DAYS) }],
    ['a past schedule on a single send', '/sms/messages', { ...message, schedule_at: at(-60_000) }],
    ['a null schedule', '/sms/messages', { ...message, schedule_at: null }],
    ['lower-case t and z (RFC 3339)', '/sms/messages', { ...message, schedule_at: '2026-01-02t10:00:00z' }],
    ['a 100-character reference_id', '/sms/messages', { ...message, reference_id: text(100) }],
    ['an HTTPS callback_url', '/sms/messages', { ...message, callback_url: 'https://example.com/cb' }],
    ['unknown fields on webhook create (open)', '/sms/webhooks', { ...webhook, description: 'spring' }],
    [
      '10000 recipients',
      '/sms/bulk',
      { ...bulk, recipients: Array.from({ length: 10_000 }, (_, i) => `4477${String(i).padStart(8, '0')}`) },
    ],
    ['a bulk schedule 1 ms ahead', '/sms/bulk', { ...bulk, schedule_at: at(1) }],
    [
      'number and boolean variables',
      '/sms/templates/tpl_welcome/send',
      { ...template, variables: { name: 7, company: true } },
    ],
    [
      'retry_config with zeros',
      '/sms/webhooks',
      { ...webhook, retry_config: { max_attempts: 0, backoff_seconds: 0 } },
    ],
  ])('%s', async (_name, path, body) => {
    const res = await post(mock, path, body);
    expect(res.body).not.toHaveProperty('error');
    expect(res.status).toBe(200);
  });
});

type QueryCase = [name: string, query: string, param: string, code?: string];

describe('GET /sms/messages', () => {
  it.each<QueryCase>([
    ['limit is 0', 'limit=0', 'limit'],
    ['limit is 101', 'limit=101', 'limit'],
    ['limit is not a number', 'limit=ten', 'limit'],
    ['limit is a fraction', 'limit=1.5', 'limit'],
    ['limit is empty', 'limit=', 'limit'],
    ['status is unknown', 'status=pending', 'status'],
    ['route is unknown', 'route=fast', 'route'],
    ['from_date is not a date', 'from_date=yesterday', 'from_date'],
    ['to_date is a date only', 'to_date=2026-01-01', 'to_date'],
    ['after is not a message id', 'after=msg_99999999', 'after'],
    ['a filter is repeated', 'status=sent&status=failed', 'status'],
    ['a parameter is unknown', 'page=2', 'page', 'unknown_parameter'],
  ])('answers 400 when %s', async (_name, query, param, code = 'parameter_invalid') => {
    const res = await get(mock, `/sms/messages?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code, param });
  });

  it('accepts limits 1 and 100 and every filter together', async () => {
    for (const limit of [1, 100]) {
      const res = await get(
        mock,
        `/sms/messages?limit=${limit}&status=queued&route=otp&from_date=2026-01-01T00:00:00Z&to_date=2026-01-02T00:00:00%2B01:00`,
      );
      expect(res.status).toBe(200);
    }
  });
});

describe('GET /payment/webhooks', () => {
  it.each<QueryCase>([
    ['limit is 0', 'limit=0', 'limit'],
    ['limit is 101', 'limit=101', 'limit'],
    ['after is not a webhook id', 'after=we_nope', 'after'],
    ['a parameter is unknown', 'status=enabled', 'status', 'unknown_parameter'],
  ])('answers 400 when %s', async (_name, query, param, code = 'parameter_invalid') => {
    const res = await get(mock, `/payment/webhooks?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code, param });
  });
});

describe('request bodies', () => {
  it('answers 400 invalid_json for a body that is not JSON', async () => {
    const res = await call(mock, 'POST', '/sms/messages', undefined, { raw: '{"to": "447700900123",' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_json',
      param: null,
    });
  });

  it('reads an empty body as no body: the route names the first missing field', async () => {
    const res = await call(mock, 'POST', '/sms/webhooks', undefined, { raw: '' });
    expect(res.body.error).toMatchObject({ code: 'parameter_missing', param: 'url' });
  });

  it.each(['[]', 'null', '"text"', '42'])('answers 400 invalid_body for %s', async (raw) => {
    const res = await call(mock, 'POST', '/sms/messages', undefined, { raw });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_body');
  });

  it('answers 415 for a body that is not sent as application/json', async () => {
    const res = await post(mock, '/sms/messages', message, { contentType: 'text/plain;charset=UTF-8' });
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'unsupported_media_type',
      param: 'Content-Type',
    });
  });

  it('accepts application/json with a charset', async () => {
    expect(
      (await post(mock, '/sms/messages', message, { contentType: 'application/json; charset=utf-8' })).status,
    ).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('answers 400 for a key of 256 characters', async () => {
    const res = await post(mock, '/sms/messages', message, { idempotencyKey: text(256) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param: 'Idempotency-Key' });
    expect(mock.store.messages.size).toBe(0);
  });

  it('accepts a key of 255 characters', async () => {
    expect((await post(mock, '/sms/messages', message, { idempotencyKey: text(255) })).status).toBe(200);
  });
});
