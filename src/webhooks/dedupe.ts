// The de-duplication contract between the webhook handler and a store (memoryStore, redisStore, or
// the user's own). Only claim and release are required; a store that also implements complete and
// state lets the handler tell "still being handled" from "handled" across instances, and turns a
// claim into a short lease, so that a receiver that crashes mid-event does not lose the event.

/**
 * Where the webhook handler records which event ids it has taken, so that a repeated delivery is
 * handled once. `memoryStore()` and `redisStore(client)` implement it; so can your own database.
 *
 * @example
 * const store: DedupeStore = {
 *   claim: async (id, ttl) => (await db.insertIfAbsent(id, ttl)) === 'inserted',
 *   release: async (id) => db.delete(id),
 * };
 */
export interface DedupeStore {
  /**
   * Records `id` for `ttlSeconds` if it is not recorded yet. Resolves `true` when this call took
   * it (handle the event), `false` when it was already taken (a duplicate). Must be atomic across
   * every instance that shares the store.
   */
  claim(id: string, ttlSeconds: number): Promise<boolean>;
  /** Forgets `id`, so that the next delivery of that event is handled (called when handling failed). */
  release(id: string): Promise<void>;
  /**
   * Optional: marks a claimed `id` as handled and keeps it for `ttlSeconds`. When present, the
   * handler claims with a short lease (`leaseSeconds`) and calls this after a successful handling.
   */
  complete?(id: string, ttlSeconds: number): Promise<void>;
  /**
   * Optional: whether a taken `id` is still being handled (`'pending'`) or was handled
   * (`'handled'`); `undefined` when it is not recorded.
   */
  state?(id: string): Promise<DedupeState | undefined>;
  /**
   * Optional: how long the store keeps a handled id when that is fixed, whatever `ttlSeconds` it
   * is given (`memoryStore({ ttlSeconds })`). The handler refuses a `maxAgeSeconds` that would
   * outlive it. Leave it out when the store keeps ids for the `ttlSeconds` it is given.
   */
  readonly retentionSeconds?: number | undefined;
}

/** Where a claimed event id stands: taken by a handler still running, or handled. */
export type DedupeState = 'pending' | 'handled';

/** Seven days, the reference's webhook event lifetime: a delivery can repeat until then. */
// 7 × 24 × 60 × 60.
export const EVENT_LIFETIME_SECONDS = 604_800;
