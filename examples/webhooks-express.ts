// Receive webhook deliveries with Express 5. Run: GATEWAY_WEBHOOK_SECRET=... npx tsx examples/webhooks-express.ts
import express from 'express';
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import { createWebhookHandler, memoryStore, toNodeHandler } from 'gateway-sdk/webhooks';

/** The receiver: POST /webhooks. */
export function createApp(secret: string): express.Express {
  const handle = createWebhookHandler({
    secret, // or [newSecret, oldSecret] while rotating
    // Keep handlers quick (the service waits for the answer) and queue slow work. A handler that
    // throws answers 500, so the service delivers the event again.
    on: {
      'message.delivered': (event) => console.log(`message ${event.data.object.id} delivered`),
    },
    onEvent: (event) => console.log(`received ${event.type} ${event.id}`),
    // One process only; with several instances use redisStore(redisClient) so they share one record.
    dedupe: memoryStore(),
  });
  const app = express();
  // Before any body parser: the handler reads the raw bytes the signature covers itself
  // (express.raw({ type: 'application/json' }) in front of it works too, express.json() does not).
  app.post('/webhooks', toNodeHandler(handle));
  app.use(express.json());
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
