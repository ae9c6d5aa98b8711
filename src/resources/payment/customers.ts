import type { APIPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/options.js';
import type { Transport } from '../../internal/transport.js';
import { APIResource } from '../resource.js';
import type { Customer } from '../models/payment.js';
import { PaymentMethods } from './payment-methods.js';

/** Customers of the payment gateway (sandbox). */
export class Customers extends APIResource {
  /** A customer's payment methods. */
  declare readonly paymentMethods: PaymentMethods;

  /** @internal */
  constructor(transport: Transport) {
    super(transport);
    this.paymentMethods = new PaymentMethods(transport);
  }

  /**
   * Gets one customer (GET /payment/customers/{id}).
   *
   * @example const customer = await client.payment.customers.retrieve('cus_123')
   */
  retrieve(id: string, opts?: RequestOptions): APIPromise<Customer> {
    return this._request('payment.customers.retrieve', { path: [{ id }] }, opts);
  }
}
