// What the SDK reads from an error body, and the note a withheld body adds to a message. Pure
// functions: the client's error classes (core/client-errors.ts, core/status-error.ts) and the
// request path (internal/retry.ts, internal/schema.ts) each use them, so each built entry may carry
// its own copy.

/** The sentence an error's message ends with when its body was withheld (`bytes` long), else ''. */
export function withheldNote(bytes: number | undefined): string {
  return bytes === undefined
    ? ''
    : ` The body (${bytes} bytes) was withheld: too large to check for credentials.`;
}

/**
 * The code of the service's answer to a key sent again with a different body. The service documents
 * no such answer; this is the code the mock service sends (gateway-sdk/testing), and the one signal
 * read: the message is the service's prose, free to change, and is never scanned.
 */
const IDEMPOTENCY_KEY_REUSED_CODE = 'idempotency_key_reused';

/**
 * Whether a 409 body says the `Idempotency-Key` was used before with another body (its code is
 * `idempotency_key_reused`): a conflict no wait can resolve, so it is not retried (internal/retry.ts).
 * One comparison, whatever the body holds.
 */
export function isIdempotencyKeyReuse(body: unknown): boolean {
  return errorFields(body).code === IDEMPOTENCY_KEY_REUSED_CODE;
}

type Fields = { code: string | undefined; message: string | undefined };

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Reads `code` and `message` from `{ error: { code, message } }`, `{ error: '…' }` or `{ code, message }`;
 * from `{ errors: [{ code, message }, …] }`, the first item's, with the count of the others; and
 * from an RFC 7807 problem (`title`, `detail`; its `type` as the code, unless `about:blank`).
 */
export function errorFields(body: unknown): Fields {
  if (body === null || typeof body !== 'object') return { code: undefined, message: undefined };
  const { error: source, errors } = body as { error?: unknown; errors?: unknown };
  if (source === undefined && Array.isArray(errors) && errors.length > 0) {
    const first: unknown = errors[0];
    const item = (first !== null && typeof first === 'object' ? first : {}) as Record<string, unknown>;
    const said = text(item['message']) ?? text(item['detail']) ?? text(first);
    const more = errors.length - 1;
    return {
      code: text(item['code']),
      message:
        said === undefined || more === 0
          ? said
          : `${said} (and ${more} more ${more === 1 ? 'error' : 'errors'})`,
    };
  }
  const fields = (source !== null && typeof source === 'object' ? source : body) as Record<string, unknown>;
  const code = text(fields['code']);
  const message = text(fields['message']) ?? text(source);
  if (source !== undefined || message !== undefined) return { code, message };
  // RFC 7807 (application/problem+json): `title` is the kind of problem, `detail` this occurrence.
  const title = text(fields['title']);
  const detail = text(fields['detail']);
  const type = text(fields['type']);
  return {
    code: code ?? (type === 'about:blank' ? undefined : type),
    message: title && detail && title !== detail ? `${title}: ${detail}` : (detail ?? title),
  };
}
