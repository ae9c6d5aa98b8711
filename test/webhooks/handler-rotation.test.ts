// De-duplication across a secret rotation and with a store that fails: an event is handled once,
// before, during and after the overlap, and a failed claim leaves it to the sender's retry.
import { describe, expect, it } from 'vitest';
import {
  createWebhookHandler,
  memoryStore,
  type DedupeStore,
  type WebhookEvent,
  type WebhookHandlerOptions,
} from 'gateway-sdk/webhooks';
import { delivery, keyOf, secret } from './receive.js';

const next = 'whsec_rotation_next_4Lk9';

function receiver(options: Partial<WebhookHandlerOptions>) {
  const handled: WebhookEvent[] = [];
  const errors: unknown[] = [];
  const handle = createWebhookHandler({
    secret,
    onEvent: (event) => void handled.push(event),
    onError: (error) => void errors.push(error),
    ...options,
  });
  return { handle, handled, errors };
}

const outcome = async (response: Response) => [response.status, await response.text()];

/** A store with only the two required methods, over a Map; `failClaim(n)` makes the n-th claim reject. */
function claimOnlyStore() {
  const ids = new Set<string>();
  let claims = 0;
  let failing = -1;
  const store: DedupeStore = {
    async claim(id) {
      if (++claims === failing) throw new Error('store unreachable');
      if (ids.has(id)) return false;
      ids.add(id);
      return true;
    },
    async release(id) {
      ids.delete(id);
    },
  };
  return { store, ids, failClaim: (n: number) => (failing = claims + n) };
}

describe('createWebhookHandler: rotation keeps de-duplication', () => {
  for (const [name, makeStore] of [
    ['memoryStore', () => memoryStore()],
    ['a claim/release-only store', () => claimOnlyStore().store],
  ] as const) {
    it(`an event handled before the rotation is not handled again after it (${name})`, async () => {
      const store = makeStore();
      const before = receiver({ dedupe: store });
      const during = receiver({ secret: [next, secret], dedupe: store });
      const after = receiver({ secret: next, dedupe: store });
      const first = await delivery();
      const id = (JSON.parse(await first.clone().text()) as { id: string }).id;
      expect(await outcome(await before.handle(first))).toEqual([200, 'handled']);
      // The service switched to the new secret and redelivers (its 200 was lost, say).
      const again = await delivery({ id }, { signWith: next });
      expect(await outcome(await during.handle(again.clone()))).toEqual([200, 'duplicate']);
      // The old secret is dropped; the last retry comes.
      expect(await outcome(await after.handle(again))).toEqual([200, 'duplicate']);
      expect([during.handled, after.handled]).toEqual([[], []]);
      expect([...before.errors, ...during.errors, ...after.errors]).toEqual([]);
    });
  }
});

describe('createWebhookHandler: a store that fails a claim', () => {
  it('answers 500 and gives back the claims it made, so the redelivery is handled', async () => {
    const { store, ids, failClaim } = claimOnlyStore();
    const { handle, handled, errors } = receiver({ secret: [next, secret], dedupe: store });
    const request = await delivery();
    // The first namespace is claimed, the second claim fails.
    failClaim(2);
    expect(await outcome(await handle(request.clone()))).toEqual([500, 'dedupe_failed']);
    expect(ids.size).toBe(0);
    expect(errors).toHaveLength(1);
    expect(handled).toEqual([]);
    // The service's retry: handled, not answered "duplicate" and lost.
    expect(await outcome(await handle(request))).toEqual([200, 'handled']);
    expect(handled).toHaveLength(1);
  });

  it("answers 500 when reading a claim's state fails, and the retry is handled", async () => {
    const inner = memoryStore();
    let failState = true;
    const store: DedupeStore = {
      ...inner,
      claim: (id, ttl) => inner.claim(id, ttl),
      release: (id) => inner.release(id),
      complete: (id, ttl) => (inner.complete as NonNullable<DedupeStore['complete']>)(id, ttl),
      state: async (id) => {
        if (failState) throw new Error('store unreachable');
        return (inner.state as NonNullable<DedupeStore['state']>)(id);
      },
    };
    const { handle, handled } = receiver({ dedupe: store });
    const request = await delivery();
    // A claim left pending by an instance that died: its state must be read, and that fails.
    const id = (JSON.parse(await request.clone().text()) as { id: string }).id;
    await inner.claim(keyOf(id), 1);
    expect(await outcome(await handle(request.clone()))).toEqual([500, 'dedupe_failed']);
    failState = false;
    await inner.release(keyOf(id));
    expect(await outcome(await handle(request))).toEqual([200, 'handled']);
    expect(handled).toHaveLength(1);
  });
});
