// A Hono receiver for Node (@hono/node-server), Bun (`bun examples/webhooks-hono.ts`),
// Deno (`deno serve`) and Cloudflare Workers: they all serve the default export.
import { Hono } from 'hono';
import { createWebhookHandler, memoryStore, type WebhookEventHandlers } from 'gateway-sdk/webhooks';

// Keep handlers quick (the service waits for the answer) and queue slow work.
const on: WebhookEventHandlers = {
  'message.delivered': (event) => console.log(`message ${event.data.object.id} delivered`),
  'customer.created': (event) => console.log(`received ${event.type} ${event.id}`),
};
// Per isolate: with several instances, pass redisStore(client) (or your own KV-backed DedupeStore).
const dedupe = memoryStore();

const app = new Hono<{ Bindings: { GATEWAY_WEBHOOK_SECRET?: string } }>();

app.post('/webhooks', (c) => {
  // Workers hand secrets over as bindings, per request; Node, Bun and Deno have them in the
  // environment. Building the handler is cheap; the store it shares is what must live on.
  const secret = c.env?.GATEWAY_WEBHOOK_SECRET ?? globalThis.process?.env.GATEWAY_WEBHOOK_SECRET ?? '';
  return createWebhookHandler({ secret, on, dedupe })(c.req.raw);
});

export default app;
