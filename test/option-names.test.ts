// Options are checked like params: a misspelt per-call option is a ValidationError and a misspelt
// Client option a ConfigurationError, each naming the closest known one, and nothing is sent. A
// batch helper's own options (concurrency, pacer, chunkSize, onProgress) are not refused.
import { describe, expect, it } from 'vitest';
import { Client, ConfigurationError, ValidationError } from 'gateway-sdk';
import { createAll, createMany, memoryPacer } from 'gateway-sdk/campaigns';
import { message } from './helpers/fixtures.js';
import { rejection } from './helpers/rejection.js';

const SMS = 'https://sms.gateway.test';

/** A client over a fetch that answers every request and records its method and path. */
function recording() {
  const sent: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    sent.push(`${request.method} ${path}`);
    return path === '/sms/bulk'
      ? Response.json({ id: 'bulk_1', status: 'processing', total: 1, queued: 1 })
      : Response.json(message);
  }) as typeof globalThis.fetch;
  const client = new Client({ apiKey: 'sk_test_names', baseURL: SMS, fetch, maxRetries: 0 });
  return { client, sent };
}

const body = { to: '447700900123', message: 'hi' };

describe('a misspelt per-call option', () => {
  it.each([
    [{ idempotency_key: 'order-1' }, 'idempotency_key', 'idempotencyKey'],
    [{ retries: 3 }, 'retries', 'maxRetries'],
    [{ tiemout: 5000 }, 'tiemout', 'timeout'],
    [{ totaltimeout: 5000 }, 'totaltimeout', 'totalTimeout'],
    [{ header: { 'x-a': 'b' } }, 'header', 'headers'],
  ])(
    '%o is a ValidationError naming %s and saying "did you mean %s?"; nothing is sent',
    async (opts, name, meant) => {
      const { client, sent } = recording();
      const error = await rejection(client.sms.messages.create(body, opts as never));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toBe(
        `options.${name} is not an option (did you mean ${meant}?). Nothing was sent.`,
      );
      expect((error as ValidationError).issues[0]?.path).toEqual([name]);
      expect(sent).toEqual([]);
    },
  );

  it('sent twice with idempotency_key creates nothing, where it used to create two messages', async () => {
    const { client, sent } = recording();
    for (let i = 0; i < 2; i++)
      await expect(
        client.sms.messages.create(body, { idempotency_key: 'order-1' } as never),
      ).rejects.toBeInstanceOf(ValidationError);
    expect(sent).toEqual([]);
  });

  it('a name near none lists the known ones', async () => {
    const { client } = recording();
    const error = await rejection(client.sms.messages.retrieve('msg_1', { zzz: 1 } as never));
    expect(error.message).toContain(
      'options.zzz is not an option (known: timeout, totalTimeout, maxRetries, signal, headers, idempotencyKey, hooks, serviceVersion)',
    );
  });

  it('a list refuses it too, before its first page is asked for', async () => {
    const { client, sent } = recording();
    const error = await rejection(client.sms.messages.list({ limit: 5 }, { maxRetry: 1 } as never));
    expect(error.message).toContain('did you mean maxRetries?');
    expect(sent).toEqual([]);
  });

  it('every known option, and a symbol-keyed one, is still taken', async () => {
    const { client, sent } = recording();
    await client.sms.messages.create(body, {
      timeout: 5000,
      totalTimeout: 10_000,
      maxRetries: 0,
      signal: new AbortController().signal,
      headers: { 'x-trace': '1' },
      idempotencyKey: 'order-2',
      hooks: {},
      [Symbol('app-own')]: true,
    } as never);
    expect(sent).toEqual(['POST /sms/messages']);
  });
});

describe('a misspelt Client option', () => {
  it.each([
    [{ tiemout: 5000 }, 'tiemout', 'timeout'],
    [{ api_key: 'k' }, 'api_key', 'apiKey'],
    [{ baseUrl: SMS }, 'baseUrl', 'baseURL'],
    [{ retries: 1 }, 'retries', 'maxRetries'],
  ])('%o is a ConfigurationError naming %s and the closest option, %s', (options, name, meant) => {
    let error: unknown;
    try {
      new Client({ apiKey: 'k', baseURL: SMS, ...options } as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe(name);
    expect((error as Error).message).toBe(`${name} is not a Client option (did you mean ${meant}?).`);
  });

  it('withOptions refuses one the same way', () => {
    const client = new Client({ apiKey: 'k', baseURL: SMS });
    expect(() => client.withOptions({ maxRetires: 1 } as never)).toThrow(
      'maxRetires is not a Client option (did you mean maxRetries?).',
    );
  });
});

describe("a batch helper's options", () => {
  it("createMany takes its own concurrency and pacer beside a request's options", async () => {
    const { client, sent } = recording();
    const results = [];
    for await (const result of createMany(client, [body, body], {
      concurrency: 2,
      pacer: memoryPacer(),
      idempotencyKey: 'batch-1',
      timeout: 5000,
    }))
      results.push(result);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(sent).toEqual(['POST /sms/messages', 'POST /sms/messages']);
  });

  it('createMany refuses a misspelt concurrency, naming it, before anything is sent', async () => {
    const { client, sent } = recording();
    const error = await rejection(
      (async () => {
        for await (const _ of createMany(client, [body], { concurency: 4 } as never));
      })(),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain('options.concurency is not an option (did you mean concurrency?)');
    expect(sent).toEqual([]);
  });

  it('createAll takes chunkSize, concurrency and onProgress', async () => {
    const { client, sent } = recording();
    const progress: number[] = [];
    const result = await createAll(
      client,
      { recipients: ['447700900123', '447700900124'], message: 'hi' },
      { chunkSize: 1, concurrency: 1, onProgress: (p) => void progress.push(p.chunk) },
    );
    expect(result).toBeDefined();
    expect(sent).toEqual(['POST /sms/bulk', 'POST /sms/bulk']);
    expect(progress).toEqual([0, 1]);
  });
});
