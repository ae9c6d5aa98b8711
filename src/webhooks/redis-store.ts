// A DedupeStore over the user's own Redis client, so that every instance of a receiver shares one
// record of handled events. Neither client library is imported: the client object is passed in
// and told apart by its shape, which keeps both out of the SDK's dependencies and bundles.

import { ConfigurationError } from '../core/errors.js';
import type { DedupeStore } from './dedupe.js';

/**
 * A connected Redis client: node-redis (`createClient()`, v4 and later) or ioredis (`new Redis()`).
 * Only the generic command method of each is used (`sendCommand` or `call`).
 */
export type RedisClientLike =
  | {
      /** node-redis: sends one command given as its arguments. */
      sendCommand(args: string[]): Promise<unknown>;
    }
  | {
      /** ioredis: sends one command by name. */
      call(command: string, ...args: (string | number)[]): Promise<unknown>;
    };

/** Options of `redisStore`. */
export interface RedisStoreOptions {
  /**
   * Prepended to each event id to make its key, so that several receivers can share a database.
   * @default 'gateway-sdk:webhook:'
   */
  prefix?: string | undefined;
}

type Send = (args: string[]) => Promise<unknown>;

/** @internal The generic command method of a node-redis or ioredis client; `who` names the caller in the error. */
export function sender(client: unknown, who = 'redisStore'): Send {
  const c = client as Record<string, unknown> | null;
  // ioredis also has a sendCommand, taking a Command object, so `call` is looked for first;
  // node-redis has no `call`.
  if (c && typeof c.call === 'function') {
    const call = c.call as (command: string, ...args: string[]) => Promise<unknown>;
    return ([command, ...args]) => call.call(c, command as string, ...args);
  }
  if (c && typeof c.sendCommand === 'function') {
    const send = c.sendCommand as Send;
    return (args) => send.call(c, args);
  }
  throw new ConfigurationError(
    `${who}: pass a connected node-redis client (createClient() from "redis") or an ioredis client (new Redis()).`,
    'client',
  );
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
  const send = sender(client);
  const prefix = options.prefix ?? 'gateway-sdk:webhook:';
  if (typeof prefix !== 'string')
    throw new ConfigurationError('redisStore: prefix must be a string, e.g. "myapp:webhook:".', 'prefix');
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
