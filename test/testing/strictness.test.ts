// The mock refuses what the reference forbids and moves on its own, reproduced on the loopback
// server (a real socket, as the conformance pass that found these used).
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, ValidationError } from 'gateway-sdk';
import { MAX_BODY_BYTES, startMockServer, type MockServer } from 'gateway-sdk/testing';

let server: MockServer;
let now = Date.parse('2026-11-23T09:00:00.000Z');
const START = now;

beforeAll(async () => {
  server = await startMockServer({ now: () => new Date(now), autoAdvance: true });
});
beforeEach(() => {
  now = START;
  server.mock.store.reset();
});
afterAll(() => server.close());

const smsHeaders = { authorization: 'Bearer sk_live_mock', 'service-version': '2026-01-01' };
const paymentHeaders = { authorization: 'Bearer sk_test_mock', 'service-version': '2026-01-01' };

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = smsHeaders,
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) };
}

describe('1. unknown or misspelled body fields are refused, naming the field', () => {
  it.each([
    [
      '/sms/messages',
      { to: '447700900123', message: 'Hi', scheduleAt: '2026-11-24T08:17:29Z' },
      'scheduleAt',
      'schedule_at',
    ],
    [
      '/sms/messages',
      { to: '447700900123', message: 'Hi', callbackUrl: 'https://e.com' },
      'callbackUrl',
      'callback_url',
    ],
    ['/sms/messages', { to: '447700900123', message: 'Hi', foo: 1 }, 'foo', undefined],
    [
      '/sms/bulk',
      { recipients: ['447700900123'], message: 'Hi', scheduleAt: null },
      'scheduleAt',
      'schedule_at',
    ],
    [
      '/sms/bulk',
      { recipients: ['447700900123'], message: 'Hi', callback_url: 'https://e.com' },
      'callback_url',
      undefined,
    ],
    [
      '/sms/templates/tpl_otp/send',
      { to: '447700900123', variables: { code: '1' }, message: 'x' },
      'message',
      undefined,
    ],
  ])('POST %s with %o', async (path, body, param, meant) => {
    const res = await call('POST', path, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'unknown_parameter', param });
    if (meant) expect(res.body.error.message).toContain(`did you mean ${meant}?`);
    expect(server.mock.store.messages.size).toBe(0);
  });

  it('on attach too', async () => {
    const res = await call(
      'POST',
      '/payment/customers/cus_123/payment_methods',
      { payment_method: 'pm_1', paymentMethod: 'pm_1' },
      paymentHeaders,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'unknown_parameter', param: 'paymentMethod' });
  });

  it('but webhook create stays open', async () => {
    const res = await call('POST', '/sms/webhooks', {
      url: 'https://example.com/h',
      events: ['message.sent'],
      description: 'further fields are not shown, so not refused',
    });
    expect(res.status).toBe(200);
  });
});

describe('2. a request size limit', () => {
  it(`answers 413 over ${MAX_BODY_BYTES} bytes, with or without Content-Length`, async () => {
    const huge = { to: '447700900123', message: 'Hi', reference_id: 'x'.repeat(12 * 1024 * 1024) };
    const res = await call('POST', '/sms/messages', huge);
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'request_too_large', param: null });

    // Chunked, so the mock cannot read the size from a header.
    const chunked = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${server.url}/sms/messages`);
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { ...smsHeaders, 'content-type': 'application/json' },
        },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      const chunk = 'x'.repeat(256 * 1024);
      req.write('{"to":"447700900123","message":"Hi","reference_id":"');
      for (let i = 0; i < 8; i++) req.write(chunk);
      req.end('"}');
    });
    expect(chunked).toBe(413);
    expect(server.mock.store.messages.size).toBe(0);
  });

  it('accepts the largest valid request, 10,000 bulk recipients', async () => {
    const recipients = Array.from({ length: 10_000 }, (_, i) => `4477${String(i).padStart(11, '0')}`);
    expect(JSON.stringify(recipients).length).toBeLessThan(MAX_BODY_BYTES);
    expect((await call('POST', '/sms/bulk', { recipients, message: 'x'.repeat(1000) })).status).toBe(200);
  });
});

describe('3. RFC 3339 date-times, both ways', () => {
  it('refuses a time without seconds', async () => {
    const res = await call('POST', '/sms/messages', {
      to: '447700900123',
      message: 'Hi',
      schedule_at: '2026-11-24T08:17Z',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('schedule_at');
  });

  it('accepts lower-case t and z', async () => {
    const res = await call('POST', '/sms/messages', {
      to: '447700900123',
      message: 'Hi',
      schedule_at: '2026-11-24t08:17:29z',
    });
    expect(res.status).toBe(200);
    expect(res.body.scheduled_at).toBe('2026-11-24T08:17:29.000Z');
    expect((await call('GET', '/sms/messages?from_date=2026-11-23t00:00:00z')).status).toBe(200);
  });
});

describe('4. https:hooks.example.com is not an https:// URL', () => {
  it.each([
    'https:hooks.example.com',
    'https:/hooks.example.com',
    'https:///hooks.example.com',
    'https:\\\\hooks.example.com',
  ])('the mock refuses %s', async (url) => {
    const hook = await call('POST', '/sms/webhooks', { url, events: ['message.sent'] });
    const send = await call('POST', '/sms/messages', {
      to: '447700900123',
      message: 'Hi',
      callback_url: url,
    });
    expect([hook.status, hook.body.error.param]).toEqual([400, 'url']);
    expect([send.status, send.body.error.param]).toEqual([400, 'callback_url']);
  });

  it('and so does the SDK, before sending', async () => {
    const client = new Client({ ...server.clientOptions, maxRetries: 0 });
    const before = server.mock.store.smsWebhooks.size;
    const error = await client.sms.webhooks
      .create({ url: 'https:hooks.example.com', events: ['message.sent'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain('url');
    const callback = await client.sms.messages
      .create({ to: '447700900123', message: 'Hi', callback_url: 'https:hooks.example.com' })
      .catch((e: unknown) => e);
    expect(callback).toBeInstanceOf(ValidationError);
    expect(server.mock.store.smsWebhooks.size).toBe(before);
    expect(server.mock.store.messages.size).toBe(0);
    expect(
      (await client.sms.webhooks.create({ url: 'https://hooks.example.com', events: ['message.sent'] }))?.url,
    ).toBe('https://hooks.example.com');
  });
});

describe('5. strict paths, and 405 with Allow', () => {
  it.each(['/sms/messages/', '/SMS/MESSAGES', '/sms/Messages', '/sms//messages', '/sms/messages/msg_1/'])(
    '%s is 404',
    async (path) => {
      const res = await call('GET', path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('route_not_found');
    },
  );

  it.each([
    ['DELETE', '/sms/messages', 'GET, POST'],
    ['PUT', '/sms/messages/msg_00000001', 'GET'],
    ['GET', '/sms/bulk', 'POST'],
    ['PATCH', '/payment/customers/cus_123', 'GET'],
  ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const res = await call(
      method,
      path,
      undefined,
      path.startsWith('/payment') ? paymentHeaders : smsHeaders,
    );
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'method_not_allowed' });
  });
});

describe('6. time moves the mock', () => {
  it('messages progress on the clock by route target; expired is reachable; bulk jobs complete', async () => {
    const otp = (await call('POST', '/sms/messages', { to: '447700900123', message: 'Code', route: 'otp' }))
      .body.id;
    const promo = (
      await call('POST', '/sms/messages', { to: '447700900124', message: 'Sale', route: 'promotional' })
    ).body.id;
    const silent = (await call('POST', '/sms/messages', { to: '447700900129', message: 'Hi' })).body.id;
    const job = (
      await call('POST', '/sms/bulk', { recipients: ['447700900121', '447700900130'], message: 'Bulk' })
    ).body;

    now = START + 4_999;
    expect((await call('GET', `/sms/messages/${otp}`)).body.status).toBe('delivered');
    expect((await call('GET', `/sms/messages/${promo}`)).body.status).toBe('queued');

    now = START + 119_999;
    expect((await call('GET', `/sms/messages/${promo}`)).body).toMatchObject({
      status: 'delivered',
      delivered_at: '2026-11-23T09:01:30.000Z',
    });
    expect(server.mock.store.bulkJobs.get(job.id)).toMatchObject({
      status: 'completed',
      delivered: 1,
      failed: 1,
      queued: 0,
      sent: 0,
      completed_at: '2026-11-23T09:01:30.000Z',
    });
    expect((await call('GET', `/sms/messages/${silent}`)).body.status).toBe('sent');

    now = START + 5_000 + 24 * 3_600_000;
    expect(
      (await call('GET', `/sms/messages?status=expired`)).body.data.map((m: { id: string }) => m.id),
    ).toEqual([silent]);
  });
});
