// One key, one message. createMany refuses a run in which two items would carry
// the same Idempotency-Key (own, or derived `${base}:${i}`): an array before anything is sent, any
// other source item by item, before the offending item is sent, ending the run there.
import { describe, expect, it, vi } from 'vitest';
import { Client, ValidationError } from 'gateway-sdk';
import { createMany, type CreateManyItem, type CreateManyResult } from 'gateway-sdk/campaigns';
import { message } from '../helpers/fixtures.js';

const item = (i: number, idempotencyKey?: string): CreateManyItem => ({
  to: `+4477009${String(i).padStart(5, '0')}`,
  message: `Code ${i}`,
  ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
});

function setup() {
  const keys: string[] = [];
  const fetch = vi.fn((request: Request) => {
    keys.push(request.headers.get('idempotency-key') ?? '');
    return Promise.resolve(Response.json(message));
  });
  const client = new Client({
    apiKey: 'sk_keys_01',
    baseURL: 'https://api.example.com',
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { client, fetch, keys };
}

async function run(iterable: AsyncIterable<CreateManyResult>) {
  const results: CreateManyResult[] = [];
  try {
    for await (const r of iterable) results.push(r);
  } catch (error) {
    return { results, error };
  }
  return { results, error: undefined };
}

describe('createMany: one key, one message', () => {
  it('an array with an own key of the derived form base:i: refused whole, nothing sent', async () => {
    const { client, fetch } = setup();
    const items = [item(0), item(1), item(2, 'run:0')];
    const { results, error } = await run(createMany(client, items, { idempotencyKey: 'run' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain('same items in the same order');
    expect((error as ValidationError).issues[0]?.path).toEqual([2, 'idempotencyKey']);
    expect(results).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an array with two equal own keys: refused whole, nothing sent', async () => {
    const { client, fetch } = setup();
    const items = [item(0, 'a'), item(1), item(2, 'a')];
    const { error } = await run(createMany(client, items, { idempotencyKey: 'run' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain("Item 2's idempotencyKey is also item 0's");
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a stream: each item checked before it is sent; the run ends at the clash, no key sent twice', async () => {
    const { client, keys } = setup();
    async function* source() {
      yield item(0, 'own-a');
      yield item(1);
      yield item(2, 'own-a');
      yield item(3);
    }
    const { results, error } = await run(
      createMany(client, source(), { idempotencyKey: 'run', concurrency: 1 }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(keys).toEqual(['own-a', 'run:1']);
  });

  it('own keys that only look alike are fine: another base, a non-numeric suffix', async () => {
    const { client, keys } = setup();
    const items = [item(0), item(1, 'run:x'), item(2, 'other:0'), item(3, 'run:1a')];
    const { results, error } = await run(createMany(client, items, { idempotencyKey: 'run' }));
    expect(error).toBeUndefined();
    expect(results.every((r) => r.ok)).toBe(true);
    expect(keys.sort()).toEqual(['other:0', 'run:0', 'run:1a', 'run:x']);
  });
});
