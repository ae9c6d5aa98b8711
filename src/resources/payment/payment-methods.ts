import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import { path } from '../../internal/path.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../../internal/resource.js';
import { type Accepts, type Assert, parseInput, closedObject } from '../../internal/schema.js';
import { type Customer, CustomerSchema } from './models.js';

/** Payment methods attached to a customer (sandbox). */
export class PaymentMethods extends APIResource {
  protected readonly area = 'payment';

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
    return this._request(
      'POST',
      () => ({
        path: path`payment/customers/${{ customerId }}/payment_methods`,
        body: parseInput(PaymentMethodAttachParamsSchema, body, 'PaymentMethodAttachParams'),
      }),
      CustomerSchema,
      opts,
    );
  }
}

/** Body of `paymentMethods.attach`. */
export interface PaymentMethodAttachParams {
  /** Identifier of the payment method to attach, e.g. `pm_card_visa`. */
  payment_method: string;
  /** Whether it becomes the customer's default payment method. */
  set_default?: boolean | undefined;
}

/** Checks a `paymentMethods.attach` body. Closed: the reference names both fields. */
export const PaymentMethodAttachParamsSchema = closedObject({
  payment_method: z
    .string()
    .check(z.refine((id: string) => id.length > 0, { error: 'must be a non-empty payment method id' })),
  set_default: z.optional(z.boolean()),
});
// A compile error here means the schema and the interface above no longer name the same fields.
type _PaymentMethodAttachParamsTie = Assert<
  Accepts<typeof PaymentMethodAttachParamsSchema, PaymentMethodAttachParams>
>;
