// Conformance: a corpus of requests written from the reference's request tables and Limits, valid
// and invalid, each sent to the mock and its answer checked by the validator in reference.ts.
// Any mismatch fails, listing every case at fault.
import { describe, expect, it } from 'vitest';
import { createMockService } from 'gateway-sdk/testing';
import { routeKey } from '../../src/testing/router.js';
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
  route: string,
  path: string,
  base: Record<string, unknown>,
  fields: Record<string, { valid: unknown[]; invalid: unknown[]; required?: boolean }>,
): Case[] {
  const out: Case[] = [
    { name: 'the minimal valid body', route, method: 'POST', path, body: base, expect: ok },
  ];
  for (const [field, { valid, invalid, required }] of Object.entries(fields)) {
    for (const value of valid)
      out.push({
        name: `${field} = ${JSON.stringify(value)?.slice(0, 40)}`,
        route,
        method: 'POST',
        path,
        body: { ...base, [field]: value },
        expect: ok,
      });
    for (const value of invalid)
      out.push({
        name: `${field} = ${JSON.stringify(value)?.slice(0, 40)} is refused`,
        route,
        method: 'POST',
        path,
        body: { ...base, [field]: value },
        expect: bad(field),
      });
    if (required) {
      const { [field]: _, ...without } = base;
      out.push({
        name: `${field} missing is refused`,
        route,
        method: 'POST',
        path,
        body: without,
        expect: bad(field),
      });
    }
  }
  return out;
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

const send16 = { to: '447700900123', message: 'Hi' };
const ISSUE_16: Case[] = [
  // Unknown or misspelled fields on the four complete tables (webhook create stays open).
  ...(
    [
      [
        'POST /sms/messages',
        '/sms/messages',
        { ...send16, scheduleAt: '2026-01-02T09:00:00Z' },
        'scheduleAt',
      ],
      ['POST /sms/messages', '/sms/messages', { ...send16, callbackUrl: 'https://e.com' }, 'callbackUrl'],
      ['POST /sms/messages', '/sms/messages', { ...send16, Schedule_At: null }, 'Schedule_At'],
      ['POST /sms/messages', '/sms/messages', { ...send16, foo: 1 }, 'foo'],
      [
        'POST /sms/bulk',
        '/sms/bulk',
        { recipients: ['447700900123'], message: 'x', scheduleAt: null },
        'scheduleAt',
      ],
      [
        'POST /sms/bulk',
        '/sms/bulk',
        { recipients: ['447700900123'], message: 'x', callback_url: 'https://e.com' },
        'callback_url',
      ],
      [
        'POST /sms/bulk',
        '/sms/bulk',
        { recipients: ['447700900123'], message: 'x', reference_id: 'r' },
        'reference_id',
      ],
      [
        'POST /sms/templates/{template_id}/send',
        '/sms/templates/tpl_otp/send',
        { to: '447700900123', variables: { code: 1 }, message: 'x' },
        'message',
      ],
      [
        'POST /sms/templates/{template_id}/send',
        '/sms/templates/tpl_otp/send',
        { to: '447700900123', variables: { code: 1 }, schedule_at: null },
        'schedule_at',
      ],
      [
        'POST /payment/customers/{id}/payment_methods',
        '/payment/customers/cus_123/payment_methods',
        { payment_method: 'pm_1', paymentMethod: 'pm_1' },
        'paymentMethod',
      ],
      [
        'POST /payment/customers/{id}/payment_methods',
        '/payment/customers/cus_123/payment_methods',
        { payment_method: 'pm_1', setDefault: true },
        'setDefault',
      ],
    ] as const
  ).map(([route, path, body, field]) => ({
    name: `unknown field ${field}`,
    route,
    method: 'POST' as const,
    path,
    body,
    expect: bad(field),
  })),
  {
    name: 'webhook create takes further fields',
    route: 'POST /sms/webhooks',
    method: 'POST',
    path: '/sms/webhooks',
    body: { url: 'https://e.com/h', events: ['message.sent'], metadata: { a: 1 } },
    expect: ok,
  },
  // A request size limit (1 MiB).
  {
    name: 'a 12 MB field',
    route: 'POST /sms/messages',
    method: 'POST',
    path: '/sms/messages',
    body: { ...send16, reference_id: 'x'.repeat(12 * 1024 * 1024) },
    expect: { status: 413, param: null },
  },
  {
    name: 'a body just over 1 MiB',
    route: 'POST /sms/webhooks',
    method: 'POST',
    path: '/sms/webhooks',
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
    route: 'POST /sms/messages',
    method: 'POST' as const,
    path: '/sms/messages',
    body: { ...send16, schedule_at: value },
    expect: valid ? ok : bad('schedule_at'),
  })),
  {
    name: 'to_date without seconds',
    route: 'GET /sms/messages',
    method: 'GET',
    path: '/sms/messages?to_date=2026-01-01T10:00Z',
    expect: bad('to_date'),
  },
  {
    name: 'from_date in lower case',
    route: 'GET /sms/messages',
    method: 'GET',
    path: '/sms/messages?from_date=2026-01-01t10:00:00z',
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
      route: 'POST /sms/webhooks',
      method: 'POST' as const,
      path: '/sms/webhooks',
      body: { url, events: ['message.sent'] },
      expect: bad('url'),
    },
    {
      name: `callback_url ${url}`,
      route: 'POST /sms/messages',
      method: 'POST' as const,
      path: '/sms/messages',
      body: { ...send16, callback_url: url },
      expect: bad('callback_url'),
    },
  ]),
  {
    name: 'an upper-case scheme is still https://',
    route: 'POST /sms/webhooks',
    method: 'POST',
    path: '/sms/webhooks',
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
    'POST /sms/messages',
    '/sms/messages',
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
    route: 'GET /sms/messages',
    method: 'GET' as const,
    path: `/sms/messages${query as string}`,
    expect: expectation as Expectation,
  })),
  // 3. Get one message
  {
    name: 'an unknown message',
    route: 'GET /sms/messages/{message_id}',
    method: 'GET',
    path: '/sms/messages/msg_nope',
    expect: { status: 404, param: 'message_id' },
  },
  // 4. Send bulk
  ...bodyCases(
    'POST /sms/bulk',
    '/sms/bulk',
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
    route: 'POST /sms/bulk',
    method: 'POST',
    path: '/sms/bulk',
    body: { recipients: ['447700900123', '+447700900124'], message: 'x' },
    expect: bad('recipients[1]'),
  },
  // 5. Send from a template
  ...bodyCases(
    'POST /sms/templates/{template_id}/send',
    '/sms/templates/tpl_welcome/send',
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
    route: 'POST /sms/templates/{template_id}/send',
    method: 'POST',
    path: '/sms/templates/tpl_nope/send',
    body: { to: '447700900123', variables: {} },
    expect: { status: 404, param: 'template_id' },
  },
  // 6. Get one SMS webhook
  {
    name: 'the seeded webhook',
    route: 'GET /sms/webhooks/{webhook_id}',
    method: 'GET',
    path: '/sms/webhooks/wh_123',
    expect: ok,
  },
  {
    name: 'an unknown webhook',
    route: 'GET /sms/webhooks/{webhook_id}',
    method: 'GET',
    path: '/sms/webhooks/wh_nope',
    expect: { status: 404, param: 'webhook_id' },
  },
  // 7. Register an SMS webhook (open: further fields are not shown, so not refused)
  ...bodyCases(
    'POST /sms/webhooks',
    '/sms/webhooks',
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
    route: 'GET /payment/webhooks',
    method: 'GET',
    path: '/payment/webhooks',
    expect: ok,
  },
  {
    name: 'list payment webhooks, limit 1',
    route: 'GET /payment/webhooks',
    method: 'GET',
    path: '/payment/webhooks?limit=1',
    expect: ok,
  },
  {
    name: 'list payment webhooks, limit 0',
    route: 'GET /payment/webhooks',
    method: 'GET',
    path: '/payment/webhooks?limit=0',
    expect: bad('limit'),
  },
  // 9. Attach a payment method
  ...bodyCases(
    'POST /payment/customers/{id}/payment_methods',
    '/payment/customers/cus_123/payment_methods',
    { payment_method: 'pm_card_visa' },
    {
      payment_method: { valid: ['pm_other'], invalid: ['', 42, null], required: true },
      set_default: { valid: [true, false], invalid: ['true', 1] },
    },
  ),
  {
    name: 'attach to an unknown customer',
    route: 'POST /payment/customers/{id}/payment_methods',
    method: 'POST',
    path: '/payment/customers/cus_nope/payment_methods',
    body: { payment_method: 'pm_x' },
    expect: { status: 404, param: 'id' },
  },
  // 10. Retrieve a customer
  {
    name: 'a customer',
    route: 'GET /payment/customers/{id}',
    method: 'GET',
    path: '/payment/customers/cus_123',
    expect: ok,
  },
  {
    name: 'an unknown customer',
    route: 'GET /payment/customers/{id}',
    method: 'GET',
    path: '/payment/customers/cus_nope',
    expect: { status: 404, param: 'id' },
  },
  // 11. List organization members
  {
    name: 'members',
    route: 'GET /account/organizations/{organizationId}/members',
    method: 'GET',
    path: '/account/organizations/org_123/members',
    expect: ok,
  },
  {
    name: 'no members',
    route: 'GET /account/organizations/{organizationId}/members',
    method: 'GET',
    path: '/account/organizations/org_empty/members',
    expect: ok,
  },
  {
    name: 'an unknown organization',
    route: 'GET /account/organizations/{organizationId}/members',
    method: 'GET',
    path: '/account/organizations/org_nope/members',
    expect: { status: 404, param: 'organizationId' },
  },
  // Headers: Authorization, Service-Version, Idempotency-Key, Content-Type
  {
    name: 'no Authorization',
    route: 'GET /sms/messages',
    method: 'GET',
    path: '/sms/messages',
    headers: { authorization: null },
    expect: { status: 401, param: null },
  },
  {
    name: 'another area’s key',
    route: 'GET /sms/messages',
    method: 'GET',
    path: '/sms/messages',
    headers: { authorization: 'Bearer sk_test_mock' },
    expect: { status: 401, param: null },
  },
  {
    name: 'no Service-Version',
    route: 'GET /sms/messages',
    method: 'GET',
    path: '/sms/messages',
    headers: { 'service-version': null },
    expect: bad('Service-Version'),
  },
  {
    name: 'a malformed Service-Version',
    route: 'GET /payment/webhooks',
    method: 'GET',
    path: '/payment/webhooks',
    headers: { 'service-version': '2026-1-1' },
    expect: bad('Service-Version'),
  },
  {
    name: 'an Idempotency-Key of 255 characters',
    route: 'POST /sms/messages',
    method: 'POST',
    path: '/sms/messages',
    body: { to: '447700900123', message: 'k' },
    headers: { 'idempotency-key': longText(255) },
    expect: ok,
  },
  {
    name: 'an Idempotency-Key of 256 characters',
    route: 'POST /sms/messages',
    method: 'POST',
    path: '/sms/messages',
    body: { to: '447700900123', message: 'k' },
    headers: { 'idempotency-key': longText(256) },
    expect: bad('Idempotency-Key'),
  },
  {
    name: 'a body that is not JSON',
    route: 'POST /sms/messages',
    method: 'POST',
    path: '/sms/messages',
    raw: '{"to":',
    expect: bad(null),
  },
  {
    name: 'a JSON array body',
    route: 'POST /sms/messages',
    method: 'POST',
    path: '/sms/messages',
    raw: '[]',
    expect: bad(null),
  },
  {
    name: 'a form body',
    route: 'POST /sms/messages',
    method: 'POST',
    path: '/sms/messages',
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
  // Issue 16: what the reference forbids is refused.
  ...ISSUE_16,
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
    expect(coverageProblems(ROUTES.map(routeKey), routes)).toEqual([]);
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
