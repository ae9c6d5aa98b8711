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
// ("committed") when the log of the sends of the last 1,050 ms on Redis's clock has room, which
// holds every second to the rate whatever the workers' timers do; a "go" that comes back far
// slower than the usual round trip is not used (the process stalled while it waited). A send whose
// slot is in the future takes a second round trip, at its slot, to commit.
//
// A Redis that fails, is slow (no answer within `timeout`) or answers what this code does not
// understand (another shape, negative or absurd numbers, a callback-style client's "nothing") must
// neither stop the sends nor let them go faster than allowed: nothing but a well-formed answer is
// read as "go". This process then paces itself with a local pacer at its share of the rate (the
// rate divided by the senders Redis last counted, a tenth if it never answered), keeps honouring
// every hold it knows of, warns once, records each of its own sends in Redis's log of the last
// second (so that the fleet counts them once Redis is back, and this process learns at once that
// it is), and asks Redis again after RETRY_REDIS_MS at the latest.
//
// Holds are kept on this process's monotonic clock as well as in Redis, so a Redis that restarts
// (and forgets them) does not end them early: a process re-writes its own hold every second while
// it lasts, and every hold is capped at 60 s, as a 429's Retry-After is.
import { ConfigurationError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { sender, type RedisClientLike, type RedisSend } from '../internal/redis.js';
import { checkedHold, Gate, HOLD_CAP_MS, monotonic, serviceDuration, wait as sleep } from './gate.js';
import { intervalOf, localPacer } from './memory-pacer.js';
import type { Pacer } from './pacer.js';
import { toHex } from '../internal/hex.js';

/** Options of `redisPacer`. */
export interface RedisPacerOptions {
  /**
   * Processes that pass the same key share one pace: give each campaign (each rate limit you want
   * kept apart) its own. @default derived from `maxPerSecond` ('gateway-sdk:pace:200/s',
   * 'gateway-sdk:pace:unlimited'), so pacers with different rates never share one
   */
  key?: string | undefined;
  /**
   * Most requests per second of all sharers together, retries included: no second on Redis's clock
   * lets more go, and sends are spaced 5% wider, so the service does not count more either.
   * @default no limit
   */
  maxPerSecond?: number | undefined;
  /** Milliseconds a Redis command may take (1 to 60,000) before this process paces itself locally. @default 2000 */
  timeout?: number | undefined;
  /** Where the one warning of a Redis outage goes. @default console */
  logger?: Logger | undefined;
}

// KEYS: hold, bucket, senders, sent. ARGV: ms between sends (0: no limit), this pacer's id, most
// sends in any window, this send's unique name, 'take' (a new send), 'commit' (its slot came) or
// 'record' (a send that went while this process paced itself), the window in ms.
// Answers {go, wait ms, senders}: 0 held (ask again with 'take' after wait), 1 with wait 0 send now
// (or recorded), 1 with wait > 0 the slot is in wait ms (then 'commit'), 2 the last second is full
// ('commit' after wait).
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
local span = tonumber(ARGV[6])
if ARGV[5] == 'take' then
  local slot = tonumber(redis.call('GET', KEYS[2]) or '0')
  if slot < now then slot = now end
  local nextslot = slot + interval
  redis.call('SET', KEYS[2], string.format('%.3f', nextslot), 'PX', math.ceil(nextslot - now) + 1000)
  if slot - now >= 1 then return {1, math.ceil(slot - now), senders} end
end
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - span)
if ARGV[5] ~= 'record' and redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[3]) then
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

/**
 * The window of Redis's log of sends: no such span on Redis's clock lets more than the rate go. A
 * little over a second, as the bucket's spacing is (SPACING): a send leaves its worker a little
 * after Redis let it go, by a delay that varies (the answer's way back, a busy core), and 50 ms of
 * that variation cannot put more than the rate into any second the service counts.
 */
const WINDOW_MS = 1050;

/**
 * The bucket spaces sends this much wider than the rate. What the service counts is when sends
 * arrive, and a send arrives a little after Redis let it go (the answer's way back, a process that
 * stalls, the network); evenly spaced sends 5% apart leave room in every second for 50 ms of that,
 * and keep the window's log from being full at every send, which would cost a round trip each.
 */
const SPACING = 1.05;

/** The longest hold the acquire script answers: the longest hold written, and its rounding. */
const HOLD_ANSWER_MAX_MS = HOLD_CAP_MS + 1;

/** An answer that took longer than this and than 4 usual round trips came back too late to send on. */
const LATE_FLOOR_MS = 10;

/** After a failure, Redis is asked again once this long has passed. */
const RETRY_REDIS_MS = 5_000;

/** While this process's own hold lasts, it is written to Redis again this often (Redis may restart). */
const HOLD_REFRESH_MS = 1_000;

/** The longest `timeout` (ms): a Redis slower than this is no help to a pace kept in seconds. */
const TIMEOUT_MAX_MS = 60_000;

/** SHA-1 of a script, as EVALSHA names it (Web Crypto, computed once per pacer). */
async function sha1(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest));
}

/**
 * Runs a script by its SHA, loading it with EVAL the first time and whenever Redis forgot it. The
 * SHA is computed beside the first command, never in its way: until it is known, EVAL is used.
 */
function scriptRunner(send: RedisSend, source: string) {
  let hash: string | undefined;
  let loaded = false;
  sha1(source).then(
    (digest) => (hash = digest),
    () => undefined, // no Web Crypto: EVAL every time
  );
  return async (keys: string[], args: string[]): Promise<unknown> => {
    const tail = [String(keys.length), ...keys, ...args];
    if (!loaded || hash === undefined) {
      loaded = true;
      return send(['EVAL', source, ...tail]);
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

/** The acquire script's answer, once checked. */
interface Answer {
  /** 0 held, 1 go (or go at the slot), 2 the window is full. */
  go: number;
  /** Milliseconds to wait (at most 60 s). */
  wait: number;
  /** Senders Redis counted in the last 10 s (0: not counted). */
  senders: number;
}

/** The acquire script's answer, or `undefined` for anything else: never read as "go". */
function understood(answer: unknown): Answer | undefined {
  if (!Array.isArray(answer) || answer.length !== 3) return undefined;
  const [go, wait, senders] = answer as unknown[];
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  if (!whole(go) || go > 2 || !whole(wait) || !whole(senders)) return undefined;
  // What the script can answer besides "go": a hold of 1 ms to 60 s (every hold is written capped;
  // one more ms for the rounding of its 3 decimals) with no count of senders, or a full window's
  // wait of 1 ms to the window, counted. Anything else ("full, wait 0" would read as go; a hold of
  // years) is not the script's, and is a Redis failure.
  if (go === 0 && (wait < 1 || wait > HOLD_ANSWER_MAX_MS || senders !== 0)) return undefined;
  if (go === 2 && (wait < 1 || wait > WINDOW_MS || senders === 0)) return undefined;
  const ms = serviceDuration(wait);
  return ms === undefined ? undefined : { go, wait: ms, senders };
}

/** A short, printable account of an answer that was not understood. */
function described(answer: unknown): string {
  if (!Array.isArray(answer)) return answer === null ? 'null' : typeof answer;
  const items = answer.slice(0, 4).map((item) => (typeof item === 'number' ? String(item) : typeof item));
  return `[${items.join(', ')}${answer.length > 4 ? ', …' : ''}]`.slice(0, 60);
}

/** The key option, or one derived from the rate, so pacers with different rates never share. */
function keyOf(options: RedisPacerOptions): string {
  const { key, maxPerSecond } = options;
  if (key === undefined)
    return `gateway-sdk:pace:${maxPerSecond === undefined ? 'unlimited' : `${maxPerSecond}/s`}`;
  if (typeof key !== 'string' || key === '')
    throw new ConfigurationError('redisPacer: key must be a non-empty string, e.g. "campaign-pace".', 'key');
  return key;
}

/** What a fleet pace is built from, once the options are checked. */
interface FleetSetup {
  send: RedisSend;
  key: string;
  /** Ms between sends at the rate (0: no limit). */
  interval: number;
  maxPerSecond: number | undefined;
  timeout: number;
  logger: Logger | undefined;
}

/** One process's share of a pace kept in Redis, with its local mirror of holds and its fallback. */
class FleetPace {
  readonly #setup: FleetSetup;
  readonly #keys: string[];
  readonly #perWindow: string;
  readonly #spaced: string;
  readonly #id = crypto.getRandomValues(new Uint32Array(2)).join('-');
  readonly #acquireScript: (keys: string[], args: string[]) => Promise<unknown>;
  readonly #holdScript: (keys: string[], args: string[]) => Promise<unknown>;
  /** Every hold this process knows of (its own and those Redis told of), on its monotonic clock. */
  readonly #gate = new Gate();
  /** When this process's own latest hold ends (monotonic), so it can write it again. */
  #ownHoldEnd = 0;
  #refresher: ReturnType<typeof setTimeout> | undefined;
  #senders = 0;
  #fallback: Pacer | undefined;
  #retryAt = 0;
  #warned = false;
  #sends = 0;
  /** The usual round trip to Redis (ms), smoothed; a spike moves it little, a lasting change soon. */
  #usual = 0;

  constructor(setup: FleetSetup) {
    this.#setup = setup;
    const { key, maxPerSecond, send } = setup;
    // A hash tag keeps the four keys in one slot of a Redis Cluster, as a script requires.
    this.#keys = [`{${key}}:hold`, `{${key}}:bucket`, `{${key}}:senders`, `{${key}}:sent`];
    // The most sends any window may hold (at least one, so a rate under 1 a second still sends).
    this.#perWindow = String(Math.max(1, Math.floor(maxPerSecond ?? 1)));
    this.#spaced = String(setup.interval * SPACING);
    this.#acquireScript = scriptRunner(send, ACQUIRE);
    this.#holdScript = scriptRunner(send, HOLD);
  }

  /** Resolves when one request may go: after any hold, at its slot, with room in the last second. */
  async acquire(signal?: AbortSignal): Promise<void> {
    const name = `${this.#id}:${this.#sends++}`;
    let mode: 'take' | 'commit' = 'take';
    for (;;) {
      await this.#gate.wait(signal);
      if (this.#alone()) return this.#sendAlone(name, signal);
      const answer = await this.#ask(mode, name);
      if (answer === undefined) continue;
      const next = await this.#follow(answer, signal);
      if (next === 'go') return;
      mode = next;
    }
  }

  /** Holds every sharer for `ms` (checked, at most 60 s), here at once and in Redis; refuses as a rejection. */
  hold(ms: number): Promise<void> | undefined {
    const checked = checkedHold(ms, 'redisPacer');
    if (typeof checked !== 'number') return Promise.reject(checked);
    this.#gate.closeFor(checked);
    this.#ownHoldEnd = Math.max(this.#ownHoldEnd, monotonic() + checked);
    this.#keepHold();
    return this.#alone() ? undefined : this.#writeHold(checked);
  }

  /** True while this process paces itself (Redis failed less than RETRY_REDIS_MS ago). */
  #alone(): boolean {
    return this.#fallback !== undefined && monotonic() < this.#retryAt;
  }

  /** What an answer means for this send: go, or ask again (for a new slot, or to commit this one). */
  async #follow(answer: Answer & { late: boolean }, signal?: AbortSignal): Promise<'go' | 'take' | 'commit'> {
    if (answer.senders > 0) this.#senders = answer.senders;
    if (answer.go === 0) {
      // Held: the slot this send had is gone with the hold; it takes a new one after, so the
      // sends the hold kept back go out spaced, not all at its end.
      this.#gate.closeFor(answer.wait);
      return 'take';
    }
    if (answer.wait === 0) {
      // A late "send now" is not used: its place in the last second stays taken (the fleet sends
      // a little slower, never faster), and the send asks for a fresh one.
      return answer.late && this.#setup.interval > 0 ? 'commit' : 'go';
    }
    await sleep(answer.wait, signal);
    // A 429 this process saw meanwhile takes the slot away, as a hold on Redis does.
    return this.#gate.remaining() > 0 ? 'take' : 'commit';
  }

  /**
   * Asks Redis; `undefined` when it failed or answered what is not understood (this process then
   * paces itself). `late` when the answer came back far slower than the usual round trip, because
   * this process stalled (or Redis did) while it waited: a "send now" that old was Redis's "now" a
   * while ago; sent that late, it would bunch with the sends that were on time.
   */
  async #ask(
    mode: 'take' | 'commit' | 'record',
    name: string,
  ): Promise<(Answer & { late: boolean }) | undefined> {
    const { timeout } = this.#setup;
    const asked = monotonic();
    let raw: unknown;
    try {
      const args = [this.#spaced, this.#id, this.#perWindow, name, mode, String(WINDOW_MS)];
      raw = await within(this.#acquireScript(this.#keys, args), timeout);
    } catch (error) {
      this.#degrade(error);
      return undefined;
    }
    const answer = understood(raw);
    if (answer === undefined) {
      this.#degrade(
        new Error(`Redis answered ${described(raw)}, which is not an answer of the pacer's script`),
      );
      return undefined;
    }
    const took = monotonic() - asked;
    const late = took > Math.max(LATE_FLOOR_MS, 4 * this.#usual);
    this.#usual =
      this.#usual === 0 ? took : this.#usual + (Math.min(took, 2 * this.#usual) - this.#usual) / 8;
    if (this.#fallback !== undefined) this.#recovered();
    return { ...answer, late };
  }

  /**
   * While Redis fails: a send paced by this process alone, then recorded in Redis's log of the
   * last second, so that the fleet counts it once Redis answers (and this process learns it does,
   * and of any hold, at once).
   */
  async #sendAlone(name: string, signal?: AbortSignal): Promise<void> {
    await this.#fallback?.acquire(signal);
    void this.#ask('record', name).then((answer) => {
      if (answer?.go === 0) this.#gate.closeFor(answer.wait);
    });
  }

  /** Redis failed: pace alone at this process's share of the rate, warn once, ask again later. */
  #degrade(error: unknown): void {
    this.#retryAt = monotonic() + RETRY_REDIS_MS;
    if (this.#fallback !== undefined) return;
    const share = this.#setup.interval * (this.#senders > 0 ? this.#senders : 10);
    this.#fallback = localPacer(share, 'redisPacer', this.#gate);
    if (this.#warned) return;
    this.#warned = true;
    const reason = error instanceof Error ? error.message : String(error);
    const pace = share === 0 ? '' : ` at ${(1000 / share).toFixed(1)} requests per second`;
    this.#setup.logger?.warn(
      `[gateway-sdk] redisPacer: Redis failed (${reason}); this process paces itself${pace} ` +
        `and honours the holds it knows of until Redis answers again (asked every ${RETRY_REDIS_MS / 1000}s).`,
    );
  }

  /** Redis answers again: share the fleet's pace, and write this process's hold again if it lasts. */
  #recovered(): void {
    this.#fallback = undefined;
    this.#warned = false;
    this.#retryAt = 0;
    this.#setup.logger?.info(
      '[gateway-sdk] redisPacer: Redis answers again; the fleet shares one pace again.',
    );
    const left = this.#ownHoldEnd - monotonic();
    if (left > 0) void this.#writeHold(left);
  }

  /** Writes a hold of `ms` to Redis; a failure or an answer not understood is a Redis failure. */
  async #writeHold(ms: number): Promise<void> {
    try {
      const answer = await within(
        this.#holdScript([this.#keys[0] ?? ''], [String(Math.ceil(ms))]),
        this.#setup.timeout,
      );
      if (answer !== 1) throw new Error(`Redis answered ${described(answer)} to a hold`);
    } catch (error) {
      this.#degrade(error);
    }
  }

  /** While this process's own hold lasts, writes it again every second: a Redis that restarted forgot it. */
  #keepHold(): void {
    if (this.#refresher !== undefined) return;
    const tick = () => {
      this.#refresher = undefined;
      const left = this.#ownHoldEnd - monotonic();
      if (left <= 0) return;
      if (!this.#alone()) void this.#writeHold(left);
      this.#keepHold();
    };
    this.#refresher = setTimeout(tick, HOLD_REFRESH_MS);
    // A hold being kept must not keep the process alive on its own.
    (this.#refresher as { unref?: () => void }).unref?.();
  }
}

/**
 * A pacer shared by every process that passes the same `key` to the same Redis: a 429's
 * `Retry-After` seen by any of them holds every request of all of them (retries included) until
 * it has passed (at most 60 s), and `maxPerSecond` caps their sends together, with one token
 * bucket and a log of the last second kept atomically in Redis on Redis's clock. Pass your own
 * connected node-redis (v4 and later) or ioredis client, and a `key` per campaign (without one,
 * the key is derived from `maxPerSecond`). One Redis round trip per request when no limit is active.
 *
 * If Redis fails, takes longer than `timeout` or answers what is not understood, this process goes
 * on alone with a local pacer at its share of the rate (the rate divided by the senders Redis last
 * counted; a tenth of it if Redis never answered), still honouring every hold it knows of; it warns
 * once, and shares the fleet's pace again as soon as Redis answers.
 *
 * @example
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const pacer = redisPacer(redis, { key: 'campaign-pace', maxPerSecond: 200 });
 * for await (const r of createMany(client, rows, { concurrency: 16, pacer })) { … }
 */
export function redisPacer(client: RedisClientLike, options: RedisPacerOptions = {}): Pacer {
  const send = sender(client, 'redisPacer');
  const key = keyOf(options);
  const { timeout = 2000 } = options;
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > TIMEOUT_MAX_MS)
    throw new ConfigurationError(
      `redisPacer: timeout must be a positive integer (milliseconds) of at most ${TIMEOUT_MAX_MS}, e.g. 2000.`,
      'timeout',
    );
  const interval = intervalOf(options.maxPerSecond, 'redisPacer');
  const logger = options.logger ?? (typeof console === 'undefined' ? undefined : console);
  const pace = new FleetPace({ send, key, interval, maxPerSecond: options.maxPerSecond, timeout, logger });
  return { acquire: (signal) => pace.acquire(signal), hold: (ms) => pace.hold(ms) };
}
