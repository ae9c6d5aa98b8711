// verify / constructEvent / sign over a chosen HMAC path. The entry builds the public `Webhooks`
// from defaultHmac(); tests build one per path so both are held to the same vectors.

import { WebhookVerificationError } from '../core/errors.js';
import type { WebhookEvent } from './events.js';
import type { Hmac, HmacData } from './hmac.js';

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
  verify(rawBody: WebhookRawBody, signature: string | string[] | null | undefined, secret: string | string[]): Promise<boolean>;
  /**
   * Verifies like `verify`, then parses the body as an event envelope. Rejects with a
   * `WebhookVerificationError` whose `reason` says which check failed.
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
  readonly SIGNATURE_HEADER: 'x-service-signature';
}

const HEADER = 'x-service-signature';

const fail = (reason: WebhookVerificationError['reason'], message: string): never => {
  throw new WebhookVerificationError(reason, message);
};

function toData(body: unknown): HmacData {
  if (typeof body === 'string') return body;
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  // By tag rather than instanceof: an ArrayBuffer from another realm (iframe, vm) is still one.
  if (/^\[object (Shared)?ArrayBuffer]$/.test(Object.prototype.toString.call(body))) return new Uint8Array(body as ArrayBuffer);
  return fail(
    'parsed_body',
    `Pass the raw body (string or bytes), not ${body === null ? 'null' : `a parsed ${typeof body}`}: the signature covers ` +
      "the exact bytes. Express: express.raw({ type: 'application/json' }); Next.js: await req.text(); " +
      "Fastify: addContentTypeParser(…, { parseAs: 'buffer' }); Hono: await c.req.text().",
  );
}

function toSecrets(secret: unknown): string[] {
  const list = Array.isArray(secret) ? (secret as unknown[]) : [secret];
  for (const s of list.length ? list : ['']) {
    // Never put the secret itself in a message: messages end up in logs.
    const problem = typeof s !== 'string' || !s ? 'missing or empty' : s.trim() !== s ? 'padded with white space' : '';
    if (problem) fail('invalid_secret', `Webhook secret is ${problem}: pass the webhook's secret exactly, e.g. process.env.GATEWAY_WEBHOOK_SECRET.`);
  }
  return list as string[];
}

// Lowercase only: it is what the reference says the service sends, so nothing valid is refused,
// and one spelling per digest keeps a hand-made uppercase test signature from passing by luck.
const HEX = /^[0-9a-f]{64}$/;

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    const hi = hex.charCodeAt(2 * i);
    const lo = hex.charCodeAt(2 * i + 1);
    // '0'-'9' are 48-57 and 'a'-'f' are 97-102; HEX has ruled out anything else.
    bytes[i] = ((hi < 58 ? hi - 48 : hi - 87) << 4) | (lo < 58 ? lo - 48 : lo - 87);
  }
  return bytes;
}

// Decoded signature candidates, or why there are none.
function toSignatures(signature: unknown): Uint8Array[] | 'missing_signature' | 'malformed_signature' {
  // The common case, one clean header value, skips the list handling below (a third of verify's time).
  if (typeof signature === 'string' && HEX.test(signature)) return [hexToBytes(signature)];
  const out: Uint8Array[] = [];
  let seen = false;
  for (const item of Array.isArray(signature) ? signature : [signature]) {
    // Several comma-separated values: how Node's req.headers and fetch's Headers.get() join a
    // repeated header.
    for (const raw of typeof item === 'string' ? item.split(',') : []) {
      // Surrounding white space is not part of a header value (RFC 9110 section 5.5); Node and
      // fetch strip it already, so trimming only forgives hand-built strings.
      const v = raw.trim();
      seen ||= v !== '';
      if (HEX.test(v)) out.push(hexToBytes(v));
    }
  }
  return out.length ? out : seen ? 'malformed_signature' : 'missing_signature';
}

// Synchronous while the digests are (node:crypto): a promise per secret would cost a fifth of
// verify's time on a 1 KB body.
function matches(hmac: Hmac, data: HmacData, secrets: string[], signatures: Uint8Array[], i = 0): boolean | Promise<boolean> {
  const secret = secrets[i];
  if (secret === undefined) return false;
  const check = (expected: Uint8Array): boolean | Promise<boolean> =>
    signatures.some((s) => hmac.equal(expected, s)) || matches(hmac, data, secrets, signatures, i + 1);
  const expected = hmac.digest(secret, data);
  return expected instanceof Promise ? expected.then(check) : check(expected);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// The first envelope rule the value breaks, or undefined when it is an event.
function envelopeProblem(v: unknown): string | undefined {
  if (!isObject(v)) return 'not a JSON object';
  for (const [key, type] of [['id', 'string'], ['type', 'string'], ['created', 'number'], ['api_version', 'string']]) {
    if (typeof v[key as string] !== type) return `"${key}" is not a ${type}`;
  }
  return isObject(v.data) && isObject(v.data.object) ? undefined : '"data.object" is not an object';
}

/** Builds the helpers over one HMAC path; `getHmac` is called on each use so it can resolve lazily. */
export function createWebhooks(getHmac: () => Hmac): WebhooksApi {
  const check = (rawBody: unknown, signature: unknown, secret: unknown) => {
    const data = toData(rawBody);
    return [data, toSecrets(secret), toSignatures(signature)] as const;
  };
  return {
    async verify(rawBody, signature, secret) {
      const [data, secrets, signatures] = check(rawBody, signature, secret);
      return typeof signatures !== 'string' && matches(getHmac(), data, secrets, signatures);
    },

    async constructEvent(rawBody, signature, secret) {
      const [data, secrets, signatures] = check(rawBody, signature, secret);
      if (signatures === 'missing_signature') {
        fail(signatures, `No ${HEADER} header: the request is not from the service, or a proxy dropped the header. Answer 400.`);
      } else if (signatures === 'malformed_signature') {
        fail(signatures, `${HEADER} is not 64 lowercase hex characters, so not a signature from the service. Answer 400.`);
      } else if (!(await matches(getHmac(), data, secrets, signatures))) {
        fail(
          'signature_mismatch',
          "Signature mismatch: use this webhook's own secret ([new, old] while rotating) and the body exactly as received, not re-serialized. Answer 400.",
        );
      }
      let event: unknown;
      let problem: string | undefined;
      try {
        event = JSON.parse(typeof data === 'string' ? data : new TextDecoder('utf-8', { fatal: true }).decode(data));
        problem = envelopeProblem(event);
      } catch {
        problem = 'not UTF-8 JSON';
      }
      if (problem) {
        fail('invalid_payload', `Signed body is not an event envelope (${problem}). Answer 400: a redelivery would be the same.`);
      }
      return event as WebhookEvent;
    },

    async sign(rawBody, secret) {
      const data = toData(rawBody);
      const [key] = toSecrets(secret);
      let hex = '';
      for (const b of await getHmac().digest(key as string, data)) hex += (b | 256).toString(16).slice(1);
      return hex;
    },

    SIGNATURE_HEADER: HEADER,
  };
}
