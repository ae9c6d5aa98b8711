// client.sms.webhooks: every operation against the mock service (the wire, the typed result)
// and every request rule of api-reference.md, refused before any I/O.
import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type SmsWebhook, type SmsWebhookCreateParams } from 'gateway-sdk';
import {
  describeRefusals,
  SMS,
  expectAreaHeaders,
  only,
  type Refusal,
  useMockClient,
} from '../../helpers/resources.js';
import type { WireRequest } from '../../helpers/wire.js';

const api = useMockClient();
const { server, wire } = api;
const hook: SmsWebhookCreateParams = { url: 'https://example.com/h', events: ['message.sent'] };

describe('6. GET /sms/webhooks/{webhook_id} and 7. POST /sms/webhooks', () => {
  it('registers a webhook and reads it back', async () => {
    const created = await api.client.sms.webhooks.create({
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
    // The reference does not show this answer, so the type allows none.
    expectTypeOf(created).toEqualTypeOf<SmsWebhook | undefined>();
    if (created === undefined) throw new Error('the mock answers with the webhook');
    expect(created.secret).toEqual(expect.any(String));

    const read = await api.client.sms.webhooks.retrieve(created.id);
    const get = wire[1] as WireRequest;
    expect(get.method).toBe('GET');
    expect(get.url.pathname).toBe(`/sms/webhooks/${created.id}`);
    expect(read).toEqual(created);
  });

  it.each([
    ['an empty 201', () => new HttpResponse(null, { status: 201 })],
    ['a 201 of plain text', () => new HttpResponse('Created', { status: 201 })],
    ['a 200 of JSON that is not an object', () => HttpResponse.json(['wh_1'])],
    ['a 202 of JSON null', () => HttpResponse.json(null, { status: 202 })],
  ])('resolves undefined on %s, an answer the reference does not show', async (_, answer) => {
    server.use(http.post('https://api.gateway.test/sms/webhooks', answer));
    await expect(api.client.sms.webhooks.create(hook)).resolves.toBeUndefined();
  });

  it('passes enabled and retry_config through', async () => {
    const created = await api.client.sms.webhooks.create({
      url: 'https://example.com/h',
      events: ['message.sent'],
      enabled: false,
      retry_config: { max_attempts: 3, backoff_seconds: 60 },
    });
    expect(only(wire).body).toMatchObject({
      enabled: false,
      retry_config: { max_attempts: 3, backoff_seconds: 60 },
    });
    expect(created).toMatchObject({ enabled: false, retry_config: { max_attempts: 3, backoff_seconds: 60 } });
  });
});

describe('property names', () => {
  it('passes a field the reference leaves open through on webhook create, as given', async () => {
    let sent: unknown;
    server.use(
      http.post('https://api.gateway.test/sms/webhooks', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 'wh_1', url: hook.url, events: hook.events, enabled: true });
      }),
    );
    const body = { ...hook, enabled: false, retry_config: { max_attempts: 3 }, description: 'orders' };
    await api.client.sms.webhooks.create(body as SmsWebhookCreateParams);
    expect(wire).toHaveLength(1);
    expect(sent).toEqual(body);
  });
});

const refused: Refusal[] = [
  [
    'webhook create with retryConfig',
    () => api.client.sms.webhooks.create({ ...hook, retryConfig: { max_attempts: 3 } } as never),
    'retryConfig',
    /did you mean retry_config\?/,
  ],
  [
    'webhook create with Enabled',
    () => api.client.sms.webhooks.create({ ...hook, Enabled: false } as never),
    'Enabled',
    /did you mean enabled\?/,
  ],
  [
    'webhook retry_config with maxAttempts',
    () => api.client.sms.webhooks.create({ ...hook, retry_config: { maxAttempts: 3 } } as never),
    'retry_config.maxAttempts',
    /did you mean max_attempts\?/,
  ],
  [
    'webhook retry_config with an unknown field',
    () => api.client.sms.webhooks.create({ ...hook, retry_config: { jitter: true } } as never),
    'retry_config.jitter',
    /is not a field \(the fields are max_attempts, backoff_seconds\)/,
  ],
  ['webhook_id empty', () => api.client.sms.webhooks.retrieve(''), 'webhookId', /non-empty/],
  [
    'webhook url over plain HTTP',
    () => api.client.sms.webhooks.create({ ...hook, url: 'http://example.com/h' }),
    'url',
    /https/,
  ],
  [
    'webhook url missing',
    () => api.client.sms.webhooks.create({ events: ['message.sent'] } as never),
    'url',
    /is required/,
  ],
  [
    'webhook event unknown',
    () => api.client.sms.webhooks.create({ ...hook, events: ['message.sent', 'balance.low'] as never }),
    'events.1',
    /balance\.low cannot be subscribed/,
  ],
  [
    'webhook events not an array',
    () => api.client.sms.webhooks.create({ ...hook, events: 'message.sent' as never }),
    'events',
    /array/,
  ],
  [
    'retry_config negative',
    () => api.client.sms.webhooks.create({ ...hook, retry_config: { max_attempts: -1 } }),
    'retry_config.max_attempts',
    /0 or more/,
  ],
];

describeRefusals(wire, refused);
