// Every operation against the mock service: what went on the wire and what came back typed.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  type BulkJob,
  Client,
  ConflictError,
  type Customer,
  type Message,
  NotFoundError,
  type OrganizationMember,
  type PaymentWebhook,
  ResponseValidationError,
  type SmsWebhook,
} from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { recordRequests, type WireRequest } from '../helpers/wire.js';

const NOW = new Date('2026-03-02T12:00:00Z');
let mock: MockService = createMockService({ now: () => NOW });
const server = setupServer();
const wire = recordRequests(server);
let client: Client;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // The SDK's scheduling check and the mock's must share one clock.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  mock = createMockService({ now: () => NOW });
  server.resetHandlers(...mock.handlers);
  client = new Client({ ...mock.clientOptions, maxRetries: 0 });
  wire.length = 0;
});
afterAll(() => {
  vi.useRealTimers();
  server.close();
});

const SMS = 'https://api.gateway.test';
const SANDBOX = 'https://sandbox.gateway.test';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function only(): WireRequest {
  expect(wire).toHaveLength(1);
  return wire[0] as WireRequest;
}

/** The headers every request of an area carries. */
function expectAreaHeaders(request: WireRequest, bearer: string, versioned: boolean) {
  expect(request.headers['authorization']).toBe(`Bearer ${bearer}`);
  expect(request.headers['service-version']).toBe(versioned ? '2026-01-01' : undefined);
  expect(request.headers['accept']).toBe('application/json');
  expect(request.headers['user-agent']).toMatch(/^gateway-sdk\/\d+\.\d+\.\d+ \(node\//);
}

describe('1. POST /sms/messages', () => {
  it('sends the body as the reference spells it, with a key, and returns a queued Message', async () => {
    const at = new Date(NOW.getTime() + 3_600_000);
    const message = await client.sms.messages.create({
      to: '+447700900123',
      message: 'Hello 👋',
      from: 'ACME',
      schedule_at: at,
      route: 'otp',
      reference_id: 'order-1',
      callback_url: 'https://example.com/cb',
    });
    const request = only();
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
    await client.sms.messages.create({ to: '447700900123', message: 'hi' });
    expect(only().body).toEqual({ to: '447700900123', message: 'hi' });
  });

  it('accepts the limits themselves: 8 and 15 digits, 1000 code points, 11-character sender, 100-character reference, 7 days ahead', async () => {
    const longest = '😀'.repeat(1000);
    await client.sms.messages.create({ to: '12345678', message: 'x' });
    await client.sms.messages.create({
      to: '123456789012345',
      message: longest,
      from: 'ABCDEFGHIJK',
      reference_id: '😀'.repeat(100),
    });
    await client.sms.messages.create({
      to: '447700900123',
      message: 'x',
      schedule_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    await client.sms.messages.create({ to: '447700900123', message: 'x', schedule_at: null });
    expect(wire).toHaveLength(4);
    expect((wire[1]?.body as { message: string }).message).toBe(longest);
  });

  it('replays the first answer for a reused key with the same body, storing one message', async () => {
    const first = await client.sms.messages.create(
      { to: '447700900123', message: 'once' },
      { idempotencyKey: 'k-1' },
    );
    const second = await client.sms.messages.create(
      { to: '447700900123', message: 'once' },
      { idempotencyKey: 'k-1' },
    );
    expect(second).toEqual(first);
    expect(mock.store.messages.size).toBe(1);
  });

  it('rejects a reused key with another body as ConflictError (409), carrying the key', async () => {
    await client.sms.messages.create({ to: '447700900123', message: 'one' }, { idempotencyKey: 'k-2' });
    const error = await client.sms.messages
      .create({ to: '447700900123', message: 'two' }, { idempotencyKey: 'k-2' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, code: 'idempotency_key_reused', idempotencyKey: 'k-2' });
    expect(mock.store.messages.size).toBe(1);
  });
});

describe('2. GET /sms/messages', () => {
  it('sends every filter in the query, dates as ISO 8601', async () => {
    const from = new Date('2026-03-01T00:00:00Z');
    await client.sms.messages.list({
      limit: 50,
      status: 'failed',
      route: 'otp',
      from_date: from,
      to_date: '2026-03-02T00:00:00Z',
    });
    const request = only();
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
    mock.store.seedMessages(400, (i) => ({
      status: i % 8 < 5 ? 'failed' : 'delivered',
      route: i % 2 ? 'otp' : 'promotional',
    }));
    // 400 that differ in status or route, then the 250 the filters select.
    mock.store.seedMessages(250, { status: 'failed', route: 'transactional' });

    const ids: string[] = [];
    for await (const message of client.sms.messages.list({
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
    mock.store.seedMessages(3);
    const page = await client.sms.messages.list();
    expectTypeOf(page.data).toEqualTypeOf<Message[]>();
    expect(page.data).toHaveLength(3);
    expect(page.has_more).toBe(false);
    expect(page.next_cursor).toBeNull();
  });
});

describe('3. GET /sms/messages/{message_id}', () => {
  it('gets one message by its encoded id', async () => {
    const [seeded] = mock.store.seedMessages(1, { status: 'delivered' });
    const message = await client.sms.messages.retrieve(seeded?.id ?? '');
    const request = only();
    expect(request.method).toBe('GET');
    expect(request.url.pathname).toBe(`/sms/messages/${seeded?.id}`);
    expectAreaHeaders(request, 'sk_live_mock', true);
    expect(message).toEqual(seeded);
  });

  it('rejects an unknown id with NotFoundError', async () => {
    await expect(client.sms.messages.retrieve('msg_missing')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('encodes ids so they cannot change the path', async () => {
    await client.sms.messages.retrieve('../webhooks/wh_123').catch(() => undefined);
    expect(only().url.pathname).toBe('/sms/messages/..%2Fwebhooks%2Fwh_123');
  });
});

describe('4. POST /sms/bulk', () => {
  it('sends recipients without plus signs and returns a processing job', async () => {
    const job = await client.sms.bulk.create({
      recipients: ['+447700900001', '447700900002'],
      message: 'Sale',
      route: 'promotional',
      from: 'SHOP',
    });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.url.href).toBe(`${SMS}/sms/bulk`);
    expectAreaHeaders(request, 'sk_live_mock', true);
    expect(request.headers['idempotency-key']).toMatch(UUID);
    expect(request.body).toEqual({
      recipients: ['447700900001', '447700900002'],
      message: 'Sale',
      route: 'promotional',
      from: 'SHOP',
    });
    expect(job).toMatchObject({ status: 'processing', total: 2, queued: 2, completed_at: null });
    expectTypeOf(job).toEqualTypeOf<BulkJob>();
  });

  it('accepts 10,000 recipients', async () => {
    const recipients = Array.from({ length: 10_000 }, (_, i) => `4477009${String(i).padStart(5, '0')}`);
    const job = await client.sms.bulk.create({ recipients, message: 'Sale' });
    expect(job.total).toBe(10_000);
  });
});

describe('5. POST /sms/templates/{template_id}/send', () => {
  it('sends to and variables, and returns the built message', async () => {
    const message = await client.sms.templates.send('tpl_welcome', {
      to: '+447700900123',
      variables: { name: 'Ada', company: 'Acme' },
      route: 'transactional',
    });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.url.href).toBe(`${SMS}/sms/templates/tpl_welcome/send`);
    expectAreaHeaders(request, 'sk_live_mock', true);
    expect(request.headers['idempotency-key']).toMatch(UUID);
    expect(request.body).toEqual({
      to: '447700900123',
      variables: { name: 'Ada', company: 'Acme' },
      route: 'transactional',
    });
    expect(message).toMatchObject({
      to: '447700900123',
      body: 'Hello Ada, welcome to Acme!',
      status: 'queued',
    });
  });

  it('rejects an unknown template with NotFoundError', async () => {
    await expect(
      client.sms.templates.send('tpl_nope', { to: '447700900123', variables: {} }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('6. GET /sms/webhooks/{webhook_id} and 7. POST /sms/webhooks', () => {
  it('registers a webhook and reads it back', async () => {
    const created = await client.sms.webhooks.create({
      url: 'https://example.com/hooks',
      events: ['message.delivered', 'message.failed'],
    });
    const post = wire[0] as WireRequest;
    expect(post.method).toBe('POST');
    expect(post.url.href).toBe(`${SMS}/sms/webhooks`);
    expectAreaHeaders(post, 'sk_live_mock', true);
    expect(post.body).toEqual({
      url: 'https://example.com/hooks',
      events: ['message.delivered', 'message.failed'],
    });
    expect(created).toMatchObject({
      url: 'https://example.com/hooks',
      events: ['message.delivered', 'message.failed'],
      enabled: true,
    });
    expect(created.secret).toEqual(expect.any(String));
    expectTypeOf(created).toEqualTypeOf<SmsWebhook>();

    const read = await client.sms.webhooks.retrieve(created.id);
    const get = wire[1] as WireRequest;
    expect(get.method).toBe('GET');
    expect(get.url.pathname).toBe(`/sms/webhooks/${created.id}`);
    expect(read).toEqual(created);
  });

  it('passes enabled and retry_config through', async () => {
    const created = await client.sms.webhooks.create({
      url: 'https://example.com/h',
      events: ['message.sent'],
      enabled: false,
      retry_config: { max_attempts: 3, backoff_seconds: 60 },
    });
    expect(only().body).toMatchObject({
      enabled: false,
      retry_config: { max_attempts: 3, backoff_seconds: 60 },
    });
    expect(created).toMatchObject({ enabled: false, retry_config: { max_attempts: 3, backoff_seconds: 60 } });
  });
});

describe('8. GET /payment/webhooks', () => {
  it('lists from the sandbox with the test key and the list wrapper', async () => {
    mock.store.seedPaymentWebhooks(250);
    const all: PaymentWebhook[] = [];
    for await (const hook of client.payment.webhooks.list({ limit: 100 })) all.push(hook);
    expect(all.length).toBe(mock.store.paymentWebhooks.size);
    expect(wire).toHaveLength(3);
    for (const request of wire) {
      expect(request.url.origin).toBe(SANDBOX);
      expect(request.url.pathname).toBe('/payment/webhooks');
      expectAreaHeaders(request, 'sk_test_mock', true);
    }
    expect(all.some((h) => h.events.includes('payment.succeeded'))).toBe(true);
  });
});

describe('9. POST /payment/customers/{id}/payment_methods and 10. GET /payment/customers/{id}', () => {
  it('retrieves a customer from the sandbox', async () => {
    const customer = await client.payment.customers.retrieve('cus_123');
    const request = only();
    expect(request.url.href).toBe(`${SANDBOX}/payment/customers/cus_123`);
    expectAreaHeaders(request, 'sk_test_mock', true);
    expect(customer).toMatchObject({ id: 'cus_123', default_payment_method: null });
    expectTypeOf(customer).toEqualTypeOf<Customer>();
  });

  it('attaches a payment method and returns the updated customer', async () => {
    const customer = await client.payment.customers.paymentMethods.attach('cus_123', {
      payment_method: 'pm_1',
      set_default: true,
    });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.url.href).toBe(`${SANDBOX}/payment/customers/cus_123/payment_methods`);
    expectAreaHeaders(request, 'sk_test_mock', true);
    expect(request.headers['idempotency-key']).toMatch(UUID);
    expect(request.body).toEqual({ payment_method: 'pm_1', set_default: true });
    expect(customer).toMatchObject({ id: 'cus_123', default_payment_method: 'pm_1' });
  });

  it('rejects an unknown customer with NotFoundError', async () => {
    await expect(client.payment.customers.retrieve('cus_missing')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('11. GET /account/organizations/{organizationId}/members', () => {
  it('sends the access token without Service-Version and returns the bare array', async () => {
    const members = await client.account.organizations.members.list('org_123');
    const request = only();
    expect(request.url.href).toBe(`${SMS}/account/organizations/org_123/members`);
    expectAreaHeaders(request, 'at_mock', false);
    expect(Array.isArray(members)).toBe(true);
    expect(members).toEqual(mock.store.members.get('org_123'));
    expect(members[0]?.roles?.[0]?.permissions?.[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), name: expect.any(String) }),
    );
    expectTypeOf(members).toEqualTypeOf<OrganizationMember[]>();
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
    const message = await client.sms.messages.retrieve('msg_new');
    expect(message.status).toBe('carrier_hold');
    expect(message.route).toBe('priority');
    // Closed in the types, kept at run time: reached with `in`, as docs/decisions.md says.
    expect('tags' in message && message.tags).toEqual(['x']);
    expect('carrier' in message && message.carrier).toEqual({ name: 'Acme' });
  });

  it('rejects a missing required field with the path and the raw body', async () => {
    server.use(http.get(`${SANDBOX}/payment/customers/cus_bad`, () => HttpResponse.json({ name: 'No id' })));
    const error = (await client.payment.customers
      .retrieve('cus_bad')
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues).toEqual([{ path: ['id'], message: 'is required (string)' }]);
    expect(error.body).toBe('{"name":"No id"}');
  });

  it('rejects a member list that is not an array', async () => {
    server.use(
      http.get(`${SMS}/account/organizations/org_obj/members`, () => HttpResponse.json({ data: [] })),
    );
    await expect(client.account.organizations.members.list('org_obj')).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
  });
});

afterEach(() => {
  wire.length = 0;
});
