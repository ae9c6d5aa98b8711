// Receive webhook deliveries with Express 5. Run: GATEWAY_WEBHOOK_SECRET=... npx tsx examples/webhooks-express.ts
import express from 'express';
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import { Webhooks, WebhookVerificationError, type WebhookEvent } from 'gateway-sdk/webhooks';

// Your handling: keep it quick (the service waits for the answer) and queue slow work.
function onEvent(event: WebhookEvent): void {
  if (event.type === 'message.delivered') console.log(`message ${event.data.object.id} delivered`);
  else console.log(`received ${event.type} ${event.id}`);
}

/** The receiver: POST /webhooks. */
export function createApp(secret: string): express.Express {
  // Deliveries repeat. Production keeps ids in a shared store (e.g. Redis) for 7 days, the events' lifetime.
  const seen = new Set<string>();
  const app = express();
  // express.raw keeps the exact bytes the signature covers; express.json() would lose them.
  app.post('/webhooks', express.raw({ type: 'application/json' }), async (req, res) => {
    let event: WebhookEvent;
    try {
      event = await Webhooks.constructEvent(req.body, req.headers[Webhooks.SIGNATURE_HEADER], secret);
    } catch (err) {
      // 400: a 4xx is never redelivered, which is right for a forged or garbled request.
      if (err instanceof WebhookVerificationError) return void res.status(400).send(err.reason);
      throw err;
    }
    // Marked seen once handled: if onEvent throws, Express answers 500 and the service retries.
    if (!seen.has(event.id)) {
      onEvent(event);
      seen.add(event.id);
    }
    res.sendStatus(200);
  });
  return app;
}

/** Listens on an ephemeral port of 127.0.0.1 and resolves to the server. */
export async function main(secret = process.env.GATEWAY_WEBHOOK_SECRET) {
  if (!secret) throw new Error('Set GATEWAY_WEBHOOK_SECRET');
  const server = createApp(secret).listen(0, '127.0.0.1');
  await once(server, 'listening');
  console.log('POST webhooks to', server.address());
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
