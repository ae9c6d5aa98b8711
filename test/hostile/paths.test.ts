// Path and query parameters come from users and from data. Whatever they hold (dot-segments,
// encoded dot-segments, `?`, `#`, slashes, backslashes, CR/LF, unicode), they are percent-encoded
// into their one segment and never change which endpoint is called: asserted on the raw request
// line a real loopback server received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, ValidationError } from 'gateway-sdk';
import { findLeaks } from '../helpers/secrets.js';
import { type Loopback, listen, readText } from '../helpers/loopback.js';
import { memoryLogger } from '../helpers/wire.js';
import { settle } from '../helpers/settle.js';
import {
  hasParams,
  hasPathParam,
  PLANTED,
  uncovered,
  type WithPathParamAndParams,
} from '../helpers/operations.js';
import { OPERATIONS, type Operation, type OperationId } from '../../src/resources/operations.js';

const KEY = 'sk_live_HOSTILE_paths_5b2e11';
const TEST_KEY = 'sk_test_HOSTILE_paths_77aa01';
const TOKEN = 'at_HOSTILE_paths_c0ffee';

// Shaped to pass every single-object response schema (Message, SmsWebhook, Customer).
const anything = {
  id: 'x_1',
  to: '447700900123',
  from: 'ACME',
  body: 'hi',
  status: 'queued',
  created_at: '2026-01-01T00:00:00Z',
  url: 'https://e.test',
  events: [],
  enabled: true,
};

const received: { method: string; url: string }[] = [];
const errors: unknown[] = [];
const { lines, logger } = memoryLogger();
let server: Loopback;
let client: Client;

beforeAll(async () => {
  server = await listen(async (req, res) => {
    await readText(req);
    received.push({ method: req.method ?? '', url: req.url ?? '' });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url?.split('?')[0]?.endsWith('/members') ? [] : anything));
  });
  client = new Client({
    apiKey: KEY,
    testApiKey: TEST_KEY,
    accessToken: TOKEN,
    baseURL: server.url,
    sandboxBaseURL: `${server.url}/sandbox`,
    maxRetries: 0,
    timeout: 5000,
    logger,
    logLevel: 'debug',
  });
});
afterAll(() => server.close());

type Call = (c: Client, value: string) => PromiseLike<unknown>;
/** How to call each of those with valid input: the compiler asks for a new one. */
const withInput: Record<WithPathParamAndParams, Call> = {
  'sms.templates.send': (c, v) => c.sms.templates.send(v, { to: '447700900123', variables: { name: 'Ada' } }),
  'payment.customers.paymentMethods.attach': (c, v) =>
    c.payment.customers.paymentMethods.attach(v, { payment_method: 'pm_1', set_default: true }),
};

/** Any other operation with a path parameter is its client method called with the value alone. */
function callOf(id: string): Call {
  if (Object.hasOwn(withInput, id)) return withInput[id as WithPathParamAndParams];
  const segments = id.split('.');
  return (c, v) => {
    let resource: unknown = c;
    for (const segment of segments.slice(0, -1)) resource = (resource as Record<string, unknown>)[segment];
    const method = (resource as Record<string, (value: string) => PromiseLike<unknown>>)[
      segments.at(-1) ?? ''
    ];
    return (method as (value: string) => PromiseLike<unknown>).call(resource, v);
  };
}
/** Where each area's requests go on the server above. */
const PREFIX: Record<string, string> = { sms: '', payment: '/sandbox', account: '' };

/** Every operation with a path parameter: its call, HTTP method, and the path around the parameter. */
const methods = Object.entries(OPERATIONS as Record<string, Operation>)
  .filter(([, operation]) => hasPathParam(operation))
  .map(([id, { method, path }]) => {
    const [head = '', tail = ''] = path.split(/\{\w+\}/);
    return [id, method, callOf(id), `${PREFIX[id.split('.')[0] ?? '']}/${head}`, tail] as const;
  });

it('covers every operation with a path parameter; a planted one that checks input fails until given input', () => {
  const covered = methods.map(([id]) => id);
  expect(uncovered(OPERATIONS, covered, hasPathParam)).toEqual([]);
  const given = [
    ...covered.filter((id) => !hasParams(OPERATIONS[id as OperationId])),
    ...Object.keys(withInput),
  ];
  expect(uncovered(PLANTED, given, hasPathParam)).toEqual(['sms.messages.plant']);
});

const hostile = [
  '../x',
  '../../account/organizations/o/members',
  '..%2fx',
  '%2e%2e',
  '%2E%2E%2Fadmin',
  '.%2e',
  '...',
  '.hidden',
  '?a=b',
  'id?limit=1000',
  '#fragment',
  'a/b',
  '/leading',
  'trailing/',
  'a\\b',
  '\\..\\x',
  'a;b=c',
  'a&b=c',
  '%',
  '%zz',
  '%00',
  '\u0000',
  'line\r\nX-Injected: 1',
  ' spaced id ',
  '+plus+',
  'é',
  '日本語',
  '😀',
  'ｆｕｌｌ／ｗｉｄｔｈ',
  '\u202eRTL',
  'x'.repeat(2000),
];

describe.each(methods)('%s', (_name, httpMethod, call, before, after) => {
  it.each(hostile.map((v) => [JSON.stringify(v).slice(0, 60), v]))(
    'keeps %s inside its one path segment',
    async (_label, value) => {
      received.length = 0;
      const { error } = await settle(call(client, value), errors);
      expect(error).toBeUndefined();
      expect(received).toHaveLength(1);
      const { method, url } = received[0] as { method: string; url: string };
      expect(method).toBe(httpMethod);
      // The raw request target: the fixed parts are intact, and exactly one segment lies between.
      expect(url.startsWith(before)).toBe(true);
      expect(url.endsWith(after)).toBe(true);
      const segment = url.slice(before.length, url.length - after.length);
      expect(segment).not.toMatch(/[/?#\\\s]/);
      expect(decodeURIComponent(segment)).toBe(value);
    },
  );

  it.each(['', '.', '..'])('refuses %j without sending anything', async (value) => {
    received.length = 0;
    const { error } = await settle(call(client, value), errors);
    expect(error).toBeInstanceOf(ValidationError);
    expect(received).toHaveLength(0);
  });

  it('sends nothing for a string that is not well-formed UTF-16 (a lone surrogate)', async () => {
    received.length = 0;
    const { error } = await settle(call(client, 'a\ud800b'), errors);
    expect(error).toBeInstanceOf(ValidationError);
    expect(received).toHaveLength(0);
  });
});

describe('query parameters', () => {
  it.each(['&limit=1000', '?status=failed', '#x', 'a=b&c', '%26limit%3D1', '日本 😀', 'x\r\ny'])(
    'keeps an `after` cursor of %j one parameter, leaving the other filters as they were',
    async (after) => {
      received.length = 0;
      await settle(client.sms.messages.list({ after, limit: 5, status: 'queued' }), errors);
      expect(received).toHaveLength(1);
      const url = new URL((received[0] as { url: string }).url, server.url);
      expect(url.pathname).toBe('/sms/messages');
      expect(url.hash).toBe('');
      expect([...url.searchParams].sort()).toEqual(
        [
          ['after', after],
          ['limit', '5'],
          ['status', 'queued'],
        ].sort(),
      );
    },
  );

  it('keeps a hostile cursor on payment.webhooks.list to its parameter too', async () => {
    received.length = 0;
    await settle(client.payment.webhooks.list({ after: '../../sms/messages?limit=100' }), errors);
    const url = new URL((received[0] as { url: string }).url, server.url);
    expect(url.pathname).toBe('/sandbox/payment/webhooks');
    expect([...url.searchParams]).toEqual([['after', '../../sms/messages?limit=100']]);
  });
});

it('shows no credential in any error or debug log line above', () => {
  expect(errors.length).toBeGreaterThan(methods.length * 3);
  expect(lines.length).toBeGreaterThan(methods.length * hostile.length);
  for (const secret of [KEY, TEST_KEY, TOKEN]) expect(findLeaks(secret, errors, lines)).toEqual([]);
});
