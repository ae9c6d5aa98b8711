import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import { path } from '../../core/path.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../../core/resource.js';
import { parseInput } from '../../core/schema.js';
import { Customer } from './customers.js';

/** Payment methods attached to a customer (sandbox). */
export class PaymentMethods extends APIResource {
  protected readonly area = 'payment';

  /**
   * Attaches a payment method to a customer and returns the updated customer
   * (POST /payment/customers/{id}/payment_methods).
   *
   * @example await client.payment.customers.paymentMethods.attach('cus_123', { payment_method: 'pm_456', set_default: true })
   */
  attach(customerId: string, body: PaymentMethodAttachParams, opts?: RequestOptions): APIPromise<Customer> {
    return this._request(
      'POST',
      () => ({
        path: path`payment/customers/${{ customerId }}/payment_methods`,
        body: parseInput(PaymentMethodAttachParams, body, 'PaymentMethodAttachParams'),
      }),
      Customer,
      opts,
    );
  }
}

/** Body of `paymentMethods.attach`. */
export const PaymentMethodAttachParams = z.looseObject({
  /** Identifier of the payment method to attach, e.g. `pm_card_visa`. */
  payment_method: z
    .string()
    .check(z.refine((id: string) => id.length > 0, { error: 'must be a non-empty payment method id' })),
  /** Whether it becomes the customer's default payment method. */
  set_default: z.optional(z.boolean()),
});
/**
 * Body of `paymentMethods.attach`.
 *
 * @interface
 */
export type PaymentMethodAttachParams = z.input<typeof PaymentMethodAttachParams>;
