// The reason a receiver gives for refusing a forwarded delivery, for the line `gateway-sdk mock`
// prints: the mock's dispatcher keeps only the status, and "→ 400" alone left a user with a wrong
// secret guessing. The CLI is its own process, so it may wrap the global fetch the dispatcher sends
// with; nothing else runs in it.

/** The reasons createWebhookHandler answers 400 with when the signature is not the sender's. */
export const SIGNATURE_REASONS = ['missing_signature', 'malformed_signature', 'signature_mismatch'] as const;

/** At most this much of a refusal's body is read: a reason is a word, not a page. */
const MAX_REASON_BYTES = 512;

/**
 * The reason in a receiver's 4xx body: createWebhookHandler's plain-text outcome (`signature_mismatch`),
 * or the `reason`, `error` or `code` of a JSON body, as hand-written receivers answer. Undefined
 * when the body names none.
 */
export function reasonOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^[a-z][a-z0-9_]{0,63}$/.test(trimmed)) return trimmed;
  try {
    const body: unknown = JSON.parse(trimmed);
    if (typeof body !== 'object' || body === null) return undefined;
    const record = body as Record<string, unknown>;
    const nested =
      typeof record['error'] === 'object' && record['error'] !== null ? record['error'] : undefined;
    for (const source of [record, nested as Record<string, unknown> | undefined])
      for (const field of ['reason', 'code', 'error'])
        if (typeof source?.[field] === 'string' && /^[a-z][a-z0-9_]{0,63}$/.test(source[field]))
          return source[field];
  } catch {
    // Not JSON: a page or a sentence, which names no reason the CLI can act on.
  }
  return undefined;
}

/** Reads at most MAX_REASON_BYTES of `response`'s body, then lets the rest go. */
async function head(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      chunks.push(r.value);
      if ((length += r.value.length) >= MAX_REASON_BYTES) break;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(Math.min(length, MAX_REASON_BYTES));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * Wraps the global fetch so that the reason in each 4xx answer to a POST carrying `header` is kept,
 * by that header's value (a delivery's signature, unique per body), until `take` asks for it.
 * Returns `take`, and `restore` to put fetch back.
 */
export function recordRefusals(header: string): {
  take: (signature: string) => string | undefined;
  restore: () => void;
} {
  const original = globalThis.fetch;
  const reasons = new Map<string, string>();
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    const signature = input instanceof Request ? input.headers.get(header) : null;
    if (signature !== null && response.status >= 400 && response.status < 500) {
      const reason = reasonOf(await head(response.clone()).catch(() => ''));
      if (reason !== undefined) reasons.set(signature, reason);
    }
    return response;
  };
  return {
    take: (signature) => {
      const reason = reasons.get(signature);
      reasons.delete(signature);
      return reason;
    },
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
