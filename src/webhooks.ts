// The `gateway-sdk/webhooks` entry. It imports only the base of the errors (core/errors.ts, with the
// guard), the service version (core/version.ts) and its own folder: no ky, no zod, no Node builtin,
// so it bundles small for browsers and edge workers. dist/webhooks.js is one self-contained file, and the other entries take the error
// base class from it, so one copy serves all (tsup.config.ts, docs/decisions/webhooks-entry-one-file.md).

import { ConfigurationError } from './core/errors.js';
import { defaultHmac, hmacFor, type WebhookCrypto } from './webhooks/hmac.js';
import { webhooksOver, type WebhooksApi } from './webhooks/verifier.js';

/**
 * Verify and parse webhook deliveries: `verify`, `constructEvent`, `sign`, `SIGNATURE_HEADER`.
 *
 * @example
 * const event = await Webhooks.constructEvent(await req.text(), req.headers.get(Webhooks.SIGNATURE_HEADER), secret);
 * if (event.type === 'message.delivered') console.log(event.data.object.id);
 */
export const Webhooks: WebhooksApi = /* @__PURE__ */ webhooksOver(defaultHmac);

/** Options of `createWebhooks`. */
export interface WebhooksOptions {
  /**
   * Which HMAC implementation verifies: `'auto'` (node:crypto where the runtime offers it, Web
   * Crypto elsewhere) or `'web'` (always Web Crypto, `crypto.subtle`).
   * @default 'auto'
   */
  crypto?: WebhookCrypto | undefined;
}

/**
 * The `Webhooks` helpers with options: `createWebhooks({ crypto: 'web' })` verifies with Web Crypto
 * only, for a sandbox whose node:crypto is present but does not work.
 *
 * @example
 * const event = await createWebhooks({ crypto: 'web' }).constructEvent(body, signature, secret);
 */
export function createWebhooks(options: WebhooksOptions = {}): WebhooksApi {
  const { crypto } = options;
  if (crypto !== undefined && crypto !== 'auto' && crypto !== 'web')
    throw new ConfigurationError(
      `createWebhooks: crypto must be 'auto' or 'web' (got ${JSON.stringify(crypto)}).`,
      'crypto',
    );
  return webhooksOver(hmacFor(crypto));
}

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
export type { WebhookCrypto } from './webhooks/hmac.js';
// The receiver lives in its own modules, so that `import { Webhooks }` alone does not bundle it.
export { createWebhookHandler, type WebhookHandler } from './webhooks/handler.js';
export type {
  WebhookEventHandlers,
  WebhookEventOf,
  WebhookHandlerOptions,
  WebhookHandlerOutcome,
  WebhookDeliveryRecord,
  WebhookTelemetry,
} from './webhooks/options.js';
export {
  toNodeHandler,
  type NodeIncomingRequest,
  type NodeServerResponse,
  type NodeWebhookHandler,
} from './webhooks/node.js';
export type { DedupeState, DedupeStore } from './webhooks/dedupe.js';
export { memoryStore, type MemoryStoreOptions } from './webhooks/memory-store.js';
export { redisStore, type RedisClientLike, type RedisStoreOptions } from './webhooks/redis-store.js';
