// Every request rule of api-reference.md (request tables and Limits), refused before any I/O.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, type SmsWebhookCreateParams, ValidationError } from '../../src/index.js';
import { recordRequests } from '../helpers/wire.js';

const server = setupServer();
const wire = recordRequests(server);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  wire.length = 0;
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
    'value',
    /unknown key "sender"/,
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
