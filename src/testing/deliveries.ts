// Webhook deliveries as the service would send them (the API reference's Events and
// Authentication), for testing a receiver without the service.
import { Webhooks, type WebhookEnvelope, type WebhookEventType } from '../webhooks.js';
import { toHex } from '../internal/hex.js';

/** The `api_version` of events the mock builds: the reference's latest version. */
export const MOCK_API_VERSION = '2026-01-01';

/**
 * An event envelope the mock builds: the same shape receivers parse, with `created` in Unix seconds and an
 * `evt_…` id.
 */
export type MockEvent<
  T extends string = string,
  O extends object = Record<string, unknown>,
> = WebhookEnvelope<T, O>;

/** Options of `makeEvent`. */
export interface MakeEventOptions {
  /** @default 'evt_' and 24 random hex digits */
  id?: string;
  /** Unix seconds, or a Date. @default now */
  created?: number | Date;
  /** @default '2026-01-01' */
  api_version?: string;
}

/** A delivery ready to POST to a receiver: the raw body and the headers the service sends. */
export interface SignedDelivery {
  /** The exact bytes that were signed: send them unchanged. */
  body: string;
  /** The headers to send with `body`. */
  headers: {
    /** Always `application/json`. */
    'content-type': 'application/json';
    /** Lowercase hex HMAC-SHA256 of `body` with the webhook secret. */
    [Webhooks.SIGNATURE_HEADER]: string;
  };
}

/**
 * Builds an event envelope around `object`, filling `id`, `created` and `api_version`.
 *
 * @example makeEvent('message.delivered', mock.store.messages.get(id))
 */
export function makeEvent<T extends WebhookEventType | (string & {}), O extends object>(
  type: T,
  object: O,
  options: MakeEventOptions = {},
): MockEvent<T, O> {
  const created = options.created ?? new Date();
  return {
    id: options.id ?? `evt_${randomHex(12)}`,
    type,
    created: typeof created === 'number' ? created : Math.floor(created.getTime() / 1000),
    data: { object },
    api_version: options.api_version ?? MOCK_API_VERSION,
  };
}

/**
 * Serializes `event` (a string is sent as is) and signs it with `secret`, as the service signs
 * deliveries: the `x-service-signature` header holds the HMAC-SHA256 of the raw body.
 *
 * @example
 * const { body, headers } = await signedDelivery(makeEvent('message.sent', message), 'whsec_test');
 * const res = await fetch('http://127.0.0.1:3000/webhooks', { method: 'POST', body, headers });
 */
export async function signedDelivery(event: object | string, secret: string): Promise<SignedDelivery> {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const signature = await Webhooks.sign(body, secret);
  return { body, headers: { 'content-type': 'application/json', [Webhooks.SIGNATURE_HEADER]: signature } };
}

function randomHex(bytes: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(bytes)));
}
