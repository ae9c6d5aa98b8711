// Every request rule of api-reference.md (request tables and Limits), refused before any I/O.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, type SmsWebhookCreateParams, ValidationError } from '../../src/index.js';
import { recordRequests } from '../helpers/wire.js';

const server = setupServer();
const wire = recordRequests(server);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  wire.length = 0;
  server.resetHandlers();
});
afterAll(() => server.close());

const client = new Client({
  apiKey: 'k',
  testApiKey: 't',
  accessToken: 'a',
  baseURL: 'https://api.gateway.test',
  sandboxBaseURL: 'https://sandbox.gateway.test',
});
const DAY = 86_400_000;
const ok = { to: '447700900123', message: 'hi' };
const bulk = { recipients: ['447700900123'], message: 'hi' };
const tpl = { to: '447700900123', variables: { name: 'Ada' } };
const hook: SmsWebhookCreateParams = { url: 'https://example.com/h', events: ['message.sent'] };
type Call = () => PromiseLike<unknown>;

// [rule, call, field path as joined in the message, text of the rule]
const refused: [string, Call, string, RegExp][] = [
  // 1. POST /sms/messages
  ['to missing', () => client.sms.messages.create({ message: 'hi' } as never), 'to', /is required/],
  [
    'to with spaces',
    () => client.sms.messages.create({ ...ok, to: '+44 7700 900123' }),
    'to',
    /without spaces or dashes/,
  ],
  [
    'to with dashes',
    () => client.sms.messages.create({ ...ok, to: '44-7700-900123' }),
    'to',
    /international number/,
  ],
  [
    'to starting with 0',
    () => client.sms.messages.create({ ...ok, to: '07700900123' }),
    'to',
    /international number/,
  ],
  ['to of 7 digits', () => client.sms.messages.create({ ...ok, to: '1234567' }), 'to', /8 to 15 digits/],
  [
    'to of 16 digits',
    () => client.sms.messages.create({ ...ok, to: '1234567890123456' }),
    'to',
    /8 to 15 digits/,
  ],
  [
    'to with two plus signs',
    () => client.sms.messages.create({ ...ok, to: '++447700900123' }),
    'to',
    /international number/,
  ],
  [
    'message missing',
    () => client.sms.messages.create({ to: '447700900123' } as never),
    'message',
    /is required/,
  ],
  [
    'message empty',
    () => client.sms.messages.create({ ...ok, message: '' }),
    'message',
    /1 to 1000 characters/,
  ],
  [
    'message of 1001 characters',
    () => client.sms.messages.create({ ...ok, message: 'x'.repeat(1001) }),
    'message',
    /1 to 1000/,
  ],
  [
    'message of 1001 emoji',
    () => client.sms.messages.create({ ...ok, message: '😀'.repeat(1001) }),
    'message',
    /1 to 1000/,
  ],
  [
    'from of 12 characters',
    () => client.sms.messages.create({ ...ok, from: 'ABCDEFGHIJKL' }),
    'from',
    /at most 11/,
  ],
  [
    'schedule_at 8 days ahead',
    () => client.sms.messages.create({ ...ok, schedule_at: new Date(Date.now() + 8 * DAY) }),
    'schedule_at',
    /at most 7 days ahead/,
  ],
  [
    'schedule_at 7 days and 10 minutes ahead',
    () =>
      client.sms.messages.create({
        ...ok,
        schedule_at: new Date(Date.now() + 7 * DAY + 600_000).toISOString(),
      }),
    'schedule_at',
    /7 days/,
  ],
  [
    'schedule_at not ISO 8601',
    () => client.sms.messages.create({ ...ok, schedule_at: 'tomorrow' }),
    'schedule_at',
    /ISO 8601/,
  ],
  [
    'schedule_at without a time zone',
    () => client.sms.messages.create({ ...ok, schedule_at: '2026-01-01T09:00:00' }),
    'schedule_at',
    /time zone/,
  ],
  [
    'schedule_at an invalid Date',
    () => client.sms.messages.create({ ...ok, schedule_at: new Date('nope') }),
    'schedule_at',
    /valid date/,
  ],
  [
    'route unknown',
    () => client.sms.messages.create({ ...ok, route: 'express' as never }),
    'route',
    /otp, transactional, promotional/,
  ],
  [
    'reference_id of 101 characters',
    () => client.sms.messages.create({ ...ok, reference_id: 'r'.repeat(101) }),
    'reference_id',
    /at most 100/,
  ],
  [
    'callback_url over plain HTTP',
    () => client.sms.messages.create({ ...ok, callback_url: 'http://example.com/cb' }),
    'callback_url',
    /https/,
  ],
  [
    'callback_url not a URL',
    () => client.sms.messages.create({ ...ok, callback_url: 'example.com/cb' }),
    'callback_url',
    /https/,
  ],
  ['body not an object', () => client.sms.messages.create(null as never), 'value', /object/],
  // 2. GET /sms/messages
  ['limit 0', () => client.sms.messages.list({ limit: 0 }), 'limit', /1 to 100/],
  ['limit 101', () => client.sms.messages.list({ limit: 101 }), 'limit', /1 to 100/],
  ['limit 2.5', () => client.sms.messages.list({ limit: 2.5 }), 'limit', /integer from 1 to 100/],
  [
    'status unknown',
    () => client.sms.messages.list({ status: 'lost' as never }),
    'status',
    /queued, sent, delivered, failed, expired/,
  ],
  ['route unknown in list', () => client.sms.messages.list({ route: 'fast' as never }), 'route', /otp/],
  [
    'from_date not a date',
    () => client.sms.messages.list({ from_date: 'last week' }),
    'from_date',
    /ISO 8601/,
  ],
  [
    'to_date not a date',
    () => client.sms.messages.list({ to_date: '2026-13-45T00:00:00Z' }),
    'to_date',
    /valid date/,
  ],
  [
    'an unknown filter',
    () => client.sms.messages.list({ sender: 'ACME' } as never),
    'sender',
    /sender is not a field \(the fields are limit, after, status, route, from_date, to_date\)/,
  ],
  [
    'a filter spelt in camelCase',
    () => client.sms.messages.list({ fromDate: new Date() } as never),
    'fromDate',
    /did you mean from_date\?/,
  ],
  // Property names (docs/decisions.md, Requests): near misses of a documented field are refused
  // everywhere, by the field's name; other unknown names on the closed bodies too.
  ...(['scheduleAt', 'Schedule-At', 'SCHEDULE_AT', 'scheduleat'] as const).map(
    (key): [string, Call, string, RegExp] => [
      `create with ${key}`,
      () => client.sms.messages.create({ ...ok, [key]: new Date(Date.now() + DAY) } as never),
      key,
      /did you mean schedule_at\?/,
    ],
  ),
  [
    'create with an unknown field',
    () => client.sms.messages.create({ ...ok, priority: 'high' } as never),
    'priority',
    /is not a field \(the fields are to, message, from, schedule_at, route, reference_id, callback_url\)/,
  ],
  [
    'bulk with scheduleAt',
    () => client.sms.bulk.create({ ...bulk, scheduleAt: new Date(Date.now() + DAY) } as never),
    'scheduleAt',
    /did you mean schedule_at\?/,
  ],
  [
    'template send with Route',
    () => client.sms.templates.send('tpl_1', { ...tpl, Route: 'otp' } as never),
    'Route',
    /did you mean route\?/,
  ],
  [
    'attach with setDefault',
    () =>
      client.payment.customers.paymentMethods.attach('cus_1', {
        payment_method: 'pm_1',
        setDefault: true,
      } as never),
    'setDefault',
    /did you mean set_default\?/,
  ],
  [
    'webhook create with retryConfig',
    () => client.sms.webhooks.create({ ...hook, retryConfig: { max_attempts: 3 } } as never),
    'retryConfig',
    /did you mean retry_config\?/,
  ],
  [
    'webhook create with Enabled',
    () => client.sms.webhooks.create({ ...hook, Enabled: false } as never),
    'Enabled',
    /did you mean enabled\?/,
  ],
  [
    'webhook retry_config with maxAttempts',
    () => client.sms.webhooks.create({ ...hook, retry_config: { maxAttempts: 3 } } as never),
    'retry_config.maxAttempts',
    /did you mean max_attempts\?/,
  ],
  [
    'webhook retry_config with an unknown field',
    () => client.sms.webhooks.create({ ...hook, retry_config: { jitter: true } } as never),
    'retry_config.jitter',
    /is not a field \(the fields are max_attempts, backoff_seconds\)/,
  ],
  // 3. GET /sms/messages/{message_id}
  ['message_id empty', () => client.sms.messages.retrieve(''), 'messageId', /non-empty/],
  ['message_id a dot-segment', () => client.sms.messages.retrieve('..'), 'messageId', /"\."/],
  // 4. POST /sms/bulk
  ['recipients empty', () => client.sms.bulk.create({ ...bulk, recipients: [] }), 'recipients', /1 to 10000/],
  [
    'recipients 10001',
    () =>
      client.sms.bulk.create({ ...bulk, recipients: Array.from({ length: 10_001 }, () => '447700900123') }),
    'recipients',
    /1 to 10000/,
  ],
  [
    'a bad recipient',
    () => client.sms.bulk.create({ ...bulk, recipients: ['447700900123', '12 34'] }),
    'recipients.1',
    /international number/,
  ],
  ['bulk message empty', () => client.sms.bulk.create({ ...bulk, message: '' }), 'message', /1 to 1000/],
  [
    'bulk from of 12 characters',
    () => client.sms.bulk.create({ ...bulk, from: 'ABCDEFGHIJKL' }),
    'from',
    /at most 11/,
  ],
  [
    'otp on bulk',
    () => client.sms.bulk.create({ ...bulk, route: 'otp' as never }),
    'route',
    /otp is not offered for bulk/,
  ],
  [
    'bulk schedule_at in the past',
    () => client.sms.bulk.create({ ...bulk, schedule_at: new Date(Date.now() - 3_600_000) }),
    'schedule_at',
    /in the future/,
  ],
  [
    'bulk schedule_at 8 days ahead',
    () => client.sms.bulk.create({ ...bulk, schedule_at: new Date(Date.now() + 8 * DAY) }),
    'schedule_at',
    /7 days/,
  ],
  // 5. POST /sms/templates/{template_id}/send
  ['template_id empty', () => client.sms.templates.send('', tpl), 'templateId', /non-empty/],
  [
    'template to invalid',
    () => client.sms.templates.send('tpl_1', { ...tpl, to: '+44 7700' }),
    'to',
    /international number/,
  ],
  [
    'variables missing',
    () => client.sms.templates.send('tpl_1', { to: '447700900123' } as never),
    'variables',
    /must be an object/,
  ],
  [
    'variables not an object',
    () => client.sms.templates.send('tpl_1', { ...tpl, variables: 'name=Ada' as never }),
    'variables',
    /object/,
  ],
  [
    'a variable that is an object',
    () => client.sms.templates.send('tpl_1', { ...tpl, variables: { name: { first: 'Ada' } } as never }),
    'variables.name',
    /string, number or boolean/,
  ],
  [
    'template from of 12 characters',
    () => client.sms.templates.send('tpl_1', { ...tpl, from: 'ABCDEFGHIJKL' }),
    'from',
    /at most 11/,
  ],
  [
    'template route unknown',
    () => client.sms.templates.send('tpl_1', { ...tpl, route: 'slow' as never }),
    'route',
    /otp/,
  ],
  // 6. GET /sms/webhooks/{webhook_id}
  ['webhook_id empty', () => client.sms.webhooks.retrieve(''), 'webhookId', /non-empty/],
  // 7. POST /sms/webhooks
  [
    'webhook url over plain HTTP',
    () => client.sms.webhooks.create({ ...hook, url: 'http://example.com/h' }),
    'url',
    /https/,
  ],
  [
    'webhook url missing',
    () => client.sms.webhooks.create({ events: ['message.sent'] } as never),
    'url',
    /is required/,
  ],
  [
    'webhook event unknown',
    () => client.sms.webhooks.create({ ...hook, events: ['message.sent', 'balance.low'] as never }),
    'events.1',
    /balance\.low cannot be subscribed/,
  ],
  [
    'webhook events not an array',
    () => client.sms.webhooks.create({ ...hook, events: 'message.sent' as never }),
    'events',
    /array/,
  ],
  [
    'retry_config negative',
    () => client.sms.webhooks.create({ ...hook, retry_config: { max_attempts: -1 } }),
    'retry_config.max_attempts',
    /0 or more/,
  ],
  // 8. GET /payment/webhooks
  ['payment webhooks limit 0', () => client.payment.webhooks.list({ limit: 0 }), 'limit', /1 to 100/],
  ['payment webhooks limit 101', () => client.payment.webhooks.list({ limit: 101 }), 'limit', /1 to 100/],
  // 9. POST /payment/customers/{id}/payment_methods
  [
    'customer id empty on attach',
    () => client.payment.customers.paymentMethods.attach('', { payment_method: 'pm_1' }),
    'customerId',
    /non-empty/,
  ],
  [
    'payment_method missing',
    () => client.payment.customers.paymentMethods.attach('cus_1', {} as never),
    'payment_method',
    /is required/,
  ],
  [
    'payment_method empty',
    () => client.payment.customers.paymentMethods.attach('cus_1', { payment_method: '' }),
    'payment_method',
    /non-empty/,
  ],
  [
    'set_default not a boolean',
    () =>
      client.payment.customers.paymentMethods.attach('cus_1', {
        payment_method: 'pm_1',
        set_default: 'yes' as never,
      }),
    'set_default',
    /boolean/,
  ],
  // 10. GET /payment/customers/{id}
  ['customer id empty', () => client.payment.customers.retrieve(''), 'id', /non-empty/],
  // 11. GET /account/organizations/{organizationId}/members
  [
    'organizationId empty',
    () => client.account.organizations.members.list(''),
    'organizationId',
    /non-empty/,
  ],
  [
    'organizationId not a string',
    () => client.account.organizations.members.list(42 as never),
    'organizationId',
    /non-empty string/,
  ],
];

describe('every documented rule is checked before any I/O', () => {
  it.each(refused)('refuses %s', async (_rule, call, field, rule) => {
    const error = await Promise.resolve(call()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    const message = (error as ValidationError).message;
    expect(message).toContain(`${field} `);
    expect(message).toMatch(rule);
    expect(message).toMatch(/Nothing was sent|must|cannot/);
    expect((error as ValidationError).issues.map((i) => i.path.join('.') || 'value')).toContain(field);
    expect(wire).toHaveLength(0);
  });

  it('lists every breach at once', async () => {
    const error = (await Promise.resolve(
      client.sms.messages.create({ to: 'x', message: '', from: 'ABCDEFGHIJKLM' }),
    ).catch((e: unknown) => e)) as ValidationError;
    expect(error.issues.map((i) => i.path[0])).toEqual(['to', 'message', 'from']);
  });
});

describe('property names', () => {
  it('from plain JavaScript, scheduleAt rejects naming schedule_at, and nothing is sent', async () => {
    const body: unknown = { to: '447700900123', message: 'hi', scheduleAt: new Date(Date.now() + DAY) };
    const error = await Promise.resolve(client.sms.messages.create(body as never)).catch((e: unknown) => e);
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
      client.sms.messages.create({ to: 'x', message: 'hi', Route: 'otp' } as never),
    ).catch((e: unknown) => e)) as ValidationError;
    expect(error.issues.map((i) => i.path.join('.'))).toEqual(['Route', 'to']);
    expect(wire).toHaveLength(0);
  });

  it('passes a field the reference leaves open through on webhook create, as given', async () => {
    let sent: unknown;
    server.use(
      http.post('https://api.gateway.test/sms/webhooks', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 'wh_1', url: hook.url, events: hook.events, enabled: true });
      }),
    );
    const body = { ...hook, enabled: false, retry_config: { max_attempts: 3 }, description: 'orders' };
    await client.sms.webhooks.create(body as SmsWebhookCreateParams);
    expect(wire).toHaveLength(1);
    expect(sent).toEqual(body);
  });
});

describe('many bad bulk recipients', () => {
  it('are grouped in one sentence, while issues keep every path', async () => {
    const recipients = Array.from({ length: 100 }, (_, i) =>
      i >= 7 && i < 64 ? `0${i}` : `4477009${String(i).padStart(5, '0')}`,
    );
    const error = (await Promise.resolve(client.sms.bulk.create({ recipients, message: 'hi' })).catch(
      (e: unknown) => e,
    )) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(
      /^Invalid BulkCreateParams: recipients has 57 invalid entries, at 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, …: each must be an international number of 8 to 15 digits/,
    );
    expect(error.message.match(/must be an international number/g)).toHaveLength(1);
    expect(error.issues).toHaveLength(57);
    expect(error.issues[56]?.path).toEqual(['recipients', 63]);
    expect(wire).toHaveLength(0);
  });

  it('one bad recipient still reads as one sentence with its position', async () => {
    const error = (await Promise.resolve(
      client.sms.bulk.create({ recipients: ['447700900123', '12'], message: 'hi' }),
    ).catch((e: unknown) => e)) as ValidationError;
    expect(error.message).toMatch(/^Invalid BulkCreateParams: recipients\.1 must be an international number/);
  });
});
