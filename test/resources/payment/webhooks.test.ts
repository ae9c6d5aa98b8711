// client.payment.webhooks: every operation against the mock service (the wire, the typed result)
// and every request rule of api-reference.md, refused before any I/O.
import { describe, expect, it } from 'vitest';
import { type PaymentWebhook } from 'gateway-sdk';
import {
  describeRefusals,
  SANDBOX,
  expectAreaHeaders,
  type Refusal,
  useMockClient,
} from '../../helpers/resources.js';

const api = useMockClient();
const { wire } = api;

describe('8. GET /payment/webhooks', () => {
  it('lists from the sandbox with the test key and the list wrapper', async () => {
    api.mock.store.seedPaymentWebhooks(250);
    const all: PaymentWebhook[] = [];
    for await (const hook of api.client.payment.webhooks.list({ limit: 100 })) all.push(hook);
    expect(all.length).toBe(api.mock.store.paymentWebhooks.size);
    expect(wire).toHaveLength(3);
    for (const request of wire) {
      expect(request.url.origin).toBe(SANDBOX);
      expect(request.url.pathname).toBe('/payment/webhooks');
      expectAreaHeaders(request, 'sk_test_mock', true);
    }
    expect(all.some((h) => h.events.includes('payment.succeeded'))).toBe(true);
  });
});

const refused: Refusal[] = [
  ['payment webhooks limit 0', () => api.client.payment.webhooks.list({ limit: 0 }), 'limit', /1 to 100/],
  ['payment webhooks limit 101', () => api.client.payment.webhooks.list({ limit: 101 }), 'limit', /1 to 100/],
];

describeRefusals(wire, refused);
