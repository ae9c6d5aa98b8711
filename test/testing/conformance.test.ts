// Conformance: a corpus of requests written from the reference's request tables and Limits, valid
// and invalid, each sent to the mock and its answer checked by the validator in reference.ts.
// Any mismatch fails, listing every case at fault.
import { describe, expect, it } from 'vitest';
import { createMockService } from 'gateway-sdk/testing';
import { OPERATIONS, type Operation, type OperationId, routeKey } from '../../src/resources/operations.js';
import { routeKey as mockRouteKey } from '../../src/testing/router.js';
import { ROUTES } from '../../src/testing/routes/index.js';
import { coverageProblems } from '../helpers/operations.js';
import { check, type Expectation } from './reference.js';

interface Case {
  name: string;
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string | null>;
  expect: Expectation;
}

const NOW = Date.parse('2026-01-01T09:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const DAY = 86_400_000;

const ok: Expectation = { ok: true };
const bad = (param: string | null): Expectation => ({ status: 400, param });

function bodyCases(
  at: Pick<Case, 'route' | 'method' | 'path'>,
  base: Record<string, unknown>,
  fields: Record<string, { valid: unknown[]; invalid: unknown[]; required?: boolean }>,
): Case[] {
  const out: Case[] = [{ name: 'the minimal valid body', ...at, body: base, expect: ok }];
  for (const [field, { valid, invalid, required }] of Object.entries(fields)) {
    for (const value of valid)
      out.push({
        name: `${field} = ${JSON.stringify(value)?.slice(0, 40)}`,
        ...at,
        body: { ...base, [field]: value },
        expect: ok,
      });
    for (const value of invalid)
      out.push({
        name: `${field} = ${JSON.stringify(value)?.slice(0, 40)} is refused`,
        ...at,
        body: { ...base, [field]: value },
        expect: bad(field),
      });
    if (required) {
      const { [field]: _, ...without } = base;
      out.push({
        name: `${field} missing is refused`,
        ...at,
        body: without,
        expect: bad(field),
      });
    }
  }
  return out;
}

/**
 * The route key, method and path of a request to a declared operation (src/resources/operations.ts),
 * each `{name}` of its path filled by the next of `ids`, then `query`.
 */
function operation(
  id: OperationId,
  ids: readonly string[] = [],
  query = '',
): Pick<Case, 'route' | 'method' | 'path'> {
  const declared: Operation = OPERATIONS[id];
  let n = 0;
  return {
    route: routeKey(declared),
    method: declared.method,
    path: `/${declared.path.replace(/\{\w+\}/g, () => ids[n++] ?? '')}${query}`,
  };
}

const longText = (n: number) => 'x'.repeat(n);
const phones = {
  valid: ['447700900123', '12345678', '123456789012345', '+447700900123'.slice(1)],
  invalid: [
    '+447700900123',
    '0447700900123',
    '1234567',
    '1234567890123456',
    '44 7700 900123',
    '44-7700-900123',
    447700900123,
    '',
    null,
  ],
};

const sendBody = { to: '447700900123', message: 'Hi' };
const UNKNOWN_FIELDS_AND_LIMITS: Case[] = [
  // Unknown or misspelled fields on the four complete tables (webhook create stays open).
  ...(
    [
      ['sms.messages.create', [], { ...sendBody, scheduleAt: '2026-01-02T09:00:00Z' }, 'scheduleAt'],
      ['sms.messages.create', [], { ...sendBody, callbackUrl: 'https://e.com' }, 'callbackUrl'],
      ['sms.messages.create', [], { ...sendBody, Schedule_At: null }, 'Schedule_At'],
      ['sms.messages.create', [], { ...sendBody, foo: 1 }, 'foo'],
      ['sms.bulk.create', [], { recipients: ['447700900123'], message: 'x', scheduleAt: null }, 'scheduleAt'],
      [
        'sms.bulk.create',
        [],
        { recipients: ['447700900123'], message: 'x', callback_url: 'https://e.com' },
        'callback_url',
      ],
      [
        'sms.bulk.create',
        [],
        { recipients: ['447700900123'], message: 'x', reference_id: 'r' },
        'reference_id',
      ],
      [
        'sms.templates.send',
        ['tpl_otp'],
        { to: '447700900123', variables: { code: 1 }, message: 'x' },
        'message',
      ],
      [
        'sms.templates.send',
        ['tpl_otp'],
        { to: '447700900123', variables: { code: 1 }, schedule_at: null },
        'schedule_at',
      ],
      [
        'payment.customers.paymentMethods.attach',
        ['cus_123'],
        { payment_method: 'pm_1', paymentMethod: 'pm_1' },
        'paymentMethod',
      ],
      [
        'payment.customers.paymentMethods.attach',
        ['cus_123'],
        { payment_method: 'pm_1', setDefault: true },
        'setDefault',
      ],
    ] as const
  ).map(([id, ids, body, field]) => ({
    name: `unknown field ${field}`,
    ...operation(id, ids),
    body,
    expect: bad(field),
  })),
  {
    name: 'webhook create takes further fields',
    ...operation('sms.webhooks.create'),
    body: { url: 'https://e.com/h', events: ['message.sent'], metadata: { a: 1 } },
    expect: ok,
  },
  // A request size limit (1 MiB).
  {
    name: 'a 12 MB field',
    ...operation('sms.messages.create'),
    body: { ...sendBody, reference_id: 'x'.repeat(12 * 1024 * 1024) },
    expect: { status: 413, param: null },
  },
  {
    name: 'a body just over 1 MiB',
    ...operation('sms.webhooks.create'),
    body: { url: 'https://e.com/h', events: ['message.sent'], pad: 'x'.repeat(1_048_576) },
    expect: { status: 413, param: null },
  },
  // RFC 3339 both ways.
  ...(
    [
      ['2026-01-01T10:00Z', false],
      ['2026-01-01T10:00:00', false],
      ['2026-01-01 10:00:00Z', false],
      ['2026-01-01T10:00:00+0100', false],
      ['2026-01-01T10:00:00.Z', false],
      ['2026-01-01t10:00:00z', true],
      ['2026-01-01T10:00:00.123456789Z', true],
      ['2026-01-01T10:00:00-05:00', true],
      ['2026-01-01T23:59:60Z', true],
    ] as const
  ).map(([value, valid]) => ({
    name: `schedule_at ${value}`,
    ...operation('sms.messages.create'),
    body: { ...sendBody, schedule_at: value },
    expect: valid ? ok : bad('schedule_at'),
  })),
  {
    name: 'to_date without seconds',
    ...operation('sms.messages.list', [], '?to_date=2026-01-01T10:00Z'),
    expect: bad('to_date'),
  },
  {
    name: 'from_date in lower case',
    ...operation('sms.messages.list', [], '?from_date=2026-01-01t10:00:00z'),
    expect: ok,
  },
  // https:// with a host, as written.
  ...[
    'https:hooks.example.com',
    'https:/hooks.example.com',
    'https:///hooks.example.com',
    'https://',
    'HTTPS:hooks.example.com',
  ].flatMap((url) => [
    {
      name: `webhook url ${url}`,
      ...operation('sms.webhooks.create'),
      body: { url, events: ['message.sent'] },
      expect: bad('url'),
    },
    {
      name: `callback_url ${url}`,
      ...operation('sms.messages.create'),
      body: { ...sendBody, callback_url: url },
      expect: bad('callback_url'),
    },
  ]),
  {
    name: 'an upper-case scheme is still https://',
    ...operation('sms.webhooks.create'),
    body: { url: 'HTTPS://hooks.example.com/h', events: ['message.sent'] },
    expect: ok,
  },
  // Strict paths and methods.
  ...[
    '/sms/messages/',
    '/SMS/MESSAGES',
    '/sms/messages/msg_00000001/',
    '/sms/webhooks/',
    '/payment/Customers/cus_123',
  ].map((path) => ({
    name: `path ${path}`,
    route: '',
    method: 'GET' as const,
    path,
    expect: { status: 404, param: null },
  })),
  ...(
    [
      ['DELETE', '/sms/messages'],
      ['PUT', '/sms/messages/msg_1'],
      ['GET', '/sms/bulk'],
      ['GET', '/sms/templates/tpl_otp/send'],
      ['DELETE', '/sms/webhooks/wh_123'],
      ['POST', '/payment/webhooks'],
      ['PATCH', '/payment/customers/cus_123'],
      ['GET', '/payment/customers/cus_123/payment_methods'],
      ['POST', '/account/organizations/org_123/members'],
    ] as const
  ).map(([method, path]) => ({
    name: `${method} ${path}`,
    route: '',
    method,
    path,
    expect: { status: 405, param: null },
  })),
];

export const CORPUS: Case[] = [
  // 1. Send one message
  ...bodyCases(
    operation('sms.messages.create'),
    { to: '447700900123', message: 'Hello' },
    {
      to: { ...phones, required: true },
      message: {
        valid: ['x', longText(1000), '😀'.repeat(1000), 'Über'],
        invalid: ['', longText(1001), '😀'.repeat(1001), 42, null],
        required: true,
      },
      from: { valid: ['GATEWAY', 'A', longText(11), '12345'], invalid: [longText(12), '', 7, null] },
      schedule_at: {
        valid: [null, at(60_000), at(7 * DAY), '2026-01-01T10:00:00Z', '2026-01-01T10:00:00.123+01:00'],
        invalid: [
          at(7 * DAY + 60_000),
          'tomorrow',
          '2026-02-30T10:00:00Z',
          '2026-01-01',
          1767258000,
          '2026-01-01T25:00:00Z',
        ],
      },
      route: { valid: ['otp', 'transactional', 'promotional'], invalid: ['OTP', 'express', '', null, 1] },
      reference_id: {
        valid: ['order-42', longText(100), '😀'.repeat(100)],
        invalid: [longText(101), 42, null],
      },
      callback_url: {
        valid: ['https://example.com/cb', 'https://example.com:8443/cb?x=1'],
        invalid: ['http://example.com/cb', 'example.com/cb', 'ftp://example.com', '', 42, null],
      },
    },
  ),
  // 2. List messages
  ...[
    ['', ok],
    ['?limit=1', ok],
    ['?limit=100', ok],
    ['?limit=0', bad('limit')],
    ['?limit=101', bad('limit')],
    ['?limit=abc', bad('limit')],
    ['?limit=1.5', bad('limit')],
    ['?status=queued', ok],
    ['?status=expired', ok],
    ['?status=unknown', bad('status')],
    ['?route=otp', ok],
    ['?route=bulk', bad('route')],
    ['?from_date=2026-01-01T00:00:00Z', ok],
    ['?to_date=2026-01-01T00:00:00%2B01:00', ok],
    ['?from_date=yesterday', bad('from_date')],
    ['?to_date=2026-13-01T00:00:00Z', bad('to_date')],
    ['?after=msg_nope', bad('after')],
    ['?foo=1', bad('foo')],
    ['?limit=1&limit=2', bad('limit')],
  ].map(([query, expectation]) => ({
    name: `list${query as string}`,
    ...operation('sms.messages.list', [], query as string),
    expect: expectation as Expectation,
  })),
  // 3. Get one message
  {
    name: 'an unknown message',
    ...operation('sms.messages.retrieve', ['msg_nope']),
    expect: { status: 404, param: 'message_id' },
  },
  // 4. Send bulk
  ...bodyCases(
    operation('sms.bulk.create'),
    { recipients: ['447700900123'], message: 'Sale' },
    {
      recipients: {
        valid: [
          ['447700900123', '447700900124'],
          Array.from({ length: 10_000 }, (_, i) => `4477009${String(i).padStart(5, '0')}`),
        ],
        invalid: [[], Array.from({ length: 10_001 }, () => '447700900123'), '447700900123', null],
        required: true,
      },
      message: { valid: [longText(1000)], invalid: ['', longText(1001)], required: true },
      from: { valid: [longText(11)], invalid: [longText(12)] },
      route: { valid: ['transactional', 'promotional'], invalid: ['otp', 'fast'] },
      schedule_at: {
        valid: [null, at(60_000), at(7 * DAY)],
        invalid: [at(-60_000), at(7 * DAY + 60_000), 'soon'],
      },
    },
  ),
  {
    name: 'a bulk recipient that is not a phone number',
    ...operation('sms.bulk.create'),
    body: { recipients: ['447700900123', '+447700900124'], message: 'x' },
    expect: bad('recipients[1]'),
  },
  // 5. Send from a template
  ...bodyCases(
    operation('sms.templates.send', ['tpl_welcome']),
    { to: '447700900123', variables: { name: 'Ada', company: 'Acme' } },
    {
      to: { valid: ['12345678'], invalid: ['+447700900123', 'x'], required: true },
      variables: {
        valid: [
          { name: 'Ada', company: 'Acme', extra: 1 },
          { name: 1, company: true },
        ],
        invalid: [[], 'x', null, { name: 'Ada' }, { name: {}, company: 'x' }],
        required: true,
      },
      from: { valid: ['ACME'], invalid: [longText(12)] },
      route: { valid: ['otp', 'transactional', 'promotional'], invalid: ['fast'] },
    },
  ).map((c) =>
    // A missing variable and a nested value are refused naming the variable itself.
    JSON.stringify(c.body) === JSON.stringify({ to: '447700900123', variables: { name: 'Ada' } })
      ? { ...c, expect: bad('variables.company') }
      : JSON.stringify(c.body) ===
          JSON.stringify({ to: '447700900123', variables: { name: {}, company: 'x' } })
        ? { ...c, expect: bad('variables.name') }
        : c,
  ),
  {
    name: 'an unknown template',
    ...operation('sms.templates.send', ['tpl_nope']),
    body: { to: '447700900123', variables: {} },
    expect: { status: 404, param: 'template_id' },
  },
  // 6. Get one SMS webhook
  {
    name: 'the seeded webhook',
    ...operation('sms.webhooks.retrieve', ['wh_123']),
    expect: ok,
  },
  {
    name: 'an unknown webhook',
    ...operation('sms.webhooks.retrieve', ['wh_nope']),
    expect: { status: 404, param: 'webhook_id' },
  },
  // 7. Register an SMS webhook (open: further fields are not shown, so not refused)
  ...bodyCases(
    operation('sms.webhooks.create'),
    { url: 'https://example.com/h', events: ['message.delivered'] },
    {
      url: {
        valid: ['https://example.com:8443/h?x=1'],
        invalid: ['http://example.com/h', 'nope', 42],
        required: true,
      },
      events: {
        valid: [['message.queued', 'message.expired']],
        invalid: [[], ['balance.low'], ['message.read'], 'message.sent'],
        required: true,
      },
      enabled: { valid: [true, false], invalid: ['yes'] },
      retry_config: {
        valid: [{ max_attempts: 3, backoff_seconds: 30 }, {}],
        invalid: [{ max_attempts: -1 }, 'x'],
      },
      description: { valid: ['any further field is accepted'], invalid: [] },
    },
  )
    .map((c) =>
      c.name.includes('retry_config = {"max_attempts":-1}')
        ? { ...c, expect: bad('retry_config.max_attempts') }
        : c,
    )
    .map((c) =>
      c.name.includes('["balance.low"]') || c.name.includes('["message.read"]')
        ? { ...c, expect: bad('events[0]') }
        : c,
    ),
  // 8. List payment webhooks
  {
    name: 'list payment webhooks',
    ...operation('payment.webhooks.list'),
    expect: ok,
  },
  {
    name: 'list payment webhooks, limit 1',
    ...operation('payment.webhooks.list', [], '?limit=1'),
    expect: ok,
  },
  {
    name: 'list payment webhooks, limit 0',
    ...operation('payment.webhooks.list', [], '?limit=0'),
    expect: bad('limit'),
  },
  // 9. Attach a payment method
  ...bodyCases(
    operation('payment.customers.paymentMethods.attach', ['cus_123']),
    { payment_method: 'pm_card_visa' },
    {
      payment_method: { valid: ['pm_other'], invalid: ['', 42, null], required: true },
      set_default: { valid: [true, false], invalid: ['true', 1] },
    },
  ),
  {
    name: 'attach to an unknown customer',
    ...operation('payment.customers.paymentMethods.attach', ['cus_nope']),
    body: { payment_method: 'pm_x' },
    expect: { status: 404, param: 'id' },
  },
  // 10. Retrieve a customer
  {
    name: 'a customer',
    ...operation('payment.customers.retrieve', ['cus_123']),
    expect: ok,
  },
  {
    name: 'an unknown customer',
    ...operation('payment.customers.retrieve', ['cus_nope']),
    expect: { status: 404, param: 'id' },
  },
  // 11. List organization members
  {
    name: 'members',
    ...operation('account.organizations.members.list', ['org_123']),
    expect: ok,
  },
  {
    name: 'no members',
    ...operation('account.organizations.members.list', ['org_empty']),
    expect: ok,
  },
  {
    name: 'an unknown organization',
    ...operation('account.organizations.members.list', ['org_nope']),
    expect: { status: 404, param: 'organizationId' },
  },
  // Headers: Authorization, Service-Version, Idempotency-Key, Content-Type
  {
    name: 'no Authorization',
    ...operation('sms.messages.list'),
    headers: { authorization: null },
    expect: { status: 401, param: null },
  },
  {
    name: 'another area’s key',
    ...operation('sms.messages.list'),
    headers: { authorization: 'Bearer sk_test_mock' },
    expect: { status: 401, param: null },
  },
  {
    name: 'no Service-Version',
    ...operation('sms.messages.list'),
    headers: { 'service-version': null },
    expect: bad('Service-Version'),
  },
  {
    name: 'a malformed Service-Version',
    ...operation('payment.webhooks.list'),
    headers: { 'service-version': '2026-1-1' },
    expect: bad('Service-Version'),
  },
  {
    name: 'an Idempotency-Key of 255 characters',
    ...operation('sms.messages.create'),
    body: { to: '447700900123', message: 'k' },
    headers: { 'idempotency-key': longText(255) },
    expect: ok,
  },
  {
    name: 'an Idempotency-Key of 256 characters',
    ...operation('sms.messages.create'),
    body: { to: '447700900123', message: 'k' },
    headers: { 'idempotency-key': longText(256) },
    expect: bad('Idempotency-Key'),
  },
  {
    name: 'a body that is not JSON',
    ...operation('sms.messages.create'),
    raw: '{"to":',
    expect: bad(null),
  },
  {
    name: 'a JSON array body',
    ...operation('sms.messages.create'),
    raw: '[]',
    expect: bad(null),
  },
  {
    name: 'a form body',
    ...operation('sms.messages.create'),
    raw: 'to=1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    expect: { status: 415, param: 'Content-Type' },
  },
  {
    name: 'an unknown path',
    route: '',
    method: 'GET',
    path: '/sms/nothing',
    expect: { status: 404, param: null },
  },
  // What the reference forbids is refused.
  ...UNKNOWN_FIELDS_AND_LIMITS,
];

async function send(mock: ReturnType<typeof createMockService>, c: Case): Promise<Response> {
  const o = mock.clientOptions;
  const area = c.path.startsWith('/payment') ? 'payment' : c.path.startsWith('/account') ? 'account' : 'sms';
  const token = area === 'payment' ? o.testApiKey : area === 'account' ? o.accessToken : o.apiKey;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (area !== 'account') headers['service-version'] = '2026-01-01';
  const hasBody = c.body !== undefined || c.raw !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  for (const [name, value] of Object.entries(c.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const base = area === 'payment' ? o.sandboxBaseURL : o.baseURL;
  return mock.fetch(`${base}${c.path}`, {
    method: c.method,
    headers,
    ...(hasBody ? { body: c.raw ?? JSON.stringify(c.body) } : {}),
  });
}

/** Runs a corpus on a fresh mock (fixed clock) and returns every mismatch. */
export async function runCorpus(corpus: Case[]): Promise<string[]> {
  const failures: string[] = [];
  for (const c of corpus) {
    const mock = createMockService({ now: () => new Date(NOW) });
    const problems = await check(c.route, c.expect, await send(mock, c));
    for (const p of problems) failures.push(`${c.method} ${c.path.slice(0, 60)} (${c.name}): ${p}`);
  }
  return failures;
}

describe('conformance with the reference', () => {
  it('the corpus covers every route the mock serves, valid and invalid', () => {
    const routes = [...new Set(CORPUS.map((c) => c.route).filter(Boolean))];
    expect(coverageProblems(ROUTES.map(mockRouteKey), routes)).toEqual([]);
    expect(coverageProblems(Object.values(OPERATIONS).map(routeKey), routes)).toEqual([]);
    expect(CORPUS.filter((c) => 'ok' in c.expect).length).toBeGreaterThan(60);
    expect(CORPUS.filter((c) => !('ok' in c.expect)).length).toBeGreaterThan(100);
  });

  it('every answer of the mock matches the reference', async () => {
    expect(await runCorpus(CORPUS)).toEqual([]);
  });

  it('the validator catches a non-conforming answer', async () => {
    const missingField = new Response(JSON.stringify({ id: 'msg_1', status: 'queued' }), {
      headers: { 'content-type': 'application/json', 'x-request-id': 'req_1' },
    });
    expect(await check('POST /sms/messages', ok, missingField)).not.toEqual([]);
    const wrongParam = new Response(
      JSON.stringify({
        error: { type: 'invalid_request_error', code: 'x', message: 'to is bad', param: 'to' },
      }),
      { status: 400, headers: { 'content-type': 'application/json', 'x-request-id': 'req_1' } },
    );
    expect(await check('POST /sms/messages', bad('message'), wrongParam)).not.toEqual([]);
  });
});
