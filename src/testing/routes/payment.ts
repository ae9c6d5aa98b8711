// The payment endpoints (the API reference's Endpoints 8 to 10), on the sandbox address.
import { invalid, missing, notFound } from '../errors.js';
import { paginate } from '../pagination.js';
import type { Route } from '../router.js';
import { declared } from './declared.js';
import { boolean, knownFields, pageLimit, queryParams, string } from '../validation.js';

/** GET /payment/webhooks: the list wrapper with `object: 'list'`. */
const listWebhooks: Route = {
  ...declared('payment.webhooks.list'),
  handle({ query, store }) {
    // Query parameters are "not shown"; the mock takes the same paging as the message list.
    const q = queryParams(query, ['limit', 'after']);
    const page = paginate(store.paymentWebhooks.values(), {
      limit: pageLimit(q.get('limit')),
      after: q.get('after'),
    });
    return { body: { object: 'list', ...page } };
  },
};

/** POST /payment/customers/{id}/payment_methods */
const attachPaymentMethod: Route = {
  ...declared('payment.customers.paymentMethods.attach'),
  handle({ params, body, store }) {
    const id = params['id'] ?? '';
    const customer = store.customers.get(id);
    if (customer === undefined) throw notFound('customer_not_found', 'id', 'customer', id);
    knownFields(body, ['payment_method', 'set_default'], 'POST /payment/customers/{id}/payment_methods');
    const paymentMethod = string(body, 'payment_method');
    if (paymentMethod === undefined) throw missing('payment_method', 'a payment method id');
    if (paymentMethod === '') throw invalid('payment_method', 'must be a non-empty payment method id.');
    const setDefault = boolean(body, 'set_default') ?? false;
    const attached = store.paymentMethods.get(id) ?? [];
    if (!attached.includes(paymentMethod)) attached.push(paymentMethod);
    store.paymentMethods.set(id, attached);
    if (setDefault) customer.default_payment_method = paymentMethod;
    return { body: customer };
  },
};

/** GET /payment/customers/{id} */
const retrieveCustomer: Route = {
  ...declared('payment.customers.retrieve'),
  handle({ params, store }) {
    const id = params['id'] ?? '';
    const customer = store.customers.get(id);
    if (customer === undefined) throw notFound('customer_not_found', 'id', 'customer', id);
    return { body: customer };
  },
};

/** The payment routes, in the order of the reference. */
export const paymentRoutes: Route[] = [listWebhooks, attachPaymentMethod, retrieveCustomer];
