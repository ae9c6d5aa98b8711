// A Hono receiver for Node (@hono/node-server), Bun (`bun examples/webhooks-hono.ts`),
// Deno (`deno serve`) and Cloudflare Workers: they all serve the default export.
import { Hono } from 'hono';
import {
  createWebhookHandler,
  memoryStore,
  type WebhookEvent,
  type WebhookEventHandlers,
  type WebhookHandler,
} from 'gateway-sdk/webhooks';

// Keep handlers quick (the service waits for the answer) and queue slow work.
const on: WebhookEventHandlers = {
  'message.delivered': (event) => console.log(`message ${event.data.object.id} delivered`),
  'customer.created': (event) => console.log(`received ${event.type} ${event.id}`),
};
// Every other signed delivery, as sent: other event types, and one without a `type` at all
// (without onEvent, that one is answered 500 and comes back until a handler takes it).
const onEvent = (event: WebhookEvent) => console.log('received', JSON.stringify(event).slice(0, 200));
// Per isolate: with several instances, pass redisStore(client) (or your own KV-backed DedupeStore).
const dedupe = memoryStore();
// One handler per secret, so that what it tells once (a newer api_version) is told once.
const handlers = new Map<string, WebhookHandler>();

const app = new Hono<{ Bindings: { GATEWAY_WEBHOOK_SECRET?: string } }>();

app.post('/webhooks', (c) => {
  // Workers hand secrets over as bindings, per request; Node, Bun and Deno have them in the
  // environment.
  const secret = c.env?.GATEWAY_WEBHOOK_SECRET ?? globalThis.process?.env.GATEWAY_WEBHOOK_SECRET ?? '';
  let handle = handlers.get(secret);
  if (!handle) handlers.set(secret, (handle = createWebhookHandler({ secret, on, onEvent, dedupe })));
  return handle(c.req.raw);
});

export default app;
