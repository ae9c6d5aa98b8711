// A service that returns empty pages with fresh cursors forever made
// `toArray({ max: 5 })` run forever; and the walk's circle check kept every cursor it saw. The
// walk is under test, not the transport: the pages come from a `fetch` that answers in-process,
// so thousands of them cost milliseconds, whatever the machine's load.
import { beforeEach, describe, expect, it } from 'vitest';
import { Client, GatewayError } from 'gateway-sdk';
import { EMPTY_PAGES_LIMIT } from '../../src/core/page-walk.js';

const msg = (id: string) => ({
  id,
  to: '447700900123',
  from: 'ACME',
  body: 'hi',
  status: 'sent',
  created_at: '2026-01-01T00:00:00Z',
});

/** The page asked for by `after` ('' for the first): [item ids, next_cursor]. */
let pageFor: (after: string) => [string[], string | null] = () => [[], null];
let requests = 0;
const client = new Client({
  apiKey: 'sk_live_ENDLESS',
  baseURL: 'https://api.test',
  maxRetries: 0,
  fetch: async (input) => {
    requests++;
    const [ids, next] = pageFor(new URL((input as Request).url).searchParams.get('after') ?? '');
    return new Response(JSON.stringify({ data: ids.map(msg), has_more: next !== null, next_cursor: next }), {
      headers: { 'content-type': 'application/json' },
    });
  },
});

beforeEach(() => {
  requests = 0;
});

describe('empty pages with fresh cursors forever', () => {
  beforeEach(() => {
    let n = 0;
    pageFor = () => [[], `fresh_${++n}`];
  });

  it('toArray({ max: 5 }) settles with a GatewayError carrying the cursor', async () => {
    const error = await client.sms.messages
      .list()
      .toArray({ max: 5 })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).toMatch(new RegExp(`${EMPTY_PAGES_LIMIT} empty pages in a row`));
    expect((error as GatewayError).cursor).toBe(`fresh_${EMPTY_PAGES_LIMIT}`);
    expect(requests).toBe(EMPTY_PAGES_LIMIT);
  });

  it('for await and iterPages() settle the same way', async () => {
    await expect(
      (async () => {
        for await (const _ of client.sms.messages.list()) void _;
      })(),
    ).rejects.toThrow(/empty pages in a row/);
    await expect(
      (async () => {
        for await (const _ of client.sms.messages.list().iterPages()) void _;
      })(),
    ).rejects.toThrow(/empty pages in a row/);
  });

  it('one page with items resets the count', async () => {
    let n = 0;
    // 99 empty pages, one item, 99 empty pages, … ending after 3 items (more than 100 empty pages in all).
    pageFor = () => {
      n++;
      if (n === 400) return [[], null];
      return [n % EMPTY_PAGES_LIMIT === 0 ? [`m${n}`] : [], `c${n}`];
    };
    const items = await client.sms.messages.list().toArray({ max: 1_000_000 });
    expect(items).toHaveLength(3);
  });
});

describe('circles the walk must still see, holding a bounded number of cursors', () => {
  for (const length of [3, 8, 9, 50, 200]) {
    it(`a circle of ${length} pages (64-byte cursors) is stopped within ${length} + 2×${length} pages`, async () => {
      const cursor = (i: number) => `c${i % length}`.padEnd(64, '.');
      pageFor = (after) => {
        const i = after === '' ? 0 : Number.parseInt(after.slice(1), 10) + 1;
        return [[`m${i}`], cursor(i)];
      };
      const { walked, error } = await (async () => {
        let walked = 0;
        try {
          for await (const _ of client.sms.messages.list()) walked++;
        } catch (e) {
          return { walked, error: e };
        }
        return { walked, error: undefined };
      })();
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as Error).message).toMatch(/circle/);
      expect(walked).toBeGreaterThanOrEqual(length);
      expect(walked).toBeLessThanOrEqual(3 * length + 2);
      // A short circle stops at the first cursor that comes back, before any page is fetched twice.
      if (length <= 8) expect(walked).toBe(length + 1);
    });
  }

  // Brent's mark moves at each power of two: past 2,048 pages it has moved twelve times, and every
  // later move would be the same step again.
  it('2,100 distinct cursors walked without a false circle', async () => {
    pageFor = (after) => {
      const i = after === '' ? 0 : Number(after.slice(1)) + 1;
      return [[`m${i}`], i === 2_099 ? null : `c${i}`];
    };
    const items = await client.sms.messages.list().toArray({ max: 1_000_000 });
    expect(items).toHaveLength(2_100);
    expect(requests).toBe(2_100);
  });
});
