// A DedupeStore over the user's own Redis client, so that every instance of a receiver shares one
// record of handled events, over the SDK's one Redis command adapter (internal/redis.ts).

import { ConfigurationError } from '../core/errors.js';
import { optionError } from '../internal/near-miss.js';
import { sender, type RedisClientLike } from '../internal/redis.js';
import type { DedupeStore } from './dedupe.js';

export type { RedisClientLike } from '../internal/redis.js';

/** Options of `redisStore`. */
export interface RedisStoreOptions {
  /**
   * Prepended to each event id to make its key, so that several receivers can share a database.
   * @default 'gateway-sdk:webhook:'
   */
  prefix?: string | undefined;
}

/**
 * A `DedupeStore` in Redis, shared by every instance of your receiver. Pass your own connected
 * node-redis or ioredis client; each event id is one key, written with `SET key value NX EX ttl`
 * (atomic, so two instances never both claim an event) and expired by Redis after 7 days.
 *
 * @example
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const handle = createWebhookHandler({ secret, on, dedupe: redisStore(redis) });
 */
export function redisStore(client: RedisClientLike, options: RedisStoreOptions = {}): DedupeStore {
  const send = sender(client, 'redisStore');
  const prefix = options.prefix ?? 'gateway-sdk:webhook:';
  if (typeof prefix !== 'string')
    throw optionError(
      ConfigurationError,
      'redisStore:',
      'prefix must be a string, e.g. "myapp:webhook:".',
      'prefix',
    );
  const key = (id: string) => prefix + id;
  const ttl = (seconds: number) => String(Math.max(1, Math.ceil(seconds)));
  return {
    async claim(id, ttlSeconds) {
      return (await send(['SET', key(id), 'pending', 'NX', 'EX', ttl(ttlSeconds)])) != null;
    },
    async release(id) {
      await send(['DEL', key(id)]);
    },
    async complete(id, ttlSeconds) {
      await send(['SET', key(id), 'handled', 'EX', ttl(ttlSeconds)]);
    },
    async state(id) {
      const value = await send(['GET', key(id)]);
      // node-redis v5+ may answer bytes when the client was created with a buffer type mapping.
      const text = value instanceof Uint8Array ? new TextDecoder().decode(value) : value;
      return text === 'handled' ? 'handled' : text == null ? undefined : 'pending';
    },
  };
}
