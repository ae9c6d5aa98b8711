// Every operation of the API reference, once, as data: the source the others read. The client's
// methods, the engine's schema table, the mock's route keys, the README and docs/api-index.md
// tables, the type tests and the conformance corpus are derived from it or checked against it, by
// the compiler or by test/resources/operations.test.ts (CONTRIBUTING.md, "Adding an operation").
// Data only, no import: what the Client loads first never holds it; the engine, the mock and the
// tests read it.

/** One operation of the API reference. */
export interface Operation {
  /** The HTTP method. */
  readonly method: 'GET' | 'POST';
  /** Relative to the area's address, each path parameter as the reference names it: `sms/messages/{message_id}`. */
  readonly path: string;
  /** The schema, exported by the area's `models/<area>.ts`, that checks the body of a POST or the query of a GET. */
  readonly params?: string;
  /** The schema, exported by the area's `models/<area>.ts`, that parses the answer: a cursor page's for a list that pages. */
  readonly response: string;
}

/**
 * The operations, keyed by the client method that sends each (`sms.messages.create` is
 * `client.sms.messages.create`); the first segment is the area. In the reference's order. Hidden
 * from the API reference, which documents each operation on its method; its types stay in the
 * declarations, which the testing entry's `MockRouteKey` is derived from.
 *
 * @hidden
 */
export const OPERATIONS = {
  'sms.messages.create': {
    method: 'POST',
    path: 'sms/messages',
    params: 'MessageCreateParamsSchema',
    response: 'MessageSchema',
  },
  'sms.messages.list': {
    method: 'GET',
    path: 'sms/messages',
    params: 'MessageListParamsSchema',
    response: 'MessagePage',
  },
  'sms.messages.retrieve': {
    method: 'GET',
    path: 'sms/messages/{message_id}',
    response: 'MessageSchema',
  },
  'sms.bulk.create': {
    method: 'POST',
    path: 'sms/bulk',
    params: 'BulkCreateParamsSchema',
    response: 'BulkJobSchema',
  },
  'sms.templates.send': {
    method: 'POST',
    path: 'sms/templates/{template_id}/send',
    params: 'TemplateSendParamsSchema',
    response: 'MessageSchema',
  },
  'sms.webhooks.retrieve': {
    method: 'GET',
    path: 'sms/webhooks/{webhook_id}',
    response: 'SmsWebhookSchema',
  },
  'sms.webhooks.create': {
    method: 'POST',
    path: 'sms/webhooks',
    params: 'SmsWebhookCreateParamsSchema',
    // The reference does not show this answer: any 2xx resolves, `undefined` without an object.
    response: 'SmsWebhookCreateAnswer',
  },
  'payment.webhooks.list': {
    method: 'GET',
    path: 'payment/webhooks',
    params: 'PaymentWebhookListParamsSchema',
    response: 'PaymentWebhookPage',
  },
  'payment.customers.paymentMethods.attach': {
    method: 'POST',
    path: 'payment/customers/{id}/payment_methods',
    params: 'PaymentMethodAttachParamsSchema',
    response: 'CustomerSchema',
  },
  'payment.customers.retrieve': {
    method: 'GET',
    path: 'payment/customers/{id}',
    response: 'CustomerSchema',
  },
  'account.organizations.members.list': {
    method: 'GET',
    path: 'account/organizations/{organizationId}/members',
    response: 'OrganizationMembers',
  },
} as const satisfies Record<string, Operation>;

/** A table of operations, the real one or a test's fixture. */
export type Operations = Readonly<Record<string, Operation>>;

/** The id of a declared operation: the path of its client method, `sms.messages.create`. */
export type OperationId = keyof typeof OPERATIONS;

/**
 * What each operation does, in one line, for the docs' tables (scripts/docs/operations.ts). Beside
 * the table, not in it: nothing imports it at run time, so no bundle carries the text.
 *
 * @hidden
 */
export const OPERATION_DOCS: { readonly [Id in OperationId]: string } = {
  'sms.messages.create': 'Sends one message.',
  'sms.messages.list': 'Lists messages, a page at a time.',
  'sms.messages.retrieve': 'Gets one message.',
  'sms.bulk.create': 'Sends one message to many recipients.',
  'sms.templates.send': 'Sends a message built from a template.',
  'sms.webhooks.retrieve': 'Gets one SMS webhook.',
  'sms.webhooks.create': 'Registers an SMS webhook.',
  'payment.webhooks.list': 'Lists payment webhooks, a page at a time.',
  'payment.customers.paymentMethods.attach': 'Attaches a payment method to a customer.',
  'payment.customers.retrieve': 'Gets one customer.',
  'account.organizations.members.list': "Lists an organization's members, all at once.",
};

/** The area of an operation id: its first segment. */
export type AreaOf<Id extends string> = Id extends `${infer A}.${string}` ? A : never;

/** The key of an operation as the reference's tables write it: `GET /sms/messages/{message_id}`. */
export type RouteKeyOf<T extends Operations = typeof OPERATIONS> = {
  [Id in keyof T]: `${T[Id]['method']} /${T[Id]['path']}`;
}[keyof T];

/** The schema names the operations of `area` name, params and responses. */
export type SchemaNamesOf<A extends string, T extends Operations = typeof OPERATIONS> = {
  [Id in keyof T & string]: AreaOf<Id> extends A ? T[Id]['response'] | NonNullable<T[Id]['params']> : never;
}[keyof T & string];

/**
 * What the engine's schema table must hold: every schema an operation names, in its area. A
 * declaration naming a schema the table lacks fails the compiler there (resources/engine.ts).
 */
export type SchemaTable<T extends Operations = typeof OPERATIONS> = {
  [A in AreaOf<keyof T & string>]: { [Name in SchemaNamesOf<A, T>]: unknown };
};

/** The key of an operation as the reference writes it: `POST /sms/messages`. */
export function routeKey(operation: Operation): string {
  return `${operation.method} /${operation.path}`;
}
