// The event types delivered to webhooks (the API reference's Events). The objects they carry are the
// resource interfaces themselves, imported as types only: the webhooks entry loads no zod schema,
// and a field added to Message reaches `message.*` events with no second copy to update.
import type { Customer } from '../resources/models/payment.js';
import type { Message } from '../resources/models/sms.js';

/** A Message as carried by `message.*` events: the same type `client.sms.messages.retrieve` returns. */
export type WebhookMessage = Message;

/** A Customer as carried by `customer.created`: the same type `client.payment.customers.retrieve` returns. */
export type WebhookCustomer = Customer;

/** Every event name the API reference lists. */
export type WebhookEventType =
  | 'message.queued'
  | 'message.sent'
  | 'message.delivered'
  | 'message.failed'
  | 'message.expired'
  | 'balance.low'
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled'
  | 'refund.succeeded'
  | 'customer.created'
  | 'payment.succeeded'
  | 'credential.issued'
  | 'credential.verified'
  | 'credential.revoked'
  | 'badge.earned';

/**
 * Every name of `WebhookEventType`, at run time: the handler checks the names in its `on` against it.
 * A name added to the union but not here fails to compile below.
 */
export const EVENT_TYPES = [
  'message.queued',
  'message.sent',
  'message.delivered',
  'message.failed',
  'message.expired',
  'balance.low',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'refund.succeeded',
  'customer.created',
  'payment.succeeded',
  'credential.issued',
  'credential.verified',
  'credential.revoked',
  'badge.earned',
] as const satisfies readonly WebhookEventType[];

type Unlisted = Exclude<WebhookEventType, (typeof EVENT_TYPES)[number]>;
// Compiles only while EVENT_TYPES lists every WebhookEventType: the error names the one missing.
const _listed: [Unlisted] extends [never] ? true : Unlisted = true;

// The reference gives field tables for Message and Customer only; every other payload is
// "not shown", so it stays an open record rather than a guess.
/** The `data.object` of an event type: a Message, a Customer, or an open record. */
type EventObject<T extends WebhookEventType> = T extends `message.${string}`
  ? WebhookMessage
  : T extends 'customer.created'
    ? WebhookCustomer
    : Record<string, unknown>;

/** The envelope every delivery shares (reference "Envelope"), for an event type `T` with object `O`. */
export interface WebhookEnvelope<T, O> {
  /** Event identifier: de-duplicate deliveries by it. */
  id: string;
  /** Event name: narrows the union. */
  type: T;
  /** Creation time as a numeric timestamp (Unix seconds in the mock's deliveries). */
  created: number;
  /** Holds the event's object. */
  data: {
    /** The event-specific object. */
    object: O;
  };
  /** Version date, `YYYY-MM-DD`. */
  api_version: string;
}

/**
 * An event whose `type` this SDK version does not know yet: it parses rather than throws.
 *
 * Its `type` is a branded pattern, not `string`, so that comparing `event.type` with a known name
 * still narrows `WebhookEvent` to exactly that member (a plain `string` member, or the
 * `string & { __brand?: never }` trick, would survive every comparison and turn `data.object` into
 * a union). The price: comparing with a name the SDK does not list needs a widening,
 * `(event.type as string) === 'message.read'`, which also catches typos of known names.
 */
export type UnknownWebhookEvent = WebhookEnvelope<UnknownWebhookEventType, Record<string, unknown>>;

// A string-keyed brand, not a unique symbol: the main entry and `gateway-sdk/webhooks` each get
// their own declaration file, and two copies of a unique symbol would be two incompatible types.
/** The `type` of an event this SDK version does not list: any dotted name. */
type UnknownWebhookEventType = `${string}.${string}` & {
  /** Type-level brand only; never present at run time. */
  readonly __unknownWebhookEventType: true;
};

/**
 * A verified webhook event, discriminated on `type`.
 *
 * @example
 * if (event.type === 'message.delivered') console.log(event.data.object.status);
 */
export type WebhookEvent =
  { [T in WebhookEventType]: WebhookEnvelope<T, EventObject<T>> }[WebhookEventType] | UnknownWebhookEvent;
