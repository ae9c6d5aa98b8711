import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import { path } from '../../core/path.js';
import type { RequestOptions } from '../../core/options.js';
import type { PipelineConfig } from '../../core/request.js';
import { APIResource } from '../../core/resource.js';
import { wireDateTime } from '../../core/schema.js';
import { PaymentMethods } from './payment-methods.js';

/** Customers of the payment gateway (sandbox). */
export class Customers extends APIResource {
  protected readonly area = 'payment';
  /** A customer's payment methods. */
  readonly paymentMethods: PaymentMethods;

  /** @internal */
  constructor(config: PipelineConfig) {
    super(config);
    this.paymentMethods = new PaymentMethods(config);
  }

  /**
   * Gets one customer (GET /payment/customers/{id}).
   *
   * @example const customer = await client.payment.customers.retrieve('cus_123')
   */
  retrieve(id: string, opts?: RequestOptions): APIPromise<Customer> {
    return this._request('GET', () => ({ path: path`payment/customers/${{ id }}` }), Customer, opts);
  }
}

/** A customer as the service returns it. */
export const Customer = z.looseObject({
  /** Customer identifier. */
  id: z.string(),
  /** Email address. */
  email: z.optional(z.string()),
  /** Full name. */
  name: z.optional(z.string()),
  /** Phone number. */
  phone: z.optional(z.string()),
  /** Free-form key-value map: any object, every key kept. */
  metadata: z.optional(z.looseObject({})),
  /** Identifier of the default payment method, or null. */
  default_payment_method: z.optional(z.nullable(z.string())),
  /** Creation time, ISO 8601. */
  created_at: z.optional(wireDateTime()),
});
/**
 * A customer as the service returns it.
 *
 * @interface
 */
export type Customer = z.output<typeof Customer>;
