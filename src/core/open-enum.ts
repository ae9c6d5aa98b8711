// Types only: the open enums of responses, shared by the resources and the zod-free webhooks entry.

/**
 * A value of the enum `Name` that this SDK version does not list yet, e.g. a status the service
 * adds later. At run time it is a plain string; in the types it carries a brand, so that a value
 * read from a response can be passed back to a request without a cast, while a misspelt literal
 * (`'deliverd'`) is still a compile error. To compare with a value the SDK does not list, widen
 * first: `(message.status as string) === 'read'`.
 */
export type UnknownEnumValue<Name extends string> = string & {
  /** Type-level brand only; never present at run time. */
  readonly __unknownEnumValue: Name;
};
