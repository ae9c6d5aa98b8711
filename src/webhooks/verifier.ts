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
    `Webhook body must be the raw request body (string or bytes), got ${body === null ? 'null' : typeof body}: ` +
      'the signature covers the exact bytes sent. Express: express.raw({ type: "application/json" }); ' +
      'Next.js: await req.text(); Fastify: addContentTypeParser with parseAs: "buffer"; Hono: await c.req.text().',
  );
}

function toSecrets(secret: unknown): string[] {
  const list = Array.isArray(secret) ? (secret as unknown[]) : [secret];
  if (!list.length) fail('invalid_secret', 'Webhook secret list is empty: pass at least one secret.');
  for (const s of list) {
    // Never put the secret itself in a message: messages end up in logs.
    if (typeof s !== 'string' || !s) {
      fail('invalid_secret', "Webhook secret is missing or empty: pass the webhook's secret, e.g. process.env.GATEWAY_WEBHOOK_SECRET.");
    } else if (s.trim() !== s) {
      fail('invalid_secret', 'Webhook secret has leading or trailing white space (a pasting accident?): trim it where it is loaded.');
    }
  }
  return list as string[];
}

const HEX = /^[0-9a-f]{64}$/;

// Decoded signature candidates, or why there are none. A string may hold several comma-separated
// values: that is how Node's req.headers and fetch's Headers.get() join a repeated header.
function toSignatures(signature: unknown): Uint8Array[] | 'missing_signature' | 'malformed_signature' {
  const values = (Array.isArray(signature) ? signature : [signature]).flatMap((v: unknown) =>
    typeof v === 'string' ? v.split(',') : v == null ? [] : [String(v)],
  );
  const out: Uint8Array[] = [];
  let seen = false;
  for (const raw of values) {
    // Surrounding white space is not part of a header value (RFC 9110 §5.5); Node and fetch
    // strip it already, so trimming only forgives hand-built strings.
    const v = raw.trim();
    seen ||= v !== '';
    // Lowercase only: it is what the reference says the service sends, so nothing valid is refused,
    // and one spelling per digest keeps a hand-made uppercase test signature from passing by luck.
    if (!HEX.test(v)) continue;
    const bytes = new Uint8Array(32);
    for (let i = 0; i < 32; i++) {
      const hi = v.charCodeAt(2 * i);
      const lo = v.charCodeAt(2 * i + 1);
      // '0'-'9' are 48-57 and 'a'-'f' are 97-102; HEX has ruled out anything else.
      bytes[i] = ((hi < 58 ? hi - 48 : hi - 87) << 4) | (lo < 58 ? lo - 48 : lo - 87);
    }
    out.push(bytes);
  }
  return out.length ? out : seen ? 'malformed_signature' : 'missing_signature';
}

async function matches(hmac: Hmac, data: HmacData, secrets: string[], signatures: Uint8Array[]): Promise<boolean> {
  for (const secret of secrets) {
    const expected = await hmac.digest(secret, data);
    for (const s of signatures) if (hmac.equal(expected, s)) return true;
  }
  return false;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// The first envelope rule the value breaks, or undefined when it is an event.
function envelopeProblem(v: unknown): string | undefined {
  if (!isObject(v)) return 'it is not a JSON object';
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
        fail(signatures, `No ${HEADER} header: the request did not come from the service or a proxy dropped the header. Answer 400.`);
      } else if (signatures === 'malformed_signature') {
        fail(signatures, `The ${HEADER} header is not 64 lowercase hex characters, so it cannot be the service's signature. Answer 400.`);
      } else if (!(await matches(getHmac(), data, secrets, signatures))) {
        fail(
          'signature_mismatch',
          "Signature does not match: use this webhook's own secret (pass [new, old] while rotating) and the " +
            'raw body exactly as received, not re-serialized JSON. Answer 400.',
        );
      }
      let event: unknown;
      let problem: string | undefined;
      try {
        event = JSON.parse(typeof data === 'string' ? data : new TextDecoder('utf-8', { fatal: true }).decode(data));
        problem = envelopeProblem(event);
      } catch {
        problem = 'it is not UTF-8 JSON';
      }
      if (problem) {
        fail('invalid_payload', `The signature is valid but the body is not an event envelope: ${problem}. Check that rawBody is the delivery's body.`);
      }
      return event as WebhookEvent;
    },

    async sign(rawBody, secret) {
      const data = toData(rawBody);
      const [key] = toSecrets(secret);
      let hex = '';
      for (const b of await getHmac().digest(key as string, data)) hex += (b < 16 ? '0' : '') + b.toString(16);
      return hex;
    },

    SIGNATURE_HEADER: HEADER,
  };
}
