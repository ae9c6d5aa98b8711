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
 * Whether a 409 body says the `Idempotency-Key` was used before with another body (its code is
 * `idempotency_key_reused`): a conflict no wait can resolve, so it is not retried (internal/retry.ts).
 * One comparison, whatever the body holds.
 */
export function isIdempotencyKeyReuse(body: unknown): boolean {
  // The service documents no such answer; this is the code the mock service sends
  // (gateway-sdk/testing), and the one signal read: the message is the service's prose, free to
  // change, and is never scanned.
  return errorFields(body).code === 'idempotency_key_reused';
}

/** Reads `code` and `message` from `{ error: { code, message } }`, `{ error: '…' }` or `{ code, message }`. */
export function errorFields(body: unknown): { code: string | undefined; message: string | undefined } {
  if (body === null || typeof body !== 'object') return { code: undefined, message: undefined };
  const source = (body as { error?: unknown }).error;
  const fields = (source !== null && typeof source === 'object' ? source : body) as {
    code?: unknown;
    message?: unknown;
  };
  return {
    code: typeof fields.code === 'string' ? fields.code : undefined,
    message:
      typeof fields.message === 'string' ? fields.message : typeof source === 'string' ? source : undefined,
  };
}
