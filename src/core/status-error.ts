// The class for a status: used where a response becomes an error (internal/call.ts), never by the
// webhooks entry, so it stays out of the module every entry shares (core/errors.ts).
import type { APIErrorInit } from './client-errors.js';
import {
  APIError,
  BY_STATUS,
  errorFields,
  IdempotencyKeyReusedError,
  InternalServerError,
  isIdempotencyKeyReuse,
} from './engine-kit.js';

/** What an error reads of a body: its `code` and the service's message. */
type BodyFields = ReturnType<typeof errorFields>;

/**
 * Builds the `APIError` subclass that matches a status. `withheld` is what a body too large to keep
 * said (its code and message, scrubbed and cut): the class, `code` and message are read from it as
 * from a kept body, so a withheld 409 `idempotency_key_reused` is still an IdempotencyKeyReusedError.
 */
export function errorForStatus(
  given: Omit<APIErrorInit, 'code' | 'message'>,
  withheld?: BodyFields,
): APIError {
  const fields = withheld ?? otherShape(given.body);
  const Class =
    given.status === 409 && isIdempotencyKeyReuse(fields ?? given.body)
      ? IdempotencyKeyReusedError
      : (BY_STATUS[given.status] ?? (given.status >= 500 ? InternalServerError : APIError));
  // The code and message the fields give (a call gives neither: both come from the body); they
  // stand in for the body while the message is built, as a kept body's would be read, and the
  // error keeps the `body` given (none when withheld).
  return new Class(
    fields
      ? {
          ...given,
          code: fields.code,
          message: APIError.makeMessage({ ...given, code: fields.code, body: fields }, fields.message),
        }
      : given,
  );
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The code and message of an error body in another common shape, when the documented ones
 * (`errorFields`) say nothing: `{ errors: [{ code, message }, …] }` (the first item's, with the count
 * of the others) and an RFC 7807 problem (`title`, `detail`; its `type` as the code, unless
 * `about:blank`). Here, not in errorFields, as only a failed call reads it (it loads with the engine).
 */
export function otherShape(body: unknown): BodyFields | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const known = errorFields(body);
  if ((known.code ?? known.message) !== undefined) return undefined;
  const fields = body as Record<string, unknown>;
  const errors = fields['errors'];
  if (Array.isArray(errors) && errors.length > 0) {
    const first: unknown = errors[0];
    // A primitive item is boxed: it has none of the fields, and its own text is read below.
    const item = Object(first) as Record<string, unknown>;
    const said = text(item['message']) ?? text(item['detail']) ?? text(first);
    const more = errors.length - 1;
    return {
      code: text(item['code']),
      message: said && more > 0 ? `${said} (and ${more} more error${more === 1 ? '' : 's'})` : said,
    };
  }
  const heading = text(fields['title']);
  const said = text(fields['detail']);
  const kind = text(fields['type']);
  if ((heading ?? said) === undefined) return undefined;
  return {
    code: kind === 'about:blank' ? undefined : kind,
    message: heading && said && heading !== said ? `${heading}: ${said}` : (said ?? heading),
  };
}
