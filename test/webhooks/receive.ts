// Deliveries for the handler tests: a signed POST as the service sends it.
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler, Webhooks, type WebhookHandler } from 'gateway-sdk/webhooks';
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

/** Posts a body, signed with `secret` unless a signature is given; resolves to [status, body]. */
export type Post = (body: string, signature?: string) => Promise<[number, string]>;

/**
 * The two ways a handler is served, for `describe.each`: the Fetch handler called directly, and
 * `toNodeHandler` on a loopback server, which is pushed onto `servers` for the caller to close.
 */
export function adapters(servers: Server[]): [string, (handle: WebhookHandler) => Promise<Post>][] {
  const headersFor = async (body: string, signature?: string) => ({
    [Webhooks.SIGNATURE_HEADER]: signature ?? (await Webhooks.sign(body, secret)),
  });
  return [
    [
      'Fetch handler',
      async (handle) => async (body, signature) => {
        const headers = await headersFor(body, signature);
        const response = await handle(
          new Request('https://receiver.test/', { method: 'POST', body, headers }),
        );
        return [response.status, await response.text()];
      },
    ],
    [
      'Node adapter',
      async (handle) => {
        const server = createServer(toNodeHandler(handle));
        servers.push(server);
        server.listen(0, '127.0.0.1');
        await once(server, 'listening');
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
        return async (body, signature) => {
          const response = await fetch(url, {
            method: 'POST',
            body,
            headers: await headersFor(body, signature),
          });
          return [response.status, await response.text()];
        };
      },
    ],
  ];
}
