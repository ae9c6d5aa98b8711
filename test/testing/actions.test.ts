// A POST with no body, an action such as a cancel, routes like any other: the route sees `{}` and
// answers, instead of the mock refusing it 415 for a Content-Type a body-less request has no reason
// to send. A planted route stands for the first such operation; the real routes show the same.
import { describe, expect, it } from 'vitest';
import { createMockService } from 'gateway-sdk/testing';
import { answerRequest, type Route, type ServiceContext } from '../../src/testing/router.js';
import { MockStore } from '../../src/testing/store.js';

const BASE = 'https://api.gateway.test';
const headers = { authorization: 'Bearer sk_live_mock', 'service-version': '2026-01-01' };

/** A planted action: cancels a queued message, and shows the body it was given. */
const cancel: Route = {
  area: 'sms',
  method: 'POST',
  path: 'sms/messages/:message_id/cancel',
  handle: ({ params, body }) => ({ body: { id: params['message_id'], cancelled: true, received: body } }),
};

function service(): ServiceContext {
  const now = () => new Date('2026-01-01T09:00:00Z');
  return {
    store: new MockStore(now),
    now,
    autoAdvance: false,
    credentials: { apiKey: 'sk_live_mock', testApiKey: 'sk_test_mock', accessToken: 'at_mock' },
    addresses: { sms: BASE, account: BASE, payment: 'https://sandbox.gateway.test' },
    serviceVersions: new Set(['2026-01-01']),
  };
}

describe('a body-less POST route', () => {
  it.each<[string, RequestInit]>([
    ['no body and no Content-Type', {}],
    ['an empty body', { body: '' }],
    [
      'Content-Length: 0 and a Content-Type',
      { headers: { 'content-length': '0', 'content-type': 'text/plain' } },
    ],
    ['{} as JSON', { body: '{}', headers: { 'content-type': 'application/json' } }],
  ])('answers with %s', async (_name, init) => {
    const request = new Request(`${BASE}/sms/messages/msg_1/cancel`, {
      method: 'POST',
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
    });
    const response = await answerRequest([cancel], service(), request);
    expect(response.status).toBe(200);
    expect((await response.json()) as unknown).toEqual({ id: 'msg_1', cancelled: true, received: {} });
  });

  it('replays its answer to the same Idempotency-Key', async () => {
    const context = service();
    const send = () =>
      answerRequest(
        [cancel],
        context,
        new Request(`${BASE}/sms/messages/msg_1/cancel`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': 'k1' },
        }),
      );
    expect((await send()).headers.get('idempotent-replayed')).toBeNull();
    expect((await send()).headers.get('idempotent-replayed')).toBe('true');
  });

  it('still refuses a body that is there and not JSON', async () => {
    const request = new Request(`${BASE}/sms/messages/msg_1/cancel`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain' },
      body: 'cancel please',
    });
    expect((await answerRequest([cancel], service(), request)).status).toBe(415);
  });
});

describe('the mock’s own POST routes, sent no body', () => {
  it('answer as their fields say (400 naming the first missing one), not 415', async () => {
    const mock = createMockService();
    const response = await mock.fetch(`${BASE}/sms/webhooks`, { method: 'POST', headers });
    expect(response.status).toBe(400);
    expect((await response.json()) as unknown).toMatchObject({
      error: { code: 'parameter_missing', param: 'url' },
    });
  });
});
