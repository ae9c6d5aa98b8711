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
  // A Map iterates in insertion order, so its first keys are the oldest claims.
  const entries = new Map<string, Entry>();

  const live = (id: string, now: number) => {
    const entry = entries.get(id);
    if (entry && entry.expires <= now) {
      entries.delete(id);
      return undefined;
    }
    return entry;
  };

  const makeRoom = (now: number) => {
    for (const [id, entry] of entries) if (entry.expires <= now) entries.delete(id);
    // Still full: forget the oldest handled ids. A pending one is never evicted while others
    // exist, since dropping it would let a concurrent duplicate run the same event twice.
    for (const [id, entry] of entries) {
      if (entries.size < max) return;
      if (entry.state === 'handled') entries.delete(id);
    }
    for (const id of entries.keys()) {
      if (entries.size < max) return;
      entries.delete(id);
    }
  };

  return {
    async claim(id, ttlSeconds) {
      const now = Date.now();
      if (live(id, now)) return false;
      if (entries.size >= max) makeRoom(now);
      entries.set(id, { state: 'pending', expires: now + ttlSeconds * 1000 });
      return true;
    },
    async release(id) {
      entries.delete(id);
    },
    async complete(id, ttlSeconds) {
      const now = Date.now();
      // Re-inserted so that Map order stays oldest-first by when the id was last written.
      entries.delete(id);
      if (entries.size >= max) makeRoom(now);
      entries.set(id, { state: 'handled', expires: now + (fixedTtl ?? ttlSeconds) * 1000 });
    },
    async state(id) {
      return live(id, Date.now())?.state;
    },
    retentionSeconds: fixedTtl,
  };
}
