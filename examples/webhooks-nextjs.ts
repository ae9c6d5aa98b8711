// A Next.js App Router route handler: save as app/api/webhooks/route.ts. The handler takes the
// Request and answers the Response itself: verified, de-duplicated, the right status for each case.
import { createWebhookHandler } from 'gateway-sdk/webhooks';

// Runs on the Node.js and the edge runtime alike (`export const runtime = 'edge'`): where node:crypto
// is not available, it verifies with Web Crypto.
export const POST = createWebhookHandler({
  // An unset secret answers 500 (invalid_secret), so the service keeps redelivering until it is set.
  secret: process.env.GATEWAY_WEBHOOK_SECRET ?? '',
  // Keep handlers quick (the service waits for the answer) and queue slow work.
  on: {
    'message.delivered': (event) => console.log(`message ${event.data.object.id} delivered`),
    'message.failed': (event) =>
      console.log(`message ${event.data.object.id} failed: ${event.data.object.error_code}`),
  },
  onEvent: (event) => console.log(`received ${event.type} ${event.id}`),
  // The default store is this instance's memory. Serverless instances come and go: pass
  // redisStore(client) to share de-duplication between them.
});
