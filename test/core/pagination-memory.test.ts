// What the hand-written page iterator in src/core/pagination.ts buys: walking a list of any length
// holds a bounded number of pages. Pages live are counted exactly with a FinalizationRegistry (the
// first message of each page is registered), after a forced GC; bench/pagination.ts measures the
// same thing with timings and heap figures.
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

/** Collects garbage, then yields until the registry's callbacks (their own tasks) stop arriving. */
async function settleFinalizers(count: () => number) {
  for (let seen = -1, i = 0; seen !== count() && i < 50; i++) {
    seen = count();
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('walking a long list', () => {
  it('keeps at most two pages alive, however many it has walked', async () => {
    const client = new Client({ apiKey: 'k', baseURL: 'https://api.gateway.test', fetch, maxRetries: 0 });
    let registered = 0;
    let collected = 0;
    const registry = new FinalizationRegistry(() => {
      collected++;
    });
    const live: number[] = [];
    let seen = 0;
    for await (const message of client.sms.messages.list({ limit: LIMIT })) {
      if (seen++ % LIMIT !== 0) continue;
      registry.register(message, registered++);
      if (registered % 50 === 0) {
        await settleFinalizers(() => collected);
        live.push(registered - collected);
      }
    }
    expect(seen).toBe(PAGES * LIMIT);
    expect(live).toHaveLength(PAGES / 50);
    // sdk-contract.md: one page while walking, two while the first page is still referenced.
    for (const n of live) expect(n).toBeLessThanOrEqual(2);
    // The count can fail: once the walk is over, the pages it let go of are all reported.
    await settleFinalizers(() => collected);
    expect(collected).toBeGreaterThanOrEqual(PAGES - 2);
  });

  it('holding every page keeps every page alive (the measurement sees a leak)', async () => {
    const client = new Client({ apiKey: 'k', baseURL: 'https://api.gateway.test', fetch, maxRetries: 0 });
    let collected = 0;
    const registry = new FinalizationRegistry(() => {
      collected++;
    });
    const kept: unknown[] = [];
    let page = await client.sms.messages.list({ limit: LIMIT });
    for (let i = 0; i < 50; i++) {
      kept.push(page);
      registry.register(page.data[0] as object, i);
      page = await page.getNextPage();
    }
    await settleFinalizers(() => collected);
    expect(collected).toBe(0);
    expect(kept).toHaveLength(50);
  });
});
