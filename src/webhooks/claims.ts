// The de-duplication steps over one store: claim an event's keys before its handler runs, run the
// handler, and record or release the claims by how it went. The keys are the event's id (or its
// body's digest) under each secret's namespace (receiver.ts).

import type { DedupeStore } from './dedupe.js';
import type { WebhookEvent } from './events.js';
import type { Report, WebhookHandlerOutcome } from './options.js';

type EventHandler = (event: WebhookEvent) => unknown;

/**
 * `claim` an event's keys before its handler runs, `run` the handler and record the outcome.
 * Without a store, `claim` lets every event through.
 */
export function dedupeSteps(store: DedupeStore | false, claimFor: number, keep: number, onError: Report) {
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
   * Claims the event's key under each namespace, in order; `undefined` when every claim was taken
   * (handle the event), else the answer. A store that fails gets back every claim made, so the
   * 500 that follows is redelivered and handled.
   */
  const claim = async (event: WebhookEvent, keys: string[]): Promise<WebhookHandlerOutcome | undefined> => {
    const taken: string[] = [];
    try {
      for (const key of keys) {
        if (store && !(await store.claim(key, claimFor))) {
          // A duplicate is acknowledged only once the first delivery has been handled. While it is
          // still running, 503: had the first then failed, a 200 here would lose the event for good.
          if (!running.has(keys[0] as string) && (!store.state || (await store.state(key)) === 'handled')) {
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
      return undefined;
    } catch (error) {
      onError(error, event);
      await release(event, taken);
      return 'dedupe_failed';
    }
  };

  /** Runs the handler; a failure releases the claims, so that the redelivery is handled. */
  const run = async (
    handler: EventHandler,
    event: WebhookEvent,
    keys: string[],
  ): Promise<WebhookHandlerOutcome> => {
    const first = keys[0] as string;
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
  return { claim, run };
}
