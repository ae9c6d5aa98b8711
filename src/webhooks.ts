// The `gateway-sdk/webhooks` entry. It imports only the errors (with the text helpers they use) and
// its own folder: no ky, no zod, no Node builtin, so it bundles small for browsers and edge workers.
// It also exports the whole error hierarchy: dist/webhooks.js is one self-contained file, and the
// other entries import the error classes from it, so one copy serves all (tsup.config.ts,
// docs/decisions/webhooks-entry-one-file.md).

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

// Every class, guard and type of the hierarchy, as gateway-sdk exports them.
export * from './core/errors.js';
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

/**
 * @internal Not an API: the text and error-body helpers the error classes use, which the other
 * entries of the built package take from this file rather than carry a second copy (tsup.config.ts).
 */
export { CONTROL_CHARS, TEXT_MAX, cleanText, escapeControls } from './core/text.js';
/** @internal Not an API (see above). */
export { errorFields, isIdempotencyKeyReuse, withheldNote } from './core/error-body.js';
