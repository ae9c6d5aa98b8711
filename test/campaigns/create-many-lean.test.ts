// createMany's per-send path kept lean without losing a guarantee: the pacer's hooks only wait, so a
// send with no hooks of the caller's is spared the answer's copy that hooks which may read it need;
// a caller's hook still gets every check; an item is sent as it is (no copy) and reported as given.
import { afterEach, describe, expect, it } from 'vitest';
import { Client, ConfigurationError } from 'gateway-sdk';
import { createMany, type CreateManyItem, type CreateManyResult } from 'gateway-sdk/campaigns';

const NativeResponse = globalThis.Response;

/** A fetch that answers every send at once, keeping what it was sent. */
function instantFetch() {
  const seen: { url: string; key: string | null; body: Record<string, unknown> }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = JSON.parse(await request.clone().text()) as Record<string, unknown>;
    seen.push({ url: request.url, key: request.headers.get('idempotency-key'), body });
    const message = { id: `msg_${seen.length}`, to: body['to'], from: 'ACME', body: body['message'] };
    return new NativeResponse(
      JSON.stringify({ ...message, status: 'queued', created_at: '2026-01-01T00:00:00Z' }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

/** Counts the `Response` objects the SDK builds (the fetch above builds its own before this is installed). */
function countResponses(): { count: () => number } {
  let built = 0;
  globalThis.Response = new Proxy(NativeResponse, {
    construct(target, args: unknown[], newTarget: (...a: unknown[]) => unknown) {
      built++;
      return Reflect.construct(target, args, newTarget) as object;
    },
  });
  return { count: () => built };
}

async function collect(iterable: AsyncIterable<CreateManyResult>): Promise<CreateManyResult[]> {
  const out: CreateManyResult[] = [];
  for await (const r of iterable) out.push(r);
  return out;
}

const item = (i: number): CreateManyItem => ({
  to: `+4477009${String(i).padStart(5, '0')}`,
  message: `Code ${i}`,
});

afterEach(() => {
  globalThis.Response = NativeResponse;
});

describe('createMany: what each send costs', () => {
  it('copies no answer when the only hooks are the pacer’s (they never read it)', async () => {
    const stub = instantFetch();
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    await client.sms.messages.create(item(99)); // loads the engine first
    const responses = countResponses();
    const results = await collect(
      createMany(
        client,
        Array.from({ length: 6 }, (_, i) => item(i)),
        { idempotencyKey: 'lean' },
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(responses.count()).toBe(0);
  });

  it('still copies each answer for a hook of the caller’s, which may read it', async () => {
    const stub = instantFetch();
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    await client.sms.messages.create(item(99));
    const responses = countResponses();
    let hooked = 0;
    const hooks = { beforeRequest: [() => void hooked++] };
    const results = await collect(
      createMany(
        client,
        Array.from({ length: 3 }, (_, i) => item(i)),
        { idempotencyKey: 'hooked', hooks },
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(hooked).toBe(3);
    expect(responses.count()).toBeGreaterThanOrEqual(3);
  });

  it('keeps the host check for a caller’s hook that moves the request: nothing leaves for the other host', async () => {
    const stub = instantFetch();
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    const hooks = {
      beforeRequest: [
        ({ request }: { request: Request }) => new Request('https://elsewhere.test/sms/messages', request),
      ],
    };
    const run = collect(createMany(client, [item(0), item(1)], { idempotencyKey: 'moved', hooks }));
    await expect(run).rejects.toBeInstanceOf(ConfigurationError);
    expect(stub.seen.filter((s) => s.url.startsWith('https://elsewhere.test'))).toHaveLength(0);
  });

  it('sends an item as it is, reports the same object, and derives keys base:i (own key undefined included)', async () => {
    const stub = instantFetch();
    const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch });
    const items: CreateManyItem[] = [item(0), { ...item(1), idempotencyKey: undefined }, item(2)];
    const frozen = items.map((i) => Object.freeze(i));
    const results = await collect(createMany(client, frozen, { idempotencyKey: 'same' }));
    expect(results.map((r) => r.idempotencyKey).sort()).toEqual(['same:0', 'same:1', 'same:2']);
    for (const r of results) expect(r.item).toBe(frozen[r.index]);
    expect(stub.seen.map((s) => s.key).sort()).toEqual(['same:0', 'same:1', 'same:2']);
    expect(stub.seen.every((s) => !('idempotencyKey' in s.body))).toBe(true);
    expect(Object.keys(frozen[1] as object).sort()).toEqual(['idempotencyKey', 'message', 'to']);
  });
});
