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

export { ConfigurationError, WebhookVerificationError, isGatewayError } from './core/errors.js';
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
// The receiver lives in its own modules, so that `import { Webhooks }` alone does not bundle it.
export {
  createWebhookHandler,
  type WebhookEventHandlers,
  type WebhookEventOf,
  type WebhookHandler,
  type WebhookHandlerOptions,
  type WebhookHandlerOutcome,
} from './webhooks/handler.js';
export {
  toNodeHandler,
  type NodeIncomingRequest,
  type NodeServerResponse,
  type NodeWebhookHandler,
} from './webhooks/node.js';
export type { DedupeState, DedupeStore } from './webhooks/dedupe.js';
export { memoryStore, type MemoryStoreOptions } from './webhooks/memory-store.js';
export { redisStore, type RedisClientLike, type RedisStoreOptions } from './webhooks/redis-store.js';
