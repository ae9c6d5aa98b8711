// client.payment.customers.paymentMethods: every operation against the mock (the wire, the typed result)
// and every request rule of api-reference.md, refused before any I/O.
import { describe, expect, it } from 'vitest';
import {
  describeRefusals,
  SANDBOX,
  UUID,
  expectAreaHeaders,
  only,
  type Refusal,
  useMockClient,
} from '../../helpers/resources.js';

const api = useMockClient();
const { wire } = api;

describe('9. POST /payment/customers/{id}/payment_methods', () => {
  it('attaches a payment method and returns the updated customer', async () => {
    const customer = await api.client.payment.customers.paymentMethods.attach('cus_123', {
      payment_method: 'pm_1',
      set_default: true,
    });
    const request = only(wire);
    expect(request.method).toBe('POST');
    expect(request.url.href).toBe(`${SANDBOX}/payment/customers/cus_123/payment_methods`);
    expectAreaHeaders(request, 'sk_test_mock', true);
    expect(request.headers['idempotency-key']).toMatch(UUID);
    expect(request.body).toEqual({ payment_method: 'pm_1', set_default: true });
    expect(customer).toMatchObject({ id: 'cus_123', default_payment_method: 'pm_1' });
  });
});

const refused: Refusal[] = [
  [
    'attach with setDefault',
    () =>
      api.client.payment.customers.paymentMethods.attach('cus_1', {
        payment_method: 'pm_1',
        setDefault: true,
      } as never),
    'setDefault',
    /did you mean set_default\?/,
  ],
  [
    'customer id empty on attach',
    () => api.client.payment.customers.paymentMethods.attach('', { payment_method: 'pm_1' }),
    'customerId',
    /non-empty/,
  ],
  [
    'payment_method missing',
    () => api.client.payment.customers.paymentMethods.attach('cus_1', {} as never),
    'payment_method',
    /is required/,
  ],
  [
    'payment_method empty',
    () => api.client.payment.customers.paymentMethods.attach('cus_1', { payment_method: '' }),
    'payment_method',
    /non-empty/,
  ],
  [
    'set_default not a boolean',
    () =>
      api.client.payment.customers.paymentMethods.attach('cus_1', {
        payment_method: 'pm_1',
        set_default: 'yes' as never,
      }),
    'set_default',
    /boolean/,
  ],
];

describeRefusals(wire, refused);
