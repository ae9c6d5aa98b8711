// An in-process DedupeStore. Fine for one instance and for tests; instances behind a load balancer
// each have their own, so they need a shared store (redisStore) instead.

import { ConfigurationError } from '../core/errors.js';
import type { DedupeState, DedupeStore } from './dedupe.js';

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

interface Entry {
  state: DedupeState;
  expires: number;
  /** The queue it is in. */
  queue: Map<string, Entry>;
}

function positiveInt(name: string, value: number | undefined, fallback: number | undefined) {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new ConfigurationError(
      `memoryStore: ${name} must be a positive integer (got ${String(value)}).`,
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
  const max = positiveInt('maxEntries', options.maxEntries, 100_000) as number;
  const fixedTtl = positiveInt('ttlSeconds', options.ttlSeconds, undefined);
  const entries = new Map<string, Entry>();
  // The same entries in one queue per state and ttl (the handler uses two or three). A Map keeps
  // insertion order, and within one ttl that is expiry order: the expired ids of a queue are its
  // head, so a write sweeps only what expired, and the oldest id of a queue is its first. The cost
  // of a claim is the same at any fill.
  const queues = new Map<string, Map<string, Entry>>();

  const drop = (id: string) => {
    entries.get(id)?.queue.delete(id);
    entries.delete(id);
  };

  const live = (id: string, now: number) => {
    const entry = entries.get(id);
    if (entry && entry.expires <= now) return drop(id);
    return entry;
  };

  const write = (id: string, state: DedupeState, ttlSeconds: number) => {
    const now = Date.now();
    drop(id);
    for (const [key, queue] of queues) {
      for (const [queued, entry] of queue) {
        if (entry.expires > now) break;
        drop(queued);
      }
      if (!queue.size) queues.delete(key);
    }
    // Still full: forget the handled id that expires first. A pending one only when every id is
    // pending, since dropping it would let a concurrent duplicate run the same event twice.
    while (entries.size >= max) {
      let first: [string, Entry] | undefined;
      for (const queue of queues.values()) {
        const head = queue.entries().next().value;
        if (head && (!first || rank(head[1]) < rank(first[1]))) first = head;
      }
      if (!first) break;
      drop(first[0]);
    }
    const key = state + ttlSeconds;
    const queue = queues.get(key) ?? new Map<string, Entry>();
    queues.set(key, queue);
    const entry = { state, expires: now + ttlSeconds * 1000, queue };
    entries.set(id, entry);
    queue.set(id, entry);
  };

  return {
    async claim(id, ttlSeconds) {
      if (live(id, Date.now())) return false;
      write(id, 'pending', ttlSeconds);
      return true;
    },
    async release(id) {
      drop(id);
    },
    async complete(id, ttlSeconds) {
      write(id, 'handled', fixedTtl ?? ttlSeconds);
    },
    async state(id) {
      return live(id, Date.now())?.state;
    },
    retentionSeconds: fixedTtl,
  };
}

/** Which id goes first when the store is full: handled before pending, then the one expiring first. */
const rank = (entry: Entry) => entry.expires + (entry.state === 'pending' ? 1e15 : 0);
