// The one Redis command adapter of the SDK, shared by the receivers' store (webhooks/redis-store.ts)
// and the fleet pacer (campaigns/redis-pacer.ts). Neither client library is imported: the user's
// connected client is passed in and told apart by its shape, which keeps both out of the SDK's
// dependencies and bundles.
import { ConfigurationError } from '../core/errors.js';

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

/** Sends one Redis command given as its arguments; resolves with Redis's answer. */
export type RedisSend = (args: string[]) => Promise<unknown>;

/**
 * A method that hands back no promise answers through a callback (node-redis's `legacy()` client):
 * its answer would read as "nothing", so the command fails instead, saying what to pass.
 */
function promised(answer: unknown, who: string): Promise<unknown> {
  if (typeof (answer as { then?: unknown } | null | undefined)?.then === 'function')
    return Promise.resolve(answer);
  return Promise.reject(
    new Error(
      `${who}: the Redis client answered without a promise; pass a promise-based client (not node-redis's legacy())`,
    ),
  );
}

/** The generic command method of a node-redis or ioredis client; `who` names the caller in the error. */
export function sender(client: unknown, who: string): RedisSend {
  const c = client as Record<string, unknown> | null;
  // ioredis also has a sendCommand, taking a Command object, so `call` is looked for first;
  // node-redis has no `call`.
  if (c && typeof c.call === 'function') {
    const call = c.call as (command: string, ...args: string[]) => unknown;
    return ([command, ...args]) => promised(call.call(c, command as string, ...args), who);
  }
  if (c && typeof c.sendCommand === 'function') {
    const send = c.sendCommand as (args: string[]) => unknown;
    return (args) => promised(send.call(c, args), who);
  }
  throw new ConfigurationError(
    `${who}: pass a connected node-redis client (createClient() from "redis") or an ioredis client (new Redis()).`,
    'client',
  );
}
