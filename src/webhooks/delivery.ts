// What the receiver reads of a signed payload, read tolerantly: the signature proves the service
// sent it, so a field of another shape than the reference's envelope is the service's drift, and
// never a reason to refuse (a 4xx is never redelivered, so the event would be lost).

/** The payload's field `name`, whatever the payload is (an array or `null` has none). */
const field = (payload: unknown, name: string): unknown =>
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
  return (typeof id === 'string' && id) || (typeof id === 'number' && Number.isFinite(id))
    ? String(id)
    : undefined;
}

/** The payload's `api_version`, when it has one. */
export const versionOf = (payload: unknown): unknown => field(payload, 'api_version');

/**
 * When the event was created, in milliseconds since the epoch, or `undefined` when `created` cannot
 * be read as a time. Read as Unix seconds, or milliseconds for a value only possible in
 * milliseconds, from a number or a numeric string; any other string as a date (ISO 8601).
 */
export function createdAt(payload: unknown): number | undefined {
  const created = field(payload, 'created');
  const n =
    typeof created === 'number'
      ? created
      : typeof created === 'string' && created.trim() !== '' && !Number.isNaN(Number(created))
        ? Number(created)
        : undefined;
  if (n !== undefined) return Number.isFinite(n) ? (n > 1e11 ? n : n * 1000) : undefined;
  const time = typeof created === 'string' ? Date.parse(created) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}
