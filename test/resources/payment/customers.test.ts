// client.payment.customers: every operation against the mock service (the wire, the typed result)
// and every request rule of api-reference.md, refused before any I/O.
import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type Customer, NotFoundError, ResponseValidationError } from 'gateway-sdk';
import {
  describeRefusals,
  SANDBOX,
  expectAreaHeaders,
  only,
  type Refusal,
  useMockClient,
} from '../../helpers/resources.js';

const api = useMockClient();
const { server, wire } = api;

describe('10. GET /payment/customers/{id}', () => {
  it('retrieves a customer from the sandbox', async () => {
    const customer = await api.client.payment.customers.retrieve('cus_123');
    const request = only(wire);
    expect(request.url.href).toBe(`${SANDBOX}/payment/customers/cus_123`);
    expectAreaHeaders(request, 'sk_test_mock', true);
    expect(customer).toMatchObject({ id: 'cus_123', default_payment_method: null });
    expectTypeOf(customer).toEqualTypeOf<Customer>();
  });

  it('rejects an unknown customer with NotFoundError', async () => {
    await expect(api.client.payment.customers.retrieve('cus_missing')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('forward compatibility', () => {
  it('rejects a missing required field with the path and the raw body', async () => {
    server.use(http.get(`${SANDBOX}/payment/customers/cus_bad`, () => HttpResponse.json({ name: 'No id' })));
    const error = (await api.client.payment.customers
      .retrieve('cus_bad')
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues).toEqual([{ path: ['id'], message: 'is required (string)' }]);
    expect(error.body).toBe('{"name":"No id"}');
  });
});

const refused: Refusal[] = [
  ['customer id empty', () => api.client.payment.customers.retrieve(''), 'id', /non-empty/],
];

describeRefusals(wire, refused);
