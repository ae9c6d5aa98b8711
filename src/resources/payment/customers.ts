import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import { path } from '../../core/path.js';
import type { RequestOptions } from '../../core/options.js';
import type { PipelineConfig } from '../../core/request.js';
import { APIResource } from '../../core/resource.js';
import { type Assert, type ParsesTo, wireDateTime, typedAs } from '../../core/schema.js';
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
    return this._request('GET', () => ({ path: path`payment/customers/${{ id }}` }), CustomerSchema, opts);
  }
}

/**
 * A customer as the service returns it. Fields the service adds later are kept on the object at
 * run time without being typed: reach one with `'field' in customer` (docs/decisions.md, Types).
 */
export interface Customer {
  /** Customer identifier. */
  id: string;
  /** Email address. */
  email?: string;
  /** Full name. */
  name?: string;
  /** Phone number. */
  phone?: string;
  /** Free-form key-value map: any object, every key kept. */
  metadata?: Record<string, unknown>;
  /** Identifier of the default payment method, or null. */
  default_payment_method?: string | null;
  /** Creation time, ISO 8601. */
  created_at?: string;
}

const customer = z.looseObject({
  id: z.string(),
  email: z.optional(z.string()),
  name: z.optional(z.string()),
  phone: z.optional(z.string()),
  metadata: z.optional(z.looseObject({})),
  default_payment_method: z.optional(z.nullable(z.string())),
  created_at: z.optional(wireDateTime()),
});
// A compile error here means the schema and the interface above no longer name the same fields.
type _CustomerTie = Assert<ParsesTo<typeof customer, Customer>>;
/** Parses a Customer; loose, so fields the service adds later are kept. */
export const CustomerSchema = typedAs<Customer>(customer);
