// The Fetch API adapter over the receiver's core (receiver.ts): `Request` in, `Response` out, so it
// runs unchanged wherever `Request` and `Response` exist (Next.js, Hono, Bun, Deno, Workers).

import { collect } from './body.js';
import type { WebhookHandlerOptions } from './options.js';
import { answerOf, createReceiver, RECEIVER, type Receiver } from './receiver.js';

/** A Fetch API webhook receiver: `Request` in, `Response` out. */
export type WebhookHandler = (request: Request) => Promise<Response>;

/**
 * Builds a webhook receiver: it reads the raw body (at most `maxBodyBytes`), verifies the signature
 * (any of several secrets), checks `maxAgeSeconds`, parses the event, claims its id in the dedupe
 * store (under this receiver's own namespace) and runs the typed handler for its type. Answers: 200
 * handled, duplicate or unsubscribed; 400 for a bad signature, a body that is not JSON or a stale
 * event (never redelivered); 413 for a body over the limit; 500 for an invalid secret, a failing
 * store, a handler that throws (releasing the claim, so that the redelivery is handled) or a
 * delivery without a `type` when there is no `onEvent`; 503 to a duplicate that arrives while the
 * first is still being handled. A signed payload of any other shape is routed, never refused. Use
 * it as is in Next.js (edge too), Hono, Bun, Deno and Workers; `toNodeHandler` for Express.
 *
 * @example
 * const handle = createWebhookHandler({
 *   secret: process.env.GATEWAY_WEBHOOK_SECRET ?? '',
 *   on: { 'message.delivered': async (event) => markDelivered(event.data.object.id) },
 * });
 * export const POST = handle; // Next.js App Router
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  const [receive, maxBody] = createReceiver(options);
  const handle: WebhookHandler & { [RECEIVER]?: Receiver } = async (request) => {
    const body = request.body;
    // A declared length over the limit is refused unread; `>` reads the header as declaredOver
    // (body.ts) does, inline because that call costs the bundle bytes.
    const reader =
      body && !((request.headers.get('content-length') as unknown as number) > maxBody) && body.getReader();
    const outcome = await receive(
      request.method,
      (name) => request.headers.get(name),
      async (limit) => {
        // Over the limit, the stream is cancelled: nothing more is read from the client.
        const bytes = reader
          ? await collect(() => reader.read(), limit)
          : body
            ? undefined
            : new Uint8Array();
        if (!bytes) void (reader || body)?.cancel().catch(() => undefined);
        return bytes;
      },
    );
    return new Response(outcome, answerOf(outcome));
  };
  handle[RECEIVER] = receive;
  return handle;
}
