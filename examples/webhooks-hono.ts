// A Hono receiver for Node (@hono/node-server), Bun (`bun examples/webhooks-hono.ts`),
// Deno (`deno serve`) and Cloudflare Workers: they all serve the default export.
import { Hono } from 'hono';
import { Webhooks, WebhookVerificationError, type WebhookEvent } from 'gateway-sdk/webhooks';

// Deliveries repeat. Production keeps ids in a shared store (e.g. KV or Redis) for 7 days, the events'
// lifetime: this Set lives in one instance's memory only.
const seen = new Set<string>();

// Your handling: keep it quick (the service waits for the answer) and queue slow work.
function onEvent(event: WebhookEvent): void {
  if (event.type === 'message.delivered') console.log(`message ${event.data.object.id} delivered`);
  else console.log(`received ${event.type} ${event.id}`);
}

const app = new Hono<{ Bindings: { GATEWAY_WEBHOOK_SECRET?: string } }>();

app.post('/webhooks', async (c) => {
  // Workers hand secrets over as bindings; Node, Bun and Deno have them in the environment.
  const secret = c.env?.GATEWAY_WEBHOOK_SECRET ?? globalThis.process?.env.GATEWAY_WEBHOOK_SECRET;
  // 500, not 400: a configuration slip must not lose events, and 5xx deliveries are retried.
  if (!secret) return c.text('GATEWAY_WEBHOOK_SECRET is not set', 500);
  let event: WebhookEvent;
  try {
    event = await Webhooks.constructEvent(
      await c.req.text(),
      c.req.header(Webhooks.SIGNATURE_HEADER),
      secret,
    );
  } catch (err) {
    // 400: a 4xx is never redelivered, which is right for a forged or garbled request.
    if (err instanceof WebhookVerificationError) return c.text(err.reason, 400);
    throw err;
  }
  // Marked seen once handled: if onEvent throws, Hono answers 500 and the service retries.
  if (!seen.has(event.id)) {
    onEvent(event);
    seen.add(event.id);
  }
  return c.body(null, 204);
});

export default app;
