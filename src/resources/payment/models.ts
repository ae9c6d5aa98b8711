// The Customer model both payment resources return; in a module of its own so that customers.ts
// (which holds paymentMethods) and payment-methods.ts (which returns a Customer) do not import each other.
import * as z from 'zod/mini';
import { type Assert, type ParsesTo, wireDateTime, typedAs } from '../../internal/schema.js';

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
