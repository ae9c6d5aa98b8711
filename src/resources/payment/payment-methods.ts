import type { APIPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../resource.js';
import type { Customer, PaymentMethodAttachParams } from '../models/payment.js';

export type { PaymentMethodAttachParams } from '../models/payment.js';

/** Payment methods attached to a customer (sandbox). */
export class PaymentMethods extends APIResource {
  /**
   * Attaches a payment method to a customer and returns the updated customer
   * (POST /payment/customers/{id}/payment_methods).
   *
   * @example
   * await client.payment.customers.paymentMethods.attach('cus_123', {
   *   payment_method: 'pm_456',
   *   set_default: true,
   * });
   */
  attach(customerId: string, body: PaymentMethodAttachParams, opts?: RequestOptions): APIPromise<Customer> {
    return this._request('payment.customers.paymentMethods.attach', { path: [{ customerId }], body }, opts);
  }
}
