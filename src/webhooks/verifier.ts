// verify / constructEvent / sign over a chosen HMAC path. The entry builds the public `Webhooks`
// from defaultHmac(); tests build one per path so both are held to the same vectors.

import { WebhookVerificationError } from '../core/errors.js';
import type { WebhookEvent } from './events.js';
import type { Hmac, HmacData } from './hmac.js';
import { toHex } from '../internal/hex.js';

/** The raw request body: text, bytes (a Node `Buffer` is a `Uint8Array`), or an `ArrayBuffer`. */
export type WebhookRawBody = string | Uint8Array | ArrayBuffer | ArrayBufferView;

/** The webhook helpers; one instance, `Webhooks`, is exported. */
export interface WebhooksApi {
  /**
   * Whether `signature` is the HMAC-SHA256 of `rawBody` under `secret` (or any of several secrets).
   * Resolves `false` for a missing, malformed or wrong signature; rejects only on programming
   * errors (a parsed body, an empty or white-space-padded secret).
   *
   * @example
   * const ok = await Webhooks.verify(await req.text(), req.headers.get(Webhooks.SIGNATURE_HEADER), secret);
   */
  verify(
    rawBody: WebhookRawBody,
    signature: string | string[] | null | undefined,
    secret: string | string[],
  ): Promise<boolean>;
  /**
   * Verifies like `verify`, then parses the body. Rejects with a `WebhookVerificationError` whose
   * `reason` says which check failed; a signed body that is not JSON is `invalid_payload`. A signed
   * JSON body is returned as sent, whatever its shape: fields missing or of another type than the
   * types say (`created` as a string, no `api_version`, no `type` at all) are the service's, and a
   * genuine event is never refused for them. Check `typeof event.type === 'string'` before routing.
   *
   * @example
   * const event = await Webhooks.constructEvent(req.body, req.headers['x-service-signature'], secret);
   */
  constructEvent(
    rawBody: WebhookRawBody,
    signature: string | string[] | null | undefined,
    secret: string | string[],
  ): Promise<WebhookEvent>;
  /**
   * The signature the service would send for `rawBody`: lowercase hex HMAC-SHA256, the secret's
   * UTF-8 bytes as key. For tests of your own receiver.
   *
   * @example
   * const headers = { [Webhooks.SIGNATURE_HEADER]: await Webhooks.sign(body, secret) };
   */
  sign(rawBody: WebhookRawBody, secret: string): Promise<string>;
  /** The header that carries the signature (lowercase, as Node and fetch name headers). */
  readonly SIGNATURE_HEADER: typeof SIGNATURE_HEADER;
}

/** The header that carries the signature, lowercase as Node and fetch name headers. */
export const SIGNATURE_HEADER = 'x-service-signature';

const fail = (reason: WebhookVerificationError['reason'], message: string): never => {
  throw new WebhookVerificationError(reason, message);
};

// undefined for bytes that are gone: a detached ArrayBuffer (transferred, or a consumed stream's).
function toData(body: unknown): HmacData | undefined {
  if (typeof body === 'string') return body;
  try {
    if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    // By tag rather than instanceof: an ArrayBuffer from another realm (iframe, vm) is still one.
    if (Object.prototype.toString.call(body) === '[object ArrayBuffer]')
      return new Uint8Array(body as ArrayBuffer);
  } catch {
    return undefined;
  }
  return fail(
    'parsed_body',
    `Pass the raw body (string or bytes), not ${body == null ? body : `a parsed ${typeof body}`}: ` +
      'the signature covers ' +
      "the exact bytes. Express: express.raw({ type: 'application/json' }); Next.js: await req.text(); " +
      "Fastify: { parseAs: 'buffer' }; Hono: await c.req.text().",
  );
}

const gone = () => fail('invalid_payload', 'Detached ArrayBuffer. Answer 400.');

/** The secrets to verify with; an unusable one is a `WebhookVerificationError` (`invalid_secret`). */
export function toSecrets(secret: unknown): string[] {
  // Not `[secret].flat()`: it costs verify about 7% on a 1 KB body (measured interleaved).
  const list = Array.isArray(secret) ? (secret as unknown[]) : [secret];
  for (const s of list.length ? list : ['']) {
    // Never put the secret itself in a message: messages end up in logs.
    const problem =
      typeof s !== 'string' || !s ? 'missing or empty' : s.trim() !== s ? 'padded with white space' : '';
    if (problem)
      fail(
        'invalid_secret',
        `Webhook secret is ${problem}: pass it exactly, e.g. process.env.GATEWAY_WEBHOOK_SECRET.`,
      );
  }
  return list as string[];
}

// Allocated by the first call (`used` starts past its end): a module-level `new ArrayBuffer` is
// code a bundler cannot drop, and would ride along in every bundle that imports the errors.
let block: ArrayBuffer;
let used = 2048;

// Exactly 64 lowercase hex digits, decoded, or undefined. Lowercase only: it is what the reference
// says the service sends, so nothing genuine is refused, and one spelling per digest means a
// hand-made uppercase signature in a test fails loudly instead of passing here and not elsewhere.
// One pass without a RegExp: this runs on every delivery.
function hexToBytes(hex: string): Uint8Array | undefined {
  if (hex.length !== 64) return undefined;
  // A view into a shared block, not `new Uint8Array(32)`: V8 keeps small typed arrays on its heap,
  // and node's timingSafeEqual must move them off it first, about 300 ns a call (5% of a 1 KB verify).
  if (used > 2016) {
    block = new ArrayBuffer(2048);
    used = 0;
  }
  const bytes = new Uint8Array(block, used, 32);
  used += 32;
  let bad = 0;
  for (let i = 0; i < 64; i += 2) {
    // '0'-'9' map to 0-9 and 'a'-'f' to 10-15; any other character lands outside 0-15, which
    // sets a bit above the low four in `bad` (negative numbers set them all). The -1 keeps
    // ':' to '`' out: a - 87 alone would read 'X'-'`' as 1-9.
    const a = hex.charCodeAt(i);
    const b = hex.charCodeAt(i + 1);
    const high = a < 58 ? a - 48 : a > 96 ? a - 87 : -1;
    const low = b < 58 ? b - 48 : b > 96 ? b - 87 : -1;
    bad |= high | low;
    bytes[i >> 1] = (high << 4) | low;
  }
  return bad >>> 4 ? undefined : bytes;
}

/** Decoded signature candidates, or why there are none. */
export function toSignatures(signature: unknown): Uint8Array[] | 'missing_signature' | 'malformed_signature' {
  // The common case, one clean header value, skips the list handling below.
  const one = typeof signature === 'string' && hexToBytes(signature);
  if (one) return [one];
  const out: Uint8Array[] = [];
  let seen = false;
  // A header repeated as a list (node:http) or one value.
  for (const item of Array.isArray(signature) ? signature : [signature]) {
    // Comma-separated values: how Node's req.headers and fetch's Headers.get() join a repeated header.
    for (const raw of typeof item === 'string' ? item.split(',') : []) {
      // Surrounding white space is not part of a header value (RFC 9110 section 5.5); Node and
      // fetch strip it already, so trimming only forgives hand-built strings.
      const v = raw.trim();
      const bytes = hexToBytes(v);
      seen ||= v !== '';
      if (bytes) out.push(bytes);
    }
  }
  return out.length ? out : seen ? 'malformed_signature' : 'missing_signature';
}

/**
 * Whether any of `signatures` is the digest of `data` under any of `secrets`. Synchronous while the
 * digests are (node:crypto): a promise or closure per secret costs a tenth of verify's time on a 1 KB body.
 */
export function matches(
  hmac: Hmac,
  data: HmacData,
  secrets: string[],
  signatures: Uint8Array[],
  i = 0,
): boolean | Promise<boolean> {
  for (; i < secrets.length; i++) {
    const expected = hmac.digest(secrets[i] as string, data);
    if (expected instanceof Promise) {
      return expected.then(
        (e) => signatures.some((s) => hmac.equal(e, s)) || matches(hmac, data, secrets, signatures, i + 1),
      );
    }
    for (const s of signatures) if (hmac.equal(expected, s)) return true;
  }
  return false;
}

// Body and secret first: those are programming errors and throw even from verify.
const check = (rawBody: unknown, signature: unknown, secret: unknown) =>
  [toData(rawBody), toSecrets(secret), toSignatures(signature)] as const;

/** `constructEvent` over one HMAC path. */
async function constructEvent(
  getHmac: () => Hmac,
  rawBody: WebhookRawBody,
  signature: string | string[] | null | undefined,
  secret: string | string[],
): Promise<WebhookEvent> {
  const [data, secrets, signatures] = check(rawBody, signature, secret);
  if (data === undefined) {
    gone();
  } else if (signatures === 'missing_signature') {
    fail(
      signatures,
      `No ${SIGNATURE_HEADER} header: not sent by the service, or a proxy dropped it. Answer 400.`,
    );
  } else if (signatures === 'malformed_signature') {
    fail(
      signatures,
      `${SIGNATURE_HEADER} is not 64 lowercase hex characters: not sent by the service. Answer 400.`,
    );
  } else if (!(await matches(getHmac(), data, secrets, signatures))) {
    fail(
      'signature_mismatch',
      "Signature mismatch: use this webhook's own secret ([new, old] while rotating) " +
        'and the body exactly as received. Answer 400.',
    );
  }
  // Only a body that is not JSON is refused: the signature proves the service sent it, and a
  // shape the types did not expect must never lose an event (a 4xx is never redelivered).
  // UTF-8 is TextDecoder's default; fatal, so that bytes that are not UTF-8 are invalid_payload.
  try {
    return JSON.parse(
      typeof data === 'string' ? data : new TextDecoder(undefined, { fatal: true }).decode(data),
    ) as WebhookEvent;
  } catch {
    return fail('invalid_payload', 'Signed body is not UTF-8 JSON. Answer 400.');
  }
}

/** Builds the helpers over one HMAC path; `getHmac` is called on each use so it can resolve lazily. */
export function webhooksOver(getHmac: () => Hmac): WebhooksApi {
  return {
    async verify(rawBody, signature, secret) {
      const [data, secrets, signatures] = check(rawBody, signature, secret);
      return (
        data !== undefined && typeof signatures !== 'string' && matches(getHmac(), data, secrets, signatures)
      );
    },
    constructEvent: (rawBody, signature, secret) => constructEvent(getHmac, rawBody, signature, secret),
    async sign(rawBody, secret) {
      const data = toData(rawBody) ?? gone();
      const [key] = toSecrets(secret);
      return toHex(await getHmac().digest(key as string, data));
    },
    SIGNATURE_HEADER,
  };
}
