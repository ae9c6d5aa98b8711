// A Cloudflare Workers receiver as a module worker: `wrangler deploy` with the secret set by
// `wrangler secret put GATEWAY_WEBHOOK_SECRET`. Workers hand the secret over as a binding on
// each request, so the handler is made on the first request and kept per secret.
import { createWebhookHandler, memoryStore, type WebhookHandler } from 'gateway-sdk/webhooks';

/** The bindings this worker reads. */
export interface Env {
  GATEWAY_WEBHOOK_SECRET?: string;
}

// Per isolate: across isolates, pass your own DedupeStore over KV or a Durable Object.
const dedupe = memoryStore();
const handlers = new Map<string, WebhookHandler>();

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (new URL(request.url).pathname !== '/webhooks') return new Response('not found', { status: 404 });
    const secret = env.GATEWAY_WEBHOOK_SECRET ?? '';
    let handle = handlers.get(secret);
    if (!handle) {
      handle = createWebhookHandler({
        secret,
        // Workers have Web Crypto and no node:crypto: use it without looking.
        crypto: 'web',
        dedupe,
        on: { 'message.delivered': (event) => console.log(`message ${event.data.object.id} delivered`) },
        onEvent: (event) => console.log('received', JSON.stringify(event).slice(0, 200)),
      });
      handlers.set(secret, handle);
    }
    return handle(request);
  },
};
