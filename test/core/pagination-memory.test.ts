// What the hand-written page iterator in src/core/page-walk.ts buys: walking a list of any length
// holds a bounded number of pages. Pages live are counted exactly with WeakRefs (one to the first
// message of each page) after a forced full GC; bench/pagination.ts measures the same thing with
// timings and heap figures.
//
// Why WeakRefs and not a FinalizationRegistry: a full GC clears a WeakRef before gc() returns, while
// a registry's callbacks run in a task V8 schedules later. Up to Node 24 that task ran within one
// setImmediate turn; on Node 26 (V8 14) it comes after it, so a count of callbacks taken then saw
// every page of the first 50 "alive" although the GC had already freed them (they were all reported
// a few milliseconds later). deref() after gc() does not depend on when any callback runs.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { Client } from 'gateway-sdk';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const PAGES = 300;
const LIMIT = 10;

/** Serves PAGES pages of LIMIT messages, cursor = last id of the page; no network. */
const fetch: typeof globalThis.fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const after = url.searchParams.get('after');
  const start = after === null ? 0 : Number(after.slice(4)) + 1;
  const total = PAGES * LIMIT;
  const data = Array.from({ length: Math.min(LIMIT, total - start) }, (_, i) => ({
    id: `msg_${start + i}`,
    to: '447700900123',
    from: 'ACME',
    body: 'x'.repeat(200),
    status: 'sent',
    created_at: '2026-01-01T00:00:00Z',
  }));
  const has_more = start + data.length < total;
  return Response.json({ data, has_more, next_cursor: has_more ? `msg_${start + data.length - 1}` : null });
};

/**
 * How many of `refs` still point at a live object after a full GC. It first yields a task: a WeakRef
 * keeps its target alive until the end of the job that created or dereferenced it.
 */
async function countAlive(refs: readonly WeakRef<object>[]): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  return refs.filter((ref) => ref.deref() !== undefined).length;
}

describe('walking a long list', () => {
  it('keeps at most two pages alive, however many it has walked', async () => {
    const client = new Client({ apiKey: 'k', baseURL: 'https://api.gateway.test', fetch, maxRetries: 0 });
    const refs: WeakRef<object>[] = [];
    const live: number[] = [];
    let seen = 0;
    for await (const message of client.sms.messages.list({ limit: LIMIT })) {
      if (seen++ % LIMIT !== 0) continue;
      refs.push(new WeakRef(message));
      if (refs.length % 50 === 0) live.push(await countAlive(refs));
    }
    expect(seen).toBe(PAGES * LIMIT);
    expect(live).toHaveLength(PAGES / 50);
    // sdk-contract.md: one page while walking, two while the first page is still referenced.
    for (const n of live) expect(n).toBeLessThanOrEqual(2);
    // The count can fail: it sees the page in hand while walking, and once the walk is over the
    // pages it let go of are all gone.
    expect(live.every((n) => n >= 1)).toBe(true);
    expect(await countAlive(refs)).toBeLessThanOrEqual(2);
  });

  it('holding every page keeps every page alive (the measurement sees a leak)', async () => {
    const client = new Client({ apiKey: 'k', baseURL: 'https://api.gateway.test', fetch, maxRetries: 0 });
    const refs: WeakRef<object>[] = [];
    const kept: unknown[] = [];
    let page = await client.sms.messages.list({ limit: LIMIT });
    for (let i = 0; i < 50; i++) {
      kept.push(page);
      refs.push(new WeakRef(page.data[0] as object));
      page = await page.getNextPage();
    }
    expect(await countAlive(refs)).toBe(50);
    expect(kept).toHaveLength(50);
  });
});
