// Property tests (fast-check, fixed seed) over every request validator. An independent oracle
// written from api-reference.md's request tables and Limits (with the contract's looser readings:
// a leading + on phone numbers, lengths in code points) decides for each generated input whether
// the service would accept it. The SDK must agree: accept it and send exactly one request, or
// reject it with a ValidationError and send nothing. It may never throw anything else, nor throw
// synchronously.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, ValidationError } from 'gateway-sdk';
import { message } from '../helpers/fixtures.js';
import { hasParams, PLANTED, uncovered } from '../helpers/operations.js';
import { OPERATIONS, type OperationId } from '../../src/resources/operations.js';

fc.configureGlobal({ seed: 0x0a11ce, numRuns: 250 });

const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// The oracle: the reference's rules, written without looking at the SDK's schemas.
// ---------------------------------------------------------------------------------------------

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const codePoints = (s: string) => [...s].length;
const has = (o: Record<string, unknown>, k: string) => Object.hasOwn(o, k) && o[k] !== undefined;
const isString = (v: unknown): v is string => typeof v === 'string';

/** Recipient number (single send): `^[1-9][0-9]{7,14}$`, one leading + tolerated. */
const phone = (v: unknown) => isString(v) && /^\+?[1-9]\d{7,14}$/.test(v);
/** Bulk and template numbers: the looser reading, digits and one leading +, at most 20 characters. */
const loosePhone = (v: unknown) => isString(v) && v.length <= 20 && /^\+?\d+$/.test(v);
/** Message content: 1 to 1000 characters. */
const messageText = (v: unknown) => isString(v) && codePoints(v) >= 1 && codePoints(v) <= 1000;
/** Sender ID: max 11 characters. */
const senderId = (v: unknown) => isString(v) && codePoints(v) <= 11;
/** Webhook and callback URLs must be HTTPS. */
const https = (v: unknown) => {
  if (!isString(v)) return false;
  try {
    return new URL(v).protocol === 'https:';
  } catch {
    return false;
  }
};
const ROUTES = ['otp', 'transactional', 'promotional'];
const BULK_ROUTES = ['transactional', 'promotional'];
const STATUSES = ['queued', 'sent', 'delivered', 'failed', 'expired'];
const SMS_EVENTS = [
  'message.queued',
  'message.sent',
  'message.delivered',
  'message.failed',
  'message.expired',
];
const oneOf = (values: string[]) => (v: unknown) => isString(v) && values.includes(v);
const intIn = (min: number, max: number) => (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** An ISO 8601 date-time with a zone (`Z` or an offset), or a Date; its instant, or undefined. */
function instant(v: unknown): number | undefined {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v.getTime();
  if (!isString(v) || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/i.test(v))
    return undefined;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : ms;
}
/** Generated schedules stay hours away from the 7-day limit, so the 5-minute skew tolerance never decides. */
const withinAWeek = (ms: number) => ms <= Date.now() + 7 * DAY;

/** Optional field: absent (or undefined), or valid. */
const optional = (o: Record<string, unknown>, key: string, rule: (v: unknown) => boolean) =>
  !has(o, key) || rule(o[key]);
const required = (o: Record<string, unknown>, key: string, rule: (v: unknown) => boolean) =>
  has(o, key) && rule(o[key]);

/** Only the named keys: the reference's request tables for these bodies are complete (docs/decisions/property-names.md). */
const only = (o: Record<string, unknown>, keys: string[]) => Object.keys(o).every((k) => keys.includes(k));
/** `scheduleAt`, `Schedule-At` and `SCHEDULE_AT` all fold to `scheduleat`. */
const fold = (k: string) => k.toLowerCase().replace(/[-_]/g, '');
/** No key that is a near miss of a documented one: refused even where other unknown keys pass. */
const noNearMiss = (o: Record<string, unknown>, keys: string[]) =>
  Object.keys(o).every((k) => keys.includes(k) || !keys.some((known) => fold(known) === fold(k)));

const oracle = {
  messageCreate: (b: unknown) =>
    isObject(b) &&
    only(b, ['to', 'message', 'from', 'schedule_at', 'route', 'reference_id', 'callback_url']) &&
    required(b, 'to', phone) &&
    required(b, 'message', messageText) &&
    optional(b, 'from', senderId) &&
    optional(
      b,
      'schedule_at',
      (v) => v === null || (instant(v) !== undefined && withinAWeek(instant(v) as number)),
    ) &&
    optional(b, 'route', oneOf(ROUTES)) &&
    // "Max 100 characters", counted in code points (the contract's looser reading), as the SDK does.
    optional(b, 'reference_id', (v) => isString(v) && codePoints(v) <= 100) &&
    optional(b, 'callback_url', https),
  bulkCreate: (b: unknown) =>
    isObject(b) &&
    only(b, ['recipients', 'message', 'from', 'route', 'schedule_at']) &&
    required(
      b,
      'recipients',
      (v) => Array.isArray(v) && v.length >= 1 && v.length <= 10_000 && v.every(loosePhone),
    ) &&
    required(b, 'message', messageText) &&
    optional(b, 'from', senderId) &&
    // otp is not available for bulk.
    optional(b, 'route', oneOf(BULK_ROUTES)) &&
    // "Future send time", at most 7 days ahead.
    optional(
      b,
      'schedule_at',
      (v) =>
        v === null ||
        (instant(v) !== undefined &&
          (instant(v) as number) > Date.now() - 60_000 &&
          withinAWeek(instant(v) as number)),
    ),
  templateSend: (id: unknown, b: unknown) =>
    pathParam(id) &&
    isObject(b) &&
    only(b, ['to', 'variables', 'from', 'route']) &&
    required(b, 'to', loosePhone) &&
    required(
      b,
      'variables',
      (v) => isObject(v) && Object.values(v).every((x) => ['string', 'number', 'boolean'].includes(typeof x)),
    ) &&
    optional(b, 'from', senderId) &&
    optional(b, 'route', oneOf(ROUTES)),
  webhookCreate: (b: unknown) =>
    isObject(b) &&
    // Open: the reference leaves further fields "not shown"; near misses are refused all the same.
    noNearMiss(b, ['url', 'events', 'enabled', 'retry_config']) &&
    required(b, 'url', https) &&
    required(b, 'events', (v) => Array.isArray(v) && v.every(oneOf(SMS_EVENTS))) &&
    optional(b, 'enabled', (v) => typeof v === 'boolean') &&
    optional(
      b,
      'retry_config',
      (v) =>
        isObject(v) &&
        only(v, ['max_attempts', 'backoff_seconds']) &&
        optional(v, 'max_attempts', intIn(0, 2 ** 53)) &&
        optional(v, 'backoff_seconds', intIn(0, 2 ** 53)),
    ),
  messageList: (q: unknown) =>
    q === undefined ||
    (isObject(q) &&
      // Unknown filters are refused (docs/decisions/property-names.md): the service would ignore them silently.
      only(q, ['limit', 'after', 'status', 'route', 'from_date', 'to_date']) &&
      optional(q, 'limit', intIn(1, 100)) &&
      optional(q, 'after', isString) &&
      // Enum-typed filters take any string: a value read from a response is always a valid filter.
      optional(q, 'status', isString) &&
      optional(q, 'route', isString) &&
      optional(q, 'from_date', (v) => instant(v) !== undefined) &&
      optional(q, 'to_date', (v) => instant(v) !== undefined)),
  paymentWebhookList: (q: unknown) =>
    q === undefined ||
    (isObject(q) &&
      // No query table in the reference: the list wrapper's cursor and the documented page size.
      only(q, ['limit', 'after']) &&
      optional(q, 'limit', intIn(1, 100)) &&
      optional(q, 'after', isString)),
  paymentMethodAttach: (id: unknown, b: unknown) =>
    pathParam(id) &&
    isObject(b) &&
    only(b, ['payment_method', 'set_default']) &&
    required(b, 'payment_method', (v) => isString(v) && v.length > 0) &&
    optional(b, 'set_default', (v) => typeof v === 'boolean'),
};

/** RFC 9110 token: the characters a header name may use. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A header value fetch accepts: a byte string without NUL, CR or LF. */
const headerValue = (v: unknown) =>
  isString(v) && [...v].every((c) => (c.codePointAt(0) ?? 0) <= 0xff && !'\0\r\n'.includes(c));

/** Per-call options: the client's ranges (docs/reliability.md), a real AbortSignal, string headers, a printable key of at most 255. */
/** The per-call option names (core/options.ts): any other name is refused, as a misspelt param is. */
const OPTION_NAMES = new Set([
  'timeout',
  'totalTimeout',
  'maxRetries',
  'signal',
  'headers',
  'idempotencyKey',
  'hooks',
  'serviceVersion',
]);
const optionsValid = (o: unknown) =>
  o === undefined ||
  o === null ||
  (typeof o === 'object' &&
    Object.keys(o).every((name) => OPTION_NAMES.has(name)) &&
    optional(o as Record<string, unknown>, 'timeout', intIn(1, 2 ** 31 - 1)) &&
    optional(o as Record<string, unknown>, 'maxRetries', intIn(0, 10)) &&
    optional(o as Record<string, unknown>, 'signal', (v) => v instanceof AbortSignal) &&
    optional(
      o as Record<string, unknown>,
      'headers',
      (v) => isObject(v) && Object.entries(v).every(([k, x]) => TOKEN.test(k) && headerValue(x)),
    ) &&
    optional(
      o as Record<string, unknown>,
      'idempotencyKey',
      (v) => isString(v) && v.length <= 255 && /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(v),
    ));

/** A path parameter: a non-empty string that is not a dot-segment. */
function pathParam(v: unknown): boolean {
  return isString(v) && v !== '' && v !== '.' && v !== '..';
}

// ---------------------------------------------------------------------------------------------
// Generators: near-valid records, each field valid most of the time, plus fc.anything().
// ---------------------------------------------------------------------------------------------

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
/** Mostly `good`, sometimes `bad`. */
const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: good, weight: 5 }, { arbitrary: bad, weight: 1 });
const text = (min: number, max: number) =>
  fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
    fc.string({ unit: 'binary', minLength: min, maxLength: max }),
  );

const arb = {
  phone: mostly(
    fc
      .tuple(fc.constantFrom('', '+'), fc.integer({ min: 1, max: 9 }), digits(7, 14))
      .map(([p, d, rest]) => `${p}${d}${rest}`),
    fc.oneof(
      fc.tuple(fc.constantFrom('', '+', '++', '0', ' '), digits(0, 17)).map(([p, d]) => p + d),
      fc.string({ unit: fc.constantFrom(...'0123456789+- ()'), maxLength: 18 }),
      fc.constantFrom(
        '+44 7700 900123',
        '44-7700-900123',
        '07700900123',
        '1234567',
        '1234567890123456',
        '４４７７００９００１２３',
      ),
      fc.anything(),
    ),
  ),
  message: mostly(
    fc.oneof(text(1, 40), fc.constantFrom('x'.repeat(1000), '😀'.repeat(1000), `${'é'.repeat(999)}😀`)),
    fc.oneof(fc.constantFrom('', 'x'.repeat(1001), '😀'.repeat(1001)), fc.integer(), fc.constant(null)),
  ),
  from: mostly(
    fc.oneof(text(0, 11), fc.constantFrom('ABCDEFGHIJK', '😀'.repeat(11))),
    fc.oneof(text(12, 20), fc.constant('😀'.repeat(12)), fc.integer()),
  ),
  scheduleAt: mostly(
    fc.oneof(
      fc.constant(null),
      fc.integer({ min: 1, max: 6 * 24 }).map((h) => new Date(Date.now() + h * 3_600_000)),
      fc.integer({ min: 1, max: 6 * 24 }).map((h) => new Date(Date.now() + h * 3_600_000).toISOString()),
      fc
        .integer({ min: 1, max: 6 * 24 })
        .map((h) => new Date(Date.now() + h * 3_600_000).toISOString().replace('Z', '+00:00')),
    ),
    fc.oneof(
      fc.integer({ min: 8, max: 400 }).map((d) => new Date(Date.now() + d * DAY)),
      fc.integer({ min: 1, max: 400 }).map((d) => new Date(Date.now() - d * DAY).toISOString()),
      fc.constantFrom(
        'tomorrow',
        '2026-01-01T09:00:00',
        '2026-13-45T00:00:00Z',
        '2026-01-01',
        new Date(Number.NaN),
      ),
      fc.integer(),
    ),
  ),
  route: mostly(
    fc.constantFrom(...ROUTES),
    fc.oneof(fc.constantFrom('express', 'OTP', '', ' otp'), fc.anything()),
  ),
  referenceId: mostly(
    fc.oneof(text(0, 100), fc.constant('r'.repeat(100)), fc.constant('\u{1F600}'.repeat(100))),
    fc.oneof(text(101, 130), fc.integer()),
  ),
  httpsUrl: mostly(
    fc.oneof(
      fc.webUrl({ validSchemes: ['https'] }),
      fc.constantFrom('https://example.com/cb', 'HTTPS://EXAMPLE.COM', 'https://[::1]:8443/x?y#z'),
    ),
    fc.oneof(
      fc.webUrl({ validSchemes: ['http', 'ftp'] }),
      fc.constantFrom('example.com/cb', 'https//x', 'https:', 'javascript:alert(1)', ''),
      fc.anything(),
    ),
  ),
  /**
   * A key the SDK does not know, or a near miss of one it does: refused on closed bodies and list
   * filters; on webhook create, passed through unless a near miss.
   */
  extra: fc.oneof(
    { weight: 2, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.constantFrom(
          'extra',
          'metadata',
          'priority',
          'scheduleAt',
          'Route',
          'retry-config',
          'ENABLED',
          'Url',
        ),
        fc.jsonValue(),
        { minKeys: 1, maxKeys: 1 },
      ),
    },
  ),
};

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});
const options = fc.oneof(
  { weight: 1, arbitrary: fc.anything() },
  {
    weight: 6,
    arbitrary: fc.record(
      {
        // Valid timeouts stay long: the fake fetch answers at once, but a 1 ms timer could still win.
        timeout: mostly(
          fc.oneof(fc.integer({ min: 1000, max: 60_000 }), fc.constant(2 ** 31 - 1)),
          fc.constantFrom(0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '100', null, 2 ** 31),
        ),
        maxRetries: mostly(
          fc.integer({ min: 0, max: 10 }),
          fc.constantFrom(-1, 11, 2.5, Number.NaN, '3', null),
        ),
        signal: mostly(
          fc.constant(null).map(() => new AbortController().signal),
          fc.constantFrom({}, 'signal', null, { aborted: false }),
        ),
        headers: mostly(
          fc.dictionary(fc.constantFrom('x-trace', 'X-Request-Source', 'x-tenant'), printable, {
            maxKeys: 2,
          }),
          fc.oneof(
            fc.constantFrom(
              'abc',
              ['x-a', 'b'],
              null,
              { 'x-a': 1 },
              { 'bad name': 'x' },
              { 'x-a': 'line\nbreak' },
              { 'x-a': 'CR\rLF' },
              { 'x-a': '日本' },
              { '': 'x' },
              { 'x-a': 'nul\0' },
            ),
            fc.dictionary(
              fc.string({ maxLength: 6 }).map((k) => `x-${k}`),
              fc.string({ unit: 'binary', maxLength: 6 }),
              { maxKeys: 2 },
            ),
          ),
        ),
        idempotencyKey: mostly(
          fc.oneof(printable, fc.uuid(), fc.constant('k'.repeat(255))),
          fc.oneof(
            fc.constantFrom('', ' padded', 'padded ', 'k'.repeat(256), 'new\nline', 'ünïcode'),
            fc.integer(),
          ),
        ),
      },
      { requiredKeys: [] },
    ),
  },
);

const dateFilter = mostly(
  fc.oneof(
    fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  ),
  fc.constantFrom('last week', '2026-13-01T00:00:00Z', '2026-01-01T00:00', new Date(Number.NaN)),
);

const inputs = {
  messageCreate: fc.oneof(
    { weight: 1, arbitrary: fc.anything() },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.record({
            to: mostly(arb.phone, fc.constant(undefined)),
            message: mostly(arb.message, fc.constant(undefined)),
          }),
          fc.record(
            {
              from: arb.from,
              schedule_at: arb.scheduleAt,
              route: arb.route,
              reference_id: arb.referenceId,
              callback_url: arb.httpsUrl,
            },
            { requiredKeys: [] },
          ),
          arb.extra,
        )
        .map(([a, b, c]) => ({ ...a, ...b, ...c })),
    },
  ),
  bulkCreate: fc.oneof(
    { weight: 1, arbitrary: fc.anything() },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.record({
            recipients: mostly(
              fc.oneof(
                { weight: 20, arbitrary: fc.array(arb.phone, { minLength: 1, maxLength: 6 }) },
                { weight: 1, arbitrary: fc.constant(Array.from({ length: 10_000 }, () => '447700900123')) },
              ),
              fc.oneof(
                fc.constant([]),
                fc.constant(Array.from({ length: 10_001 }, () => '447700900123')),
                fc.constant('447700900123'),
                fc.anything(),
              ),
            ),
            message: arb.message,
          }),
          fc.record(
            {
              from: arb.from,
              schedule_at: arb.scheduleAt,
              route: mostly(fc.constantFrom(...ROUTES), fc.constantFrom('otp', 'express')),
            },
            { requiredKeys: [] },
          ),
          arb.extra,
        )
        .map(([a, b, c]) => ({ ...a, ...b, ...c })),
    },
  ),
  templateId: mostly(
    fc.oneof(
      fc.string({ minLength: 1, maxLength: 20 }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }),
      fc.constantFrom('../x', '%2e%2e', '...', 'a/b?c#d'),
    ),
    fc.oneof(fc.constantFrom('', '.', '..'), fc.integer(), fc.constant(null)),
  ),
  templateBody: fc.oneof(
    { weight: 1, arbitrary: fc.anything() },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.record({
            to: arb.phone,
            variables: mostly(
              fc.dictionary(
                fc.string({ maxLength: 8 }),
                fc.oneof(fc.string(), fc.double(), fc.integer(), fc.boolean()),
                { maxKeys: 4 },
              ),
              fc.oneof(
                fc.constant(undefined),
                fc.constantFrom(
                  'name=Ada',
                  [['name', 'Ada']],
                  null,
                  { name: { first: 'Ada' } },
                  { name: null },
                  { name: ['Ada'] },
                  { n: undefined },
                ),
              ),
            ),
          }),
          fc.record({ from: arb.from, route: arb.route }, { requiredKeys: [] }),
        )
        .map(([a, b]) => ({ ...a, ...b })),
    },
  ),
  webhookCreate: fc.oneof(
    { weight: 1, arbitrary: fc.anything() },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.record({
            url: arb.httpsUrl,
            events: mostly(
              fc.subarray(SMS_EVENTS),
              fc.oneof(
                fc.constant(['balance.low']),
                fc.constant(['message.read']),
                fc.constant('message.sent'),
                fc.anything(),
              ),
            ),
          }),
          fc.record(
            {
              enabled: mostly(fc.boolean(), fc.constantFrom('yes', 1, null)),
              retry_config: mostly(
                fc.record({ max_attempts: fc.nat(), backoff_seconds: fc.nat() }, { requiredKeys: [] }),
                fc.oneof(
                  fc.record({ max_attempts: fc.constantFrom(-1, 1.5, '3', Number.NaN) }),
                  fc.constantFrom('fast', 3, null),
                ),
              ),
            },
            { requiredKeys: [] },
          ),
          arb.extra,
        )
        .map(([a, b, c]) => ({ ...a, ...b, ...c })),
    },
  ),
  messageList: fc.oneof(
    { weight: 1, arbitrary: fc.anything() },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.record(
            {
              limit: mostly(
                fc.integer({ min: 1, max: 100 }),
                fc.oneof(
                  fc.constantFrom(0, 101, 2.5, -1, Number.NaN, Number.POSITIVE_INFINITY, '20'),
                  fc.integer(),
                ),
              ),
              after: mostly(fc.string(), fc.oneof(fc.integer(), fc.constant(null))),
              status: mostly(fc.constantFrom(...STATUSES), fc.constantFrom('lost', 'QUEUED', '')),
              route: arb.route,
              from_date: dateFilter,
              to_date: dateFilter,
            },
            { requiredKeys: [] },
          ),
          fc.oneof({ weight: 6, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: arb.extra }),
        )
        .map(([a, b]) => ({ ...a, ...b })),
    },
  ),
  paymentWebhookList: fc.oneof(
    { weight: 1, arbitrary: fc.anything() },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.record(
            {
              limit: mostly(fc.integer({ min: 1, max: 100 }), fc.constantFrom(0, 101, 2.5, '20', null)),
              after: mostly(fc.string(), fc.oneof(fc.integer(), fc.constant(null))),
            },
            { requiredKeys: [] },
          ),
          fc.oneof({ weight: 6, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: arb.extra }),
        )
        .map(([a, b]) => ({ ...a, ...b })),
    },
  ),
  customerId: mostly(
    fc.string({ minLength: 1, maxLength: 24 }),
    fc.oneof(fc.constantFrom('', '.', '..'), fc.integer(), fc.constant(undefined)),
  ),
  attachBody: fc.oneof(
    { weight: 1, arbitrary: fc.anything() },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.record({
            payment_method: mostly(
              fc.string({ minLength: 1, maxLength: 30 }),
              fc.oneof(fc.constant(''), fc.integer(), fc.constant(undefined)),
            ),
          }),
          fc.record(
            { set_default: mostly(fc.boolean(), fc.constantFrom('true', 0, null)) },
            { requiredKeys: [] },
          ),
          arb.extra,
        )
        .map(([a, b, c]) => ({ ...a, ...b, ...c })),
    },
  ),
};

// ---------------------------------------------------------------------------------------------
// The SDK under test, over a fetch that records requests and answers every one validly.
// ---------------------------------------------------------------------------------------------

const answers: [RegExp, unknown][] = [
  [/^POST \/sms\/messages$/, message],
  [/^GET \/sms\/messages$/, { data: [message], has_more: false, next_cursor: null }],
  [/^POST \/sms\/bulk$/, { id: 'bulk_1', status: 'processing', total: 1, queued: 1 }],
  [/^POST \/sms\/templates\/[^/]+\/send$/, message],
  [/^POST \/sms\/webhooks$/, { id: 'wh_1', url: 'https://e.test', events: [], enabled: true }],
  [/^POST \/payment\/customers\/[^/]+\/payment_methods$/, { id: 'cus_1' }],
  [/^GET \/payment\/webhooks$/, { data: [], has_more: false, next_cursor: null }],
];
const sent: { method: string; path: string; headers: Record<string, string>; body: unknown }[] = [];
const fetchRecorder: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const text = await request.text();
  sent.push({
    method: request.method,
    path: url.pathname,
    headers: Object.fromEntries(request.headers),
    body: text === '' ? undefined : JSON.parse(text),
  });
  const answer = answers.find(([pattern]) => pattern.test(`${request.method} ${url.pathname}`));
  return answer === undefined
    ? new Response('{"error":{"code":"no_route"}}', { status: 404 })
    : new Response(JSON.stringify(answer[1]), { headers: { 'content-type': 'application/json' } });
};

let client: Client;
beforeAll(() => {
  client = new Client({
    apiKey: 'sk_live_HOSTILE_props',
    testApiKey: 'sk_test_HOSTILE_props',
    baseURL: 'https://api.gateway.test',
    sandboxBaseURL: 'https://sandbox.gateway.test',
    fetch: fetchRecorder,
    maxRetries: 0,
    logLevel: 'off',
  });
});

/** Runs `call` and checks the SDK's verdict against the oracle's; returns what went on the wire. */
async function agrees(
  valid: boolean,
  call: () => PromiseLike<unknown>,
): Promise<(typeof sent)[number] | undefined> {
  sent.length = 0;
  let promise: PromiseLike<unknown>;
  try {
    promise = call();
  } catch (error) {
    throw new Error(`threw synchronously instead of rejecting: ${String(error)}`);
  }
  let error: unknown;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  if (valid) {
    if (error !== undefined)
      throw new Error(`refused an input the reference allows: ${(error as Error).message}`);
    expect(sent).toHaveLength(1);
  } else {
    if (!(error instanceof ValidationError))
      throw new Error(`wanted a ValidationError, got ${error === undefined ? 'success' : String(error)}`);
    expect(sent).toHaveLength(0);
  }
  return sent[0];
}

const stripPlus = (v: unknown) => (isString(v) && v.startsWith('+') ? v.slice(1) : v);

// ---------------------------------------------------------------------------------------------

/** The operations that check a body or a query (src/resources/operations.ts). */
type WithParams = {
  [Id in OperationId]: (typeof OPERATIONS)[Id] extends { params: string } ? Id : never;
}[OperationId];

/** A property per operation that checks its input: the compiler asks for a new one. */
const properties: Record<WithParams, () => Promise<void>> = {
  'sms.messages.create': async () => {
    await fc.assert(
      fc.asyncProperty(inputs.messageCreate, async (body) => {
        const valid = oracle.messageCreate(body);
        const wire = await agrees(valid, () => client.sms.messages.create(body as never));
        if (valid) {
          const b = body as Record<string, unknown>;
          // What is sent is what was given, normalised only as documented (+ stripped, Date as ISO).
          expect(wire?.body).toMatchObject({ to: stripPlus(b['to']), message: b['message'] });
          if (b['schedule_at'] instanceof Date)
            expect((wire?.body as Record<string, unknown>)['schedule_at']).toBe(
              b['schedule_at'].toISOString(),
            );
        }
      }),
    );
  },

  'sms.bulk.create': async () => {
    await fc.assert(
      fc.asyncProperty(inputs.bulkCreate, async (body) => {
        const valid = oracle.bulkCreate(body);
        const wire = await agrees(valid, () => client.sms.bulk.create(body as never));
        if (valid)
          expect((wire?.body as { recipients: unknown[] }).recipients).toEqual(
            (body as { recipients: unknown[] }).recipients.map(stripPlus),
          );
      }),
      { numRuns: 150 },
    );
  },

  'sms.templates.send': async () => {
    await fc.assert(
      fc.asyncProperty(inputs.templateId, inputs.templateBody, async (id, body) => {
        const wire = await agrees(oracle.templateSend(id, body), () =>
          client.sms.templates.send(id as never, body as never),
        );
        if (wire) expect(decodeURIComponent(wire.path.split('/')[3] ?? '')).toBe(id);
      }),
    );
  },

  'sms.webhooks.create': async () => {
    await fc.assert(
      fc.asyncProperty(inputs.webhookCreate, (body) =>
        agrees(oracle.webhookCreate(body), () => client.sms.webhooks.create(body as never)).then(
          () => undefined,
        ),
      ),
    );
  },

  'sms.messages.list': async () => {
    await fc.assert(
      fc.asyncProperty(inputs.messageList, (query) =>
        agrees(oracle.messageList(query), () => client.sms.messages.list(query as never)).then(
          () => undefined,
        ),
      ),
    );
  },

  'payment.webhooks.list': async () => {
    await fc.assert(
      fc.asyncProperty(inputs.paymentWebhookList, (query) =>
        agrees(oracle.paymentWebhookList(query), () => client.payment.webhooks.list(query as never)).then(
          () => undefined,
        ),
      ),
    );
  },

  'payment.customers.paymentMethods.attach': async () => {
    await fc.assert(
      fc.asyncProperty(inputs.customerId, inputs.attachBody, (id, body) =>
        agrees(oracle.paymentMethodAttach(id, body), () =>
          client.payment.customers.paymentMethods.attach(id as never, body as never),
        ).then(() => undefined),
      ),
    );
  },
};

describe('each validator agrees with the reference on arbitrary input', () => {
  it.each(Object.entries(properties))('%s', (_id, property) => property());

  it('covers every operation that checks its input, and a planted one fails until covered', () => {
    expect(uncovered(OPERATIONS, Object.keys(properties), hasParams)).toEqual([]);
    expect(uncovered(PLANTED, Object.keys(properties), hasParams)).toEqual(['sms.messages.plant']);
  });
});

describe('per-call options are checked too', () => {
  it('sms.messages.create(validBody, options)', async () => {
    await fc.assert(
      fc.asyncProperty(options, async (opts) => {
        const wire = await agrees(optionsValid(opts), () =>
          client.sms.messages.create({ to: '447700900123', message: 'hi' }, opts as never),
        );
        const o = (opts ?? {}) as { idempotencyKey?: string; headers?: Record<string, string> };
        if (wire === undefined) return;
        // The caller's key and headers go out as given (header values as fetch trims them).
        if (o.idempotencyKey !== undefined) expect(wire.headers['idempotency-key']).toBe(o.idempotencyKey);
        for (const [name, value] of Object.entries(o.headers ?? {}))
          expect(wire.headers[name.toLowerCase()]).toBe(value.trim());
      }),
      { numRuns: 400 },
    );
  });

  it('messages.list(query, options): a lazy list checks them when it starts', async () => {
    await fc.assert(
      fc.asyncProperty(options, async (opts) => {
        // idempotencyKey only applies to POSTs; a GET ignores it.
        const o =
          opts !== null && typeof opts === 'object'
            ? { ...(opts as object), idempotencyKey: undefined }
            : opts;
        await agrees(optionsValid(o), () => client.sms.messages.list({ limit: 5 }, o as never));
      }),
    );
  });
});

describe('the generators reach both verdicts', () => {
  // A property that only ever sees invalid input proves nothing about acceptance, and the reverse.
  it.each([
    ['messageCreate', inputs.messageCreate, oracle.messageCreate],
    ['bulkCreate', inputs.bulkCreate, oracle.bulkCreate],
    ['webhookCreate', inputs.webhookCreate, oracle.webhookCreate],
    ['messageList', inputs.messageList, oracle.messageList],
    ['paymentWebhookList', inputs.paymentWebhookList, oracle.paymentWebhookList],
    ['options', options, optionsValid],
  ] as const)('%s', (_name, arbitrary, rule) => {
    const verdicts = fc
      .sample(arbitrary as fc.Arbitrary<unknown>, { numRuns: 400, seed: 7 })
      .map((v) => (rule as (v: unknown) => boolean)(v));
    expect(verdicts.filter(Boolean).length).toBeGreaterThan(40);
    expect(verdicts.filter((v) => !v).length).toBeGreaterThan(40);
  });

  it('the oracle itself follows the reference on hand-picked cases', () => {
    const ok = { to: '447700900123', message: 'hi' };
    expect(oracle.messageCreate(ok)).toBe(true);
    expect(oracle.messageCreate({ ...ok, to: '+447700900123' })).toBe(true);
    expect(oracle.messageCreate({ ...ok, to: '+44 7700 900123' })).toBe(false);
    expect(oracle.messageCreate({ ...ok, message: '😀'.repeat(1000) })).toBe(true);
    expect(oracle.messageCreate({ ...ok, message: '😀'.repeat(1001) })).toBe(false);
    expect(oracle.messageCreate({ ...ok, from: 'ABCDEFGHIJKL' })).toBe(false);
    expect(oracle.messageCreate({ ...ok, callback_url: 'http://e.test' })).toBe(false);
    expect(oracle.bulkCreate({ recipients: ['447700900123'], message: 'hi', route: 'otp' })).toBe(false);
    expect(oracle.messageList({ limit: 100 })).toBe(true);
    expect(oracle.messageList({ limit: 0 })).toBe(false);
    expect(oracle.messageList({ sender: 'x' })).toBe(false);
    expect(oracle.messageCreate({ ...ok, scheduleAt: '2026-01-01T00:00:00Z' })).toBe(false);
    const hook = { url: 'https://e.test/h', events: [] };
    expect(oracle.webhookCreate({ ...hook, note: 'x' })).toBe(true);
    expect(oracle.webhookCreate({ ...hook, retryConfig: { max_attempts: 1 } })).toBe(false);
  });
});
