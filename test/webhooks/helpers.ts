// Shared by the webhook tests: the openssl vectors, every shape a raw body can take, and one
// `Webhooks` per crypto path, so each behaviour is checked on node:crypto and on WebCrypto alike.
import { readFileSync } from 'node:fs';
import { Webhooks, type WebhookRawBody } from 'gateway-sdk/webhooks';
import { nodeHmac, webCryptoHmac } from '../../src/webhooks/hmac.js';
import { webhooksOver, type WebhooksApi } from '../../src/webhooks/verifier.js';

/** One known answer from `openssl dgst -sha256 -hmac`. */
export interface Vector {
  name: string;
  secret: string;
  body: { text: string } | { base64: string } | { repeat: string; times: number };
  /** Whether the body is a valid event envelope. */
  event: boolean;
  signature: string;
}

export const vectors: Vector[] = (
  JSON.parse(readFileSync(new URL('../fixtures/webhook-vectors.json', import.meta.url), 'utf8')) as {
    vectors: Vector[];
  }
).vectors;

/** The body as text, or undefined when it is not valid UTF-8 (so no string carries it). */
export function bodyText(v: Vector): string | undefined {
  if ('text' in v.body) return v.body.text;
  if ('repeat' in v.body) return v.body.repeat.repeat(v.body.times);
  return undefined;
}

export function bodyBytes(v: Vector): Uint8Array {
  const text = bodyText(v);
  return text === undefined && 'base64' in v.body
    ? new Uint8Array(Buffer.from(v.body.base64, 'base64'))
    : new TextEncoder().encode(text);
}

/** Every form a receiver may hold the same bytes in, including views that start mid-buffer. */
export function bodyForms(v: Vector): [string, WebhookRawBody][] {
  const bytes = bodyBytes(v);
  const text = bodyText(v);
  // The same bytes 3 bytes into a larger buffer: only byteOffset/byteLength say where they are.
  const padded = new Uint8Array(bytes.length + 6).fill(0xee);
  padded.set(bytes, 3);
  const forms: [string, WebhookRawBody][] = [
    ['Uint8Array', bytes],
    ['Buffer', Buffer.from(bytes)],
    ['ArrayBuffer', bytes.slice().buffer],
    ['Uint8Array view at an offset', padded.subarray(3, 3 + bytes.length)],
    ['DataView at an offset', new DataView(padded.buffer, 3, bytes.length)],
  ];
  return text === undefined ? forms : [['string', text], ...forms];
}

const node = nodeHmac();
if (!node)
  throw new Error(
    'process.getBuiltinModule is missing: Node >= 20.16 is needed to test the node:crypto path',
  );
const web = webCryptoHmac();

/** The public object plus one instance pinned to each crypto path. */
export const paths: [string, WebhooksApi][] = [
  ['Webhooks (public entry)', Webhooks],
  ['node:crypto path', webhooksOver(() => node)],
  ['WebCrypto path', webhooksOver(() => web)],
];

/** A minimal valid envelope, as JSON text. */
export function envelope(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: 'evt_1',
    type: 'message.delivered',
    created: 1767225600,
    data: {
      object: {
        id: 'msg_1',
        to: '447700900123',
        from: 'Gateway',
        body: 'hi',
        status: 'delivered',
        created_at: '2026-01-01T00:00:00Z',
      },
    },
    api_version: '2026-01-01',
    ...overrides,
  });
}

/** Flips the last hex digit: a well-formed signature that is wrong by one bit-pattern. */
export const flipLast = (signature: string): string =>
  signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
