// Deliveries for the handler tests: a signed POST as the service sends it.
import { createHmac } from 'node:crypto';
import { Webhooks } from 'gateway-sdk/webhooks';
import { envelope } from './helpers.js';

export const secret = 'whsec_handler_test_7Hq2';

let n = 0;

/**
 * The key a handler with secret `s` gives event `id` in its store (docs/webhooks.md): the first 8
 * bytes of HMAC-SHA256(s, "gateway-sdk dedupe") in hex, a colon, the id. Computed here with
 * node:crypto, apart from the SDK's code.
 */
export const keyOf = (id: string, s: string = secret): string =>
  `${createHmac('sha256', s).update('gateway-sdk dedupe').digest('hex').slice(0, 16)}:${id}`;

/** A fresh event id. */
export const nextId = (): string => `evt_handler_${++n}`;

/** The body and headers of one signed delivery. */
export async function signed(
  fields: Record<string, unknown> = {},
  options: { signWith?: string; signature?: string | null } = {},
): Promise<{ body: string; headers: Record<string, string> }> {
  const body = envelope({ id: nextId(), created: Math.floor(Date.now() / 1000), ...fields });
  const signature =
    options.signature === undefined
      ? await Webhooks.sign(body, options.signWith ?? secret)
      : options.signature;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers[Webhooks.SIGNATURE_HEADER] = signature;
  return { body, headers };
}

/** The same delivery as a Fetch API Request. */
export async function delivery(
  fields: Record<string, unknown> = {},
  options: { signWith?: string; signature?: string | null } = {},
): Promise<Request> {
  const { body, headers } = await signed(fields, options);
  return new Request('https://receiver.test/webhooks', { method: 'POST', body, headers });
}

/** A promise and its resolvers, for holding a handler mid-event. */
export function gate(): { promise: Promise<void>; open: () => void; fail: (error: Error) => void } {
  let open = () => undefined as void;
  let fail = (_error: Error) => undefined as void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}
