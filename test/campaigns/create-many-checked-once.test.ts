// createMany checks its request options once for the batch and, when they hold nothing the caller
// can change later, not again for every send: what each send is given must hold nothing that check
// did not see, and each send's own key is still checked.
import { describe, expect, it } from 'vitest';
import { Client, ValidationError } from 'gateway-sdk';
import { createMany, type CreateManyItem, type CreateManyResult } from 'gateway-sdk/campaigns';

/** A fetch that answers every send at once, keeping the headers it was sent. */
function instantFetch() {
  const seen: Headers[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = JSON.parse(await request.text()) as Record<string, unknown>;
    seen.push(request.headers);
    const message = { id: `msg_${seen.length}`, to: body['to'], from: 'ACME', body: body['message'] };
    return new Response(
      JSON.stringify({ ...message, status: 'queued', created_at: '2026-01-01T00:00:00Z' }),
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
      },
    );
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const items = (n: number): CreateManyItem[] =>
  Array.from({ length: n }, (_, i) => ({
    to: `+4477009${String(i).padStart(5, '0')}`,
    message: `Code ${i}`,
  }));

describe('createMany: options checked once for the batch', () => {
  it('with headers of the caller’s, every send is checked again: a header added later is refused, not sent', async () => {
    const stub = instantFetch();
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    const headers: Record<string, string> = { 'x-trace': 'batch-1' };
    const results: CreateManyResult[] = [];
    for await (const r of createMany(client, items(4), { concurrency: 1, headers })) {
      results.push(r);
      // A framing header the per-request check refuses: sent, it would fail every attempt.
      headers['content-length'] = '1';
    }
    // The send after the first may have started before the loop saw the first result.
    expect(results[0]?.ok).toBe(true);
    const refused = results.filter((r) => !r.ok);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const r of refused) if (!r.ok) expect(r.error).toBeInstanceOf(ValidationError);
    expect(stub.seen).toHaveLength(4 - refused.length);
  });

  it('without hooks or headers, the same options serve every send: keys are still checked per item', async () => {
    const stub = instantFetch();
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    const batch: CreateManyItem[] = [
      ...items(2),
      { to: '+447700900002', message: 'Code 2', idempotencyKey: 'bad key\n' },
    ];
    const results: CreateManyResult[] = [];
    for await (const r of createMany(client, batch, { idempotencyKey: 'b1', timeout: 5_000 }))
      results.push(r);
    results.sort((a, b) => a.index - b.index);
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    const last = results[2];
    if (last !== undefined && !last.ok) expect(last.error).toBeInstanceOf(ValidationError);
    expect(stub.seen.map((h) => h.get('idempotency-key')).sort()).toEqual(['b1:0', 'b1:1']);
  });

  it('an Idempotency-Key header is still checked against every send’s own key, and nothing is sent', async () => {
    const stub = instantFetch();
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    const results: CreateManyResult[] = [];
    for await (const r of createMany(client, items(3), { headers: { 'Idempotency-Key': 'one-key' } }))
      results.push(r);
    expect(results).toHaveLength(3);
    for (const r of results) {
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error).toBeInstanceOf(ValidationError);
        expect(r.error.message).toMatch(/differs from idempotencyKey/);
      }
    }
    expect(stub.seen).toHaveLength(0);
  });
});
