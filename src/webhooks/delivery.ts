// What the receiver reads of a signed payload, read tolerantly: the signature proves the service
// sent it, so a field of another shape than the reference's envelope is the service's drift, and
// never a reason to refuse (a 4xx is never redelivered, so the event would be lost).

/** The payload's field `name`, whatever the payload is (an array or `null` has none). */
export const field = (payload: unknown, name: string): unknown =>
  typeof payload === 'object' && payload !== null && !Array.isArray(payload)
    ? (payload as Record<string, unknown>)[name]
    : undefined;

/** The `type` to route by, when it is a string. */
export function typeOf(payload: unknown): string | undefined {
  const type = field(payload, 'type');
  return typeof type === 'string' ? type : undefined;
}

/** The event id to de-duplicate by: a non-empty string, or a number written as one. */
export function idOf(payload: unknown): string | undefined {
  const id = field(payload, 'id');
  return (typeof id === 'string' && id) || (typeof id === 'number' && isFinite(id)) ? String(id) : undefined;
}

/**
 * When the event was created, in milliseconds since the epoch, or `NaN` when `created` cannot be
 * read as a time (so that any age computed from it is NaN, which fails every comparison). A number
 * (or a numeric string) is read in the one unit, seconds, milliseconds, microseconds or
 * nanoseconds, that puts it between 2001 and 2286: the windows are 1,000 apart, so at most one fits.
 * Any other string is a date, read as UTC when it gives no offset (a server's own time zone is not
 * the sender's). A time outside those years is as unreadable as a word.
 */
export function createdAt(payload: unknown): number {
  const created = field(payload, 'created');
  // A blank string is 0 as a number, which no window takes: as unreadable as it is as a date.
  let n =
    typeof created === 'number' || (typeof created === 'string' && !isNaN(+created))
      ? +created
      : typeof created === 'string'
        ? Date.parse(/[T ]\d\d:\d\d(:\d\d(\.\d*)?)?$/.test(created) ? `${created}Z` : created) / 1000
        : NaN;
  for (let unit = 0; n >= 1e10 && unit++ < 3;) n /= 1000;
  return n >= 1e9 && n < 1e10 ? n * 1000 : NaN;
}
