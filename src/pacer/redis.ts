// One pace for every process that shares a Redis key. Two scripts keep the shared state atomic and
// on Redis's own clock (TIME), so the workers' clocks never matter: `acquire` answers "held for
// n ms" or "go in n ms" (taking the next slot of the rate), `hold` records a 429's wait. One round
// trip per send: EVALSHA of the acquire script, or EVAL the first time (which also caches it).
//
// A Redis that fails or is slow (no answer within `timeout`) must neither stop the sends nor let
// them go faster than allowed: this process then paces itself with a local pacer at its share of
// the rate (the rate divided by the senders Redis last counted, a tenth if it never answered),
// keeps honouring every 429 it sees, warns once, and asks Redis again after `retryAfterMs`.
import { ConfigurationError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { type RedisClientLike, sender } from '../webhooks/redis-store.js';
import { intervalOf, localPacer, wait as sleep } from './memory.js';
import type { Pacer } from './pacer.js';

/** Options of `redisPacer`. */
export interface RedisPacerOptions {
  /** Processes that pass the same key share one pace. @default 'gateway-sdk:pace' */
  key?: string | undefined;
  /** Most requests per second of all sharers together, retries included. @default no limit */
  maxPerSecond?: number | undefined;
  /** Milliseconds a Redis command may take before this process paces itself locally. @default 2000 */
  timeout?: number | undefined;
  /** Where the one warning of a Redis outage goes. @default console */
  logger?: Logger | undefined;
}

// KEYS: hold, bucket, senders. ARGV: ms between sends (0: no limit), this pacer's id.
// Answers {go, wait ms, senders}: go 0 means held (ask again after wait), 1 means send after wait.
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local hold = tonumber(redis.call('GET', KEYS[1]) or '0')
if hold > now then return {0, math.ceil(hold - now), 0} end
local interval = tonumber(ARGV[1])
if interval <= 0 then return {1, 0, 0} end
redis.call('ZADD', KEYS[3], now, ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - 10000)
redis.call('PEXPIRE', KEYS[3], 10000)
local senders = redis.call('ZCARD', KEYS[3])
local slot = tonumber(redis.call('GET', KEYS[2]) or '0')
if slot < now then slot = now end
local nextslot = slot + interval
redis.call('SET', KEYS[2], string.format('%.3f', nextslot), 'PX', math.ceil(nextslot - now) + 1000)
return {1, math.ceil(slot - now), senders}
`;

// KEYS: hold. ARGV: ms. Extends the hold to now + ms unless it already lasts longer.
const HOLD = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local ms = tonumber(ARGV[1])
local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
if now + ms > cur then
  redis.call('SET', KEYS[1], string.format('%.3f', now + ms), 'PX', math.ceil(ms) + 1000)
end
return 1
`;

/** After a failure, Redis is asked again once this long has passed. */
const RETRY_REDIS_MS = 5_000;

/** SHA-1 of a script, as EVALSHA names it (Web Crypto, computed once per pacer). */
async function sha1(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Runs a script by its SHA, loading it with EVAL the first time and whenever Redis forgot it. */
function scriptRunner(send: (args: string[]) => Promise<unknown>, source: string) {
  let hash: string | undefined;
  return async (keys: string[], args: string[]): Promise<unknown> => {
    const tail = [String(keys.length), ...keys, ...args];
    if (hash === undefined) {
      const result = await send(['EVAL', source, ...tail]);
      hash = await sha1(source);
      return result;
    }
    try {
      return await send(['EVALSHA', hash, ...tail]);
    } catch (error) {
      if (!/NOSCRIPT/.test(String((error as Error | null)?.message))) throw error;
      return send(['EVAL', source, ...tail]);
    }
  };
}

/** Rejects with a timeout error if `promise` takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms}ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * A pacer shared by every process that passes the same `key` to the same Redis: a 429's
 * `Retry-After` seen by any of them holds every request of all of them (retries included) until
 * it has passed, and `maxPerSecond` caps their sends together, with one token bucket kept
 * atomically in Redis on Redis's clock. Pass your own connected node-redis (v4 and later) or
 * ioredis client. One Redis round trip per request when no limit is active.
 *
 * If Redis fails or takes longer than `timeout`, this process goes on alone with a local pacer at
 * its share of the rate (the rate divided by the senders Redis last counted; a tenth of it if Redis
 * never answered), still honouring every 429 it sees; it warns once, and tries Redis again every
 * 5 seconds.
 *
 * @example
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const pacer = redisPacer(redis, { key: 'campaign-pace', maxPerSecond: 200 });
 * for await (const r of client.sms.messages.createMany(rows, { concurrency: 16, pacer })) { … }
 */
export function redisPacer(client: RedisClientLike, options: RedisPacerOptions = {}): Pacer {
  const send = sender(client, 'redisPacer');
  const { key = 'gateway-sdk:pace', timeout = 2000 } = options;
  if (typeof key !== 'string' || key === '')
    throw new ConfigurationError('redisPacer: key must be a non-empty string, e.g. "campaign-pace".', 'key');
  if (!Number.isInteger(timeout) || timeout < 1)
    throw new ConfigurationError('redisPacer: timeout must be a positive integer (milliseconds).', 'timeout');
  const interval = intervalOf(options.maxPerSecond, 'redisPacer');
  const logger = options.logger ?? (typeof console === 'undefined' ? undefined : console);
  // A hash tag keeps the three keys in one slot of a Redis Cluster, as a script requires.
  const keys = [`{${key}}:hold`, `{${key}}:bucket`, `{${key}}:senders`];
  const id = crypto.getRandomValues(new Uint32Array(2)).join('-');
  const acquireScript = scriptRunner(send, ACQUIRE);
  const holdScript = scriptRunner(send, HOLD);
  // Holds this process knows of, so it waits without asking Redis while one lasts.
  const mirror = localPacer(0);
  let senders = 0;
  let fallback: Pacer | undefined;
  let retryAt = 0;
  let warned = false;

  const degrade = (error: unknown): Pacer => {
    retryAt = Date.now() + RETRY_REDIS_MS;
    if (fallback === undefined) {
      const share = interval === 0 ? 0 : interval * (senders > 0 ? senders : 10);
      const local = localPacer(share);
      fallback = {
        acquire: (signal) => {
          const held = mirror.gate.wait(signal);
          return held === undefined ? local.acquire(signal) : held.then(() => local.acquire(signal));
        },
        hold: () => undefined,
      };
      if (!warned) {
        warned = true;
        const reason = error instanceof Error ? error.message : String(error);
        const pace = share === 0 ? '' : ` at ${(1000 / share).toFixed(1)} requests per second`;
        logger?.warn(
          `[gateway-sdk] redisPacer: Redis failed (${reason}); this process paces itself${pace} ` +
            `and honours the 429s it sees until Redis answers again (asked every ${RETRY_REDIS_MS / 1000}s).`,
        );
      }
    }
    return fallback;
  };

  // Asks Redis; `undefined` when it failed (this process then paces itself).
  const ask = async (rate: number): Promise<number[] | undefined> => {
    let answer: unknown;
    try {
      answer = await within(acquireScript(keys, [String(rate), id]), timeout);
    } catch (error) {
      degrade(error);
      return undefined;
    }
    if (fallback !== undefined) {
      fallback = undefined;
      warned = false;
      logger?.info('[gateway-sdk] redisPacer: Redis answers again; the fleet shares one pace again.');
    }
    return Array.isArray(answer) ? answer.map(Number) : [1, 0, 0];
  };

  const acquire = async (signal?: AbortSignal): Promise<void> => {
    for (;;) {
      await mirror.gate.wait(signal);
      if (fallback !== undefined && Date.now() < retryAt) return fallback.acquire(signal);
      const answer = await ask(interval);
      if (answer === undefined) continue;
      const [go = 1, wait = 0, counted = 0] = answer;
      if (counted > 0) senders = counted;
      if (go === 0) {
        mirror.hold(wait);
        continue;
      }
      if (wait === 0) return;
      // A slot in the future: a 429 another process saw meanwhile must still hold this send, so
      // the hold is checked again (a second round trip, only while the rate limit makes sends wait).
      await sleep(wait, signal);
      if (mirror.gate.remaining() > 0) continue;
      const check = await ask(0);
      if (check === undefined || check[0] !== 0) return;
      mirror.hold(check[1] ?? 0);
    }
  };

  return {
    acquire,
    async hold(ms) {
      mirror.hold(ms);
      if (fallback !== undefined && Date.now() < retryAt) return;
      try {
        await within(holdScript([keys[0] as string], [String(Math.ceil(ms))]), timeout);
      } catch (error) {
        degrade(error);
      }
    },
  };
}
