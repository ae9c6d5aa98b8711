// Lists from a service that misbehaves: cursors that send the walk round in a circle, empty pages,
// and callers that iterate in unusual ways. A walk always ends: it finishes, or it rejects with a
// GatewayError; it never yields the same pages forever.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, GatewayError } from 'gateway-sdk';
import { type Loopback, listen } from '../helpers/loopback.js';

const msg = (id: string) => ({
  id,
  to: '447700900123',
  from: 'ACME',
  body: 'hi',
  status: 'sent',
  created_at: '2026-01-01T00:00:00Z',
});

/** Pages by the cursor that asks for them ('' for the first): [item ids, next_cursor or null]. */
let pages = new Map<string, [string[], string | null]>();
const requested: string[] = [];
let server: Loopback;
let client: Client;

beforeAll(async () => {
  server = await listen((req, res) => {
    const after = new URL(req.url ?? '/', 'http://x').searchParams.get('after') ?? '';
    requested.push(after);
    const [ids, next] = pages.get(after) ?? [[], null];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: ids.map(msg), has_more: next !== null, next_cursor: next }));
  });
  client = new Client({ apiKey: 'sk_live_HOSTILE_lists', baseURL: server.url, maxRetries: 0, timeout: 5000 });
});
afterAll(() => server.close());
beforeEach(() => {
  requested.length = 0;
});

/** A list of `n` pages of two items, cursor = last id of the page. */
function straight(n: number) {
  pages = new Map();
  for (let p = 0; p < n; p++)
    pages.set(p === 0 ? '' : `m${2 * p - 1}`, [
      [`m${2 * p}`, `m${2 * p + 1}`],
      p === n - 1 ? null : `m${2 * p + 1}`,
    ]);
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<{ items: T[]; error?: unknown }> {
  const items: T[] = [];
  try {
    for await (const item of iterable) items.push(item);
    return { items };
  } catch (error) {
    return { items, error };
  }
}

describe('a service that sends the walk round in a circle', () => {
  beforeEach(() => {
    // '' → a → b → a → b → …: each cursor advances, so only the walk can see the circle.
    pages = new Map([
      ['', [['m1'], 'a']],
      ['a', [['m2'], 'b']],
      ['b', [['m3'], 'a']],
    ]);
  });

  it('for await over the items rejects after each page once', async () => {
    const { items, error } = await collect(client.sms.messages.list());
    expect(items.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as Error).message).toMatch(/came back to "a".*circle/);
    expect(requested).toEqual(['', 'a', 'b']);
  });

  it('iterPages() rejects the same way', async () => {
    const { items, error } = await collect(client.sms.messages.list().iterPages());
    expect(items.map((p) => p.data[0]?.id)).toEqual(['m1', 'm2', 'm3']);
    expect(error).toBeInstanceOf(GatewayError);
  });

  it('toArray() with a generous max rejects instead of filling up to it', async () => {
    await expect(client.sms.messages.list().toArray({ max: 1_000_000 })).rejects.toThrow(/circle/);
    expect(requested).toHaveLength(3);
  });

  it('a walk that starts from a cursor sees a circle back to it', async () => {
    // after = 'a' → b → a: the cursor the caller started from counts as followed.
    const { items, error } = await collect(client.sms.messages.list({ after: 'a' }));
    expect(items.map((m) => m.id)).toEqual(['m2', 'm3']);
    expect(error).toBeInstanceOf(GatewayError);
  });

  it('walking from a page already awaited rejects too', async () => {
    const first = await client.sms.messages.list();
    const { error } = await collect(first);
    expect(error).toBeInstanceOf(GatewayError);
  });
});

describe('lists that are odd but valid', () => {
  it('walks empty pages that still have more after them', async () => {
    pages = new Map([
      ['', [[], 'c1']],
      ['c1', [[], 'c2']],
      ['c2', [['m1'], 'c3']],
      ['c3', [[], null]],
    ]);
    const { items, error } = await collect(client.sms.messages.list());
    expect(error).toBeUndefined();
    expect(items.map((m) => m.id)).toEqual(['m1']);
    expect(requested).toEqual(['', 'c1', 'c2', 'c3']);
  });

  it('walks 300 pages without mistaking any for a circle', async () => {
    straight(300);
    const { items, error } = await collect(client.sms.messages.list());
    expect(error).toBeUndefined();
    expect(items).toHaveLength(600);
    expect(new Set(items.map((m) => m.id)).size).toBe(600);
  });

  it('walks the same list twice: each walk has its own memory of cursors', async () => {
    straight(3);
    const list = client.sms.messages.list();
    expect((await collect(list)).items).toHaveLength(6);
    expect((await collect(list)).items).toHaveLength(6);
  });

  it('stops fetching when the loop breaks', async () => {
    straight(10);
    for await (const m of client.sms.messages.list()) if (m.id === 'm2') break;
    expect(requested).toEqual(['', 'm1']);
  });

  it('hands out items in order to a caller that does not wait between next() calls', async () => {
    straight(3);
    const iterator = client.sms.messages.list()[Symbol.asyncIterator]();
    const results = await Promise.all(Array.from({ length: 8 }, () => iterator.next()));
    expect(results.map((r) => (r.done ? 'done' : r.value.id))).toEqual([
      'm0',
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
      'done',
      'done',
    ]);
    expect(requested).toEqual(['', 'm1', 'm3']);
  });

  it('is done after return(), and fetches nothing more', async () => {
    straight(3);
    const iterator = client.sms.messages.list()[Symbol.asyncIterator]();
    expect((await iterator.next()).value?.id).toBe('m0');
    expect(await iterator.return()).toEqual({ done: true, value: undefined });
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect(requested).toEqual(['']);
  });
});
