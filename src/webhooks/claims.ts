// The de-duplication steps over one store: claim an event's keys before its handler runs, run the
// handler, and record or release the claims by how it went. The keys are the event's id (or its
// body's digest) under each secret's namespace (receiver.ts).

import type { WebhookEvent } from './events.js';
import type { Settings, WebhookHandlerOutcome } from './options.js';

type EventHandler = (event: WebhookEvent) => unknown;

/**
 * The handler run de-duplicated: its event's keys claimed before it runs, the outcome recorded
 * after. Without a store, every event is let through.
 */
export function dedupedRun({ store, keep, lease, onError }: Settings) {
  // With a store that has `complete`, a claim is a lease; otherwise it is the record itself.
  const claimFor = store && store.complete ? lease : keep;
  // Events this instance is handling right now (by their first key): with a store that cannot tell
  // "pending" from "handled", this still keeps a concurrent duplicate on the same instance from
  // being acknowledged.
  const running = new Set<string>();
  // Forgets `keys`, so that the next delivery is handled; a store that fails is reported.
  const release = (event: WebhookEvent, keys: string[]) =>
    store &&
    Promise.all(keys.map(async (key) => store.release(key))).catch((error: unknown) => onError(error, event));
  // Marks `keys` handled. A store that fails to record them only risks a second run of a later
  // duplicate, so the answer stays 200 (a 5xx would have the event handled again for sure).
  const record = async (event: WebhookEvent, keys: string[]) => {
    if (store && store.complete)
      for (const key of keys)
        await store.complete(key, keep).catch((error: unknown) => onError(error, event));
  };

  /**
   * Claims the event's key under each namespace, in order, then runs the handler. A claim already
   * taken answers (duplicate or in progress). A store that fails gets back every claim made, and a
   * handler that fails releases the claims, so that the 500 that follows is redelivered and handled.
   */
  return async (
    handler: EventHandler,
    event: WebhookEvent,
    keys: string[],
  ): Promise<WebhookHandlerOutcome> => {
    const first = keys[0] as string;
    const taken: string[] = [];
    try {
      for (const key of keys) {
        if (store && !(await store.claim(key, claimFor))) {
          // A duplicate is acknowledged only once the first delivery has been handled. While it is
          // still running, 503: had the first then failed, a 200 here would lose the event for good.
          if (!running.has(first) && (!store.state || (await store.state(key)) === 'handled')) {
            // Recorded under the namespaces claimed before this one, so that once a rotation
            // drops the old secret ([next, current] → [next]), the new one still knows every
            // event seen during the overlap. Claimed for `keep` when the store has no
            // `complete`, those claims are the record already.
            await record(event, taken);
            return 'duplicate';
          }
          await release(event, taken);
          return 'in_progress';
        }
        taken.push(key);
      }
    } catch (error) {
      onError(error, event);
      await release(event, taken);
      return 'dedupe_failed';
    }
    running.add(first);
    try {
      await handler(event);
    } catch (error) {
      onError(error, event);
      await release(event, keys);
      return 'handler_failed';
    } finally {
      running.delete(first);
    }
    await record(event, keys);
    return 'handled';
  };
}
