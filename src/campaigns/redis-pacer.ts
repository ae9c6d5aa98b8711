// One pace for every process that shares a Redis key. Two scripts keep the shared state atomic and
// on Redis's own clock (TIME), so the workers' clocks never matter: `acquire` answers "held for
// n ms", "go now", "your slot is in n ms" or "the window is full, ask again in n ms"; `hold`
// records a 429's wait. One round trip per send when no limit is active: EVALSHA of the acquire
// script, or EVAL the first time (which also caches it).
//
// `maxPerSecond` is enforced twice in the same script. A token bucket in the GCRA form (one "next
// free slot" time) hands each send a slot, so sends are spaced evenly and nobody polls. But a slot
// is only a promise: a worker whose event loop stalls wakes late and sends beside sends that were
// on time, and a loaded machine bunches the fleet's sends past the rate. So a send is only let go
// ("committed") when the log of the sends of the last second on Redis's clock has room, which
// holds every second to the rate whatever the workers' timers do; a "go" that comes back far
// slower than the usual round trip is not used (the process stalled while it waited). A send whose
// slot is in the future takes a second round trip, at its slot, to commit.
//
// A Redis that fails or is slow (no answer within `timeout`) must neither stop the sends nor let
// them go faster than allowed: this process then paces itself with a local pacer at its share of
// the rate (the rate divided by the senders Redis last counted, a tenth if it never answered),
// keeps honouring every 429 it sees, warns once, and asks Redis again after RETRY_REDIS_MS.
import { ConfigurationError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { type RedisClientLike, sender } from '../webhooks/redis-store.js';
import { intervalOf, localPacer, wait as sleep } from './memory-pacer.js';
import type { Pacer } from './pacer.js';

/** Options of `redisPacer`. */
export interface RedisPacerOptions {
  /** Processes that pass the same key share one pace. @default 'gateway-sdk:pace' */
  key?: string | undefined;
  /**
   * Most requests per second of all sharers together, retries included: no second on Redis's clock
   * lets more go, and sends are spaced 5% wider, so the service does not count more either.
   * @default no limit
   */
  maxPerSecond?: number | undefined;
  /** Milliseconds a Redis command may take before this process paces itself locally. @default 2000 */
  timeout?: number | undefined;
  /** Where the one warning of a Redis outage goes. @default console */
  logger?: Logger | undefined;
}

// KEYS: hold, bucket, senders, sent. ARGV: ms between sends (0: no limit), this pacer's id, most
// sends in any window, this send's unique name, 'take' (a new send) or 'commit' (its slot came),
// the window in ms.
// Answers {go, wait ms, senders}: 0 held (ask again with 'take' after wait), 1 with wait 0 send now,
// 1 with wait > 0 the slot is in wait ms (then 'commit'), 2 the last second is full ('commit' after
// wait).
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
if ARGV[5] == 'take' then
  local slot = tonumber(redis.call('GET', KEYS[2]) or '0')
  if slot < now then slot = now end
  local nextslot = slot + interval
  redis.call('SET', KEYS[2], string.format('%.3f', nextslot), 'PX', math.ceil(nextslot - now) + 1000)
  if slot - now >= 1 then return {1, math.ceil(slot - now), senders} end
end
local span = tonumber(ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - span)
if redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[4], 0, 0, 'WITHSCORES')
  return {2, math.max(1, math.ceil(tonumber(oldest[2]) + span - now)), senders}
end
redis.call('ZADD', KEYS[4], now, ARGV[4])
redis.call('PEXPIRE', KEYS[4], math.ceil(span) * 2)
return {1, 0, senders}
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

/** The window of Redis's log of sends: no such span on Redis's clock lets more than the rate go. */
const WINDOW_MS = 1000;

/**
 * The bucket spaces sends this much wider than the rate. What the service counts is when sends
 * arrive, and a send arrives a little after Redis let it go (the answer's way back, a process that
 * stalls, the network); evenly spaced sends 5% apart leave room in every second for 50 ms of that,
 * and keep the window's log from being full at every send, which would cost a round trip each.
 */
const SPACING = 1.05;

/** An answer that took longer than this and than 4 usual round trips came back too late to send on. */
const LATE_FLOOR_MS = 10;

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
 * for await (const r of createMany(client, rows, { concurrency: 16, pacer })) { … }
 */
export function redisPacer(client: RedisClientLike, options: RedisPacerOptions = {}): Pacer {
  const send = sender(client, 'redisPacer');
  const { key = 'gateway-sdk:pace', timeout = 2000 } = options;
  if (typeof key !== 'string' || key === '')
    throw new ConfigurationError('redisPacer: key must be a non-empty string, e.g. "campaign-pace".', 'key');
  if (!Number.isInteger(timeout) || timeout < 1)
    throw new ConfigurationError('redisPacer: timeout must be a positive integer (milliseconds).', 'timeout');
  const perSecond = intervalOf(options.maxPerSecond, 'redisPacer');
  const interval = perSecond * SPACING;
  const logger = options.logger ?? (typeof console === 'undefined' ? undefined : console);
  // A hash tag keeps the four keys in one slot of a Redis Cluster, as a script requires.
  const keys = [`{${key}}:hold`, `{${key}}:bucket`, `{${key}}:senders`, `{${key}}:sent`];
  // The most sends any window may hold (at least one, so a rate under 1 a second still sends).
  const perWindow = String(Math.max(1, Math.floor(options.maxPerSecond ?? 1)));
  const id = crypto.getRandomValues(new Uint32Array(2)).join('-');
  const acquireScript = scriptRunner(send, ACQUIRE);
  const holdScript = scriptRunner(send, HOLD);
  // Holds this process knows of, so it waits without asking Redis while one lasts.
  const mirror = localPacer(0);
  let senders = 0;
  let fallback: Pacer | undefined;
  let retryAt = 0;
  let warned = false;
  let sends = 0;
  // The usual round trip to Redis (ms), smoothed; a spike moves it little, a lasting change soon.
  let usual = 0;

  const degrade = (error: unknown): Pacer => {
    retryAt = Date.now() + RETRY_REDIS_MS;
    if (fallback === undefined) {
      const share = perSecond * (senders > 0 ? senders : 10);
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

  // Asks Redis; `undefined` when it failed (this process then paces itself). The fourth number
  // of the answer is 1 when it came back late: far slower than the usual round trip, because this
  // process stalled (or Redis did) while the answer waited. A "send now" that old was Redis's
  // "now" a while ago; sent that late, it would bunch with the sends that were on time.
  const ask = async (mode: 'take' | 'commit', name: string): Promise<number[] | undefined> => {
    let answer: unknown;
    const asked = Date.now();
    try {
      answer = await within(
        acquireScript(keys, [String(interval), id, perWindow, name, mode, String(WINDOW_MS)]),
        timeout,
      );
    } catch (error) {
      degrade(error);
      return undefined;
    }
    const took = Date.now() - asked;
    const late = took > Math.max(LATE_FLOOR_MS, 4 * usual);
    usual = usual === 0 ? took : usual + (Math.min(took, 2 * usual) - usual) / 8;
    if (fallback !== undefined) {
      fallback = undefined;
      warned = false;
      logger?.info('[gateway-sdk] redisPacer: Redis answers again; the fleet shares one pace again.');
    }
    const [go = 1, wait = 0, counted = 0] = Array.isArray(answer) ? answer.map(Number) : [];
    return [go, wait, counted, late ? 1 : 0];
  };

  const acquire = async (signal?: AbortSignal): Promise<void> => {
    const name = `${id}:${sends++}`;
    let mode: 'take' | 'commit' = 'take';
    for (;;) {
      await mirror.gate.wait(signal);
      if (fallback !== undefined && Date.now() < retryAt) return fallback.acquire(signal);
      const answer = await ask(mode, name);
      if (answer === undefined) continue;
      const [go = 1, wait = 0, counted = 0, late = 0] = answer;
      if (counted > 0) senders = counted;
      if (go === 0) {
        // Held: the slot this send had is gone with the hold; it takes a new one after, so the
        // sends the hold kept back go out spaced, not all at its end.
        mirror.hold(wait);
        mode = 'take';
        continue;
      }
      if (wait === 0) {
        // A late "send now" is not used: its place in the last second stays taken (the fleet sends
        // a little slower, never faster), and the send asks for a fresh one.
        if (late === 0 || interval === 0) return;
        mode = 'commit';
        continue;
      }
      await sleep(wait, signal);
      // A 429 this process saw meanwhile takes the slot away, as a hold on Redis does.
      mode = mirror.gate.remaining() > 0 ? 'take' : 'commit';
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
