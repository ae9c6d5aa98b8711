// The payment models and what each method accepts, with their schemas. The resources import only
// their types: the schemas load with the engine on the first request (resources/engine.ts). In a
// module of its own so that customers.ts (which holds paymentMethods) and payment-methods.ts (which
// returns a Customer) do not import each other.
import * as z from 'zod/mini';
import {
  type Accepts,
  type Assert,
  closedObject,
  cursorPage,
  list,
  nullableString,
  optional,
  type ParsesTo,
  rule,
  typedAs,
  wireBoolean,
  wireString,
} from '../../internal/schema.js';
import { pageLimit } from './fields.js';

// A response date-time is kept as the wire string: a plain wireString.

/**
 * A customer as the service returns it. Fields the service adds later are kept on the object at
 * run time without being typed: reach one with `'field' in customer` (docs/decisions/closed-responses.md).
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
  id: wireString,
  email: optional(wireString),
  name: optional(wireString),
  phone: optional(wireString),
  metadata: optional(z.looseObject({})),
  default_payment_method: nullableString,
  created_at: optional(wireString),
});
// A compile error here means the schema and the interface above no longer name the same fields.
type _CustomerTie = Assert<ParsesTo<typeof customer, Customer>>;
/** Parses a Customer; loose, so fields the service adds later are kept. */
export const CustomerSchema = typedAs<Customer>(customer);

/** Body of `paymentMethods.attach`. */
export interface PaymentMethodAttachParams {
  /** Identifier of the payment method to attach, e.g. `pm_card_visa`. */
  payment_method: string;
  /** Whether it becomes the customer's default payment method. */
  set_default?: boolean | undefined;
}

/** Checks a `paymentMethods.attach` body. Closed: the reference names both fields. */
export const PaymentMethodAttachParamsSchema = closedObject({
  payment_method: wireString.check(
    rule((id: string) => id.length > 0, 'must be a non-empty payment method id'),
  ),
  set_default: optional(wireBoolean),
});
// A compile error here means the schema and the interface above no longer name the same fields.
type _PaymentMethodAttachParamsTie = Assert<
  Accepts<typeof PaymentMethodAttachParamsSchema, PaymentMethodAttachParams>
>;

/**
 * A payment webhook as listed by the service. Fields the service adds later are kept on the
 * object at run time, untyped: reach one with `'field' in hook` (docs/decisions/closed-responses.md).
 */
export interface PaymentWebhook {
  /** Webhook identifier. */
  id: string;
  /** Callback URL. */
  url: string;
  /** Event names, such as `payment.succeeded`. */
  events: string[];
  /** Free text. */
  description?: string;
  /** Whether the webhook is active. */
  enabled?: boolean;
  /** Creation time, ISO 8601. */
  created_at?: string;
}

const paymentWebhook = z.looseObject({
  id: wireString,
  url: wireString,
  events: list(wireString),
  description: optional(wireString),
  enabled: optional(wireBoolean),
  created_at: optional(wireString),
});
// A compile error here means the schema and the interface above no longer name the same fields.
type _PaymentWebhookTie = Assert<ParsesTo<typeof paymentWebhook, PaymentWebhook>>;

/** A page of `payment.webhooks.list`. */
export const PaymentWebhookPage = cursorPage(typedAs<PaymentWebhook>(paymentWebhook));

/**
 * Paging of `payment.webhooks.list`. The reference shows no query parameters; the list wrapper's
 * `next_cursor` implies `after`, and `limit` follows the documented page size of 1 to 100.
 */
export interface PaymentWebhookListParams {
  /** Page size, 1 to 100. */
  limit?: number | undefined;
  /** Cursor: start after this webhook id. Iterating sets it for you. */
  after?: string | undefined;
}

/** Checks `payment.webhooks.list` paging. */
export const PaymentWebhookListParamsSchema = closedObject({
  limit: optional(pageLimit),
  after: optional(wireString),
});
type _PaymentWebhookListParamsTie = Assert<
  Accepts<typeof PaymentWebhookListParamsSchema, PaymentWebhookListParams>
>;

/** The schemas this area's operations name, for the engine's table (why a table: `SMS_SCHEMAS`). */
export const PAYMENT_SCHEMAS = {
  CustomerSchema,
  PaymentMethodAttachParamsSchema,
  PaymentWebhookListParamsSchema,
  PaymentWebhookPage,
};
