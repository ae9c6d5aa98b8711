// An in-process DedupeStore. Fine for one instance and for tests; instances behind a load balancer
// each have their own, so they need a shared store (redisStore) instead.

import { ConfigurationError } from '../core/errors.js';
import type { DedupeState, DedupeStore } from './dedupe.js';
import { optionError } from '../internal/near-miss.js';

/** Options of `memoryStore`. */
export interface MemoryStoreOptions {
  /**
   * At most this many ids are kept; past it, expired ids go first, then the oldest handled ones.
   * @default 100000
   */
  maxEntries?: number | undefined;
  /**
   * How long a handled id is kept, overriding what the handler asks for. The handler refuses a
   * `maxAgeSeconds` longer than this minus 5 minutes (its clock-skew allowance).
   * @default what the handler asks for: `maxAgeSeconds` + 300 (7 days and 5 minutes by default)
   */
  ttlSeconds?: number | undefined;
}

/** An id, its state and when it expires (a list, not an object: a bundle keeps a field's name). */
type Entry = readonly [id: string, state: DedupeState, expires: number];

/** Entries of one state and ttl in the order they were written, read from `head` on. */
type Queue = [list: Entry[], head: number];

/**
 * Option `name` of `options`, `fallback` when it is undefined, else a ConfigurationError of `where`
 * (`'memoryStore:'`) naming `name`: a positive number, or with `floor` a whole number of at least it.
 */
export function positive<T>(where: string, options: object, name: string, fallback: T, floor = 0) {
  const value = (options as Record<string, unknown>)[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0 && value < Infinity) || value < floor || (floor && value % 1))
    throw optionError(
      ConfigurationError,
      where,
      `${name} must be ${floor ? `a whole number of at least ${floor}` : 'a positive number'} (got ${String(value)}).`,
      name,
    );
  return value;
}

/**
 * An in-memory, bounded `DedupeStore`: the handler's default. Ids are kept as long as the handler
 * asks (the event lifetime, 7 days, and 5 minutes) unless `ttlSeconds` says otherwise. Per process: use `redisStore` when several
 * instances receive the same webhook.
 *
 * @example
 * const handle = createWebhookHandler({ secret, on, dedupe: memoryStore({ maxEntries: 10_000 }) });
 */
export function memoryStore(options: MemoryStoreOptions = {}): DedupeStore {
  const max = positive('memoryStore:', options, 'maxEntries', 100_000, 1);
  const fixedTtl = positive('memoryStore:', options, 'ttlSeconds', undefined, 1);
  const entries = new Map<string, Entry>();
  // Every entry is also in the queue of its state and ttl (the handler uses two or three). Within
  // one ttl, write order is expiry order: a queue's expired entries are its head, and its oldest
  // is its first, so a claim costs the same at any fill. An entry deleted or rewritten meanwhile
  // stays in its queue until it reaches the head, and is skipped there. Arrays with a head index,
  // not Maps: V8 walks a Map's deleted slots from the start on every iteration.
  const queues = new Map<string, Queue>();

  // The first entry of `queue` still stored and unexpired, forgetting the expired ones before it.
  const first = (queue: Queue, now: number) => {
    // eslint-disable-next-line prefer-const -- head moves on; the list is only read
    let [list, head] = queue;
    let entry: Entry | undefined;
    while (
      (entry = list[head]) &&
      (entries.get(entry[0]) !== entry || (entry[2] <= now && entries.delete(entry[0])))
    )
      head++;
    // Amortised: what is moved is never more than what was passed.
    if (head * 2 > list.length) {
      list.splice(0, head);
      head = 0;
    }
    queue[1] = head;
    return entry;
  };

  const live = (id: string) => {
    const entry = entries.get(id);
    if (entry && entry[2] <= Date.now()) return void entries.delete(id);
    return entry;
  };

  const write = (id: string, state: DedupeState, ttlSeconds: number) => {
    const now = Date.now();
    entries.delete(id);
    // Each pass forgets every queue's expired head. Still full: forget the handled id that expires
    // first. A pending one only when every id is pending, since dropping it would let a concurrent
    // duplicate run the same event twice.
    for (;;) {
      let oldest: Entry | undefined;
      for (const queue of queues.values()) {
        const entry = first(queue, now);
        if (entry && (!oldest || rank(entry) < rank(oldest))) oldest = entry;
      }
      if (!oldest || entries.size < max) break;
      entries.delete(oldest[0]);
    }
    const key = state + ttlSeconds;
    const queue = queues.get(key) ?? ([[], 0] as Queue);
    queues.set(key, queue);
    const entry: Entry = [id, state, now + ttlSeconds * 1000];
    entries.set(id, entry);
    queue[0].push(entry);
  };

  return {
    async claim(id, ttlSeconds) {
      return !live(id) && (write(id, 'pending', ttlSeconds), true);
    },
    async release(id) {
      entries.delete(id);
    },
    async complete(id, ttlSeconds) {
      write(id, 'handled', fixedTtl ?? ttlSeconds);
    },
    async state(id) {
      return live(id)?.[1];
    },
    retentionSeconds: fixedTtl,
  };
}

/** Which id goes first when the store is full: handled before pending, then the one expiring first. */
const rank = (entry: Entry) => entry[2] + (entry[1] === 'pending' ? 1e15 : 0);
