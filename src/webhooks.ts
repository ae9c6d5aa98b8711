// The `gateway-sdk/webhooks` entry. It imports only ./core/errors.js and its own folder: no ky, no
// zod, no Node builtin, so it bundles small for browsers and edge workers.

import { defaultHmac } from './webhooks/hmac.js';
import { createWebhooks, type WebhooksApi } from './webhooks/verifier.js';

/**
 * Verify and parse webhook deliveries: `verify`, `constructEvent`, `sign`, `SIGNATURE_HEADER`.
 *
 * @example
 * const event = await Webhooks.constructEvent(await req.text(), req.headers.get(Webhooks.SIGNATURE_HEADER), secret);
 * if (event.type === 'message.delivered') console.log(event.data.object.id);
 */
export const Webhooks: WebhooksApi = /* @__PURE__ */ createWebhooks(defaultHmac);

export { WebhookVerificationError } from './core/errors.js';
export type { WebhookVerificationReason } from './core/errors.js';
export type {
  UnknownWebhookEvent,
  WebhookCustomer,
  WebhookEnvelope,
  WebhookEvent,
  WebhookEventType,
  WebhookMessage,
} from './webhooks/events.js';
export type { WebhookRawBody, WebhooksApi } from './webhooks/verifier.js';
