// A Next.js App Router route handler: save as app/api/webhooks/route.ts.
import { Webhooks, WebhookVerificationError, type WebhookEvent } from 'gateway-sdk/webhooks';

// Deliveries repeat. Production keeps ids in a shared store (e.g. Redis) for 7 days, the events'
// lifetime: this Set lives in one instance's memory only.
const seen = new Set<string>();

// Your handling: keep it quick (the service waits for the answer) and queue slow work.
function onEvent(event: WebhookEvent): void {
  if (event.type === 'message.delivered') console.log(`message ${event.data.object.id} delivered`);
  else console.log(`received ${event.type} ${event.id}`);
}

export async function POST(req: Request): Promise<Response> {
  const secret = process.env.GATEWAY_WEBHOOK_SECRET;
  // 500, not 400: a configuration slip must not lose events, and 5xx deliveries are retried.
  if (!secret) return new Response('GATEWAY_WEBHOOK_SECRET is not set', { status: 500 });
  let event: WebhookEvent;
  try {
    // req.text() is the raw body; never verify a re-serialized `await req.json()`.
    event = await Webhooks.constructEvent(
      await req.text(),
      req.headers.get(Webhooks.SIGNATURE_HEADER),
      secret,
    );
  } catch (err) {
    // 400: a 4xx is never redelivered, which is right for a forged or garbled request.
    if (err instanceof WebhookVerificationError) return new Response(err.reason, { status: 400 });
    throw err;
  }
  // Marked seen once handled: if onEvent throws, Next answers 500 and the service retries.
  if (!seen.has(event.id)) {
    onEvent(event);
    seen.add(event.id);
  }
  return new Response(null, { status: 204 });
}
