// Types only: the open enums of responses, shared by the resources and the zod-free webhooks entry.

/**
 * A value of the enum `Name` that this SDK version does not list, e.g. a status the service adds
 * later. At run time it is the plain string the service sent: responses parse it, never throw.
 *
 * In the types it is a phantom: a template literal type carrying a brand, never a match for any
 * literal. So a value read from a response can be passed back to a request without a cast, while
 * comparing an enum field with a literal the SDK does not list (`message.status === 'deliverd'`,
 * `case 'deliverd':`) is a compile error (TS2367 / TS2678). A `default:` branch after the listed
 * values receives it; to compare with a value the SDK does not list, widen first:
 * `(message.status as string) === 'read'`.
 */
// Why not `string & { brand }`: TypeScript finds any type that contains `string` comparable with
// every string literal, so typos compiled. A template literal type is a string subtype that is not
// `string`, and intersected with an object brand no literal is comparable with it.
export type UnknownEnumValue<Name extends string> = `${Name}:${string}` & {
  /** Type-level brand only; never present at run time. */
  readonly __unknownEnumValue: Name;
};
