// The `gateway-sdk/webhooks` entry. It imports only the base of the errors (core/errors.ts, with the
// guard) and its own folder: no ky, no zod, no Node builtin, so it bundles small for browsers and
// edge workers. dist/webhooks.js is one self-contained file, and the other entries take the error
// base class from it, so one copy serves all (tsup.config.ts, docs/decisions/webhooks-entry-one-file.md).

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

// The base class and the errors a receiver throws, whose one copy the other entries take from here.
export * from './core/errors.js';
export { isGatewayError } from './core/error-guards.js';
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
