// The first request loads the engine (ky, zod/mini, the schemas and the call: src/resources/engine.ts)
// with one dynamic import; constructing a Client loads none of it. Each test imports the SDK afresh
// (vi.resetModules), so its first call is the process's first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '../helpers/fixtures.js';

const BASE = 'https://api.gateway.test';
let engineLoads = 0;

beforeEach(async () => {
  // Files share a worker: a dynamic import another file started (a call still loading the engine)
  // would otherwise reach this file's mock of the engine and be counted as this file's load.
  await vi.dynamicImportSettled();
  vi.resetModules();
  engineLoads = 0;
  vi.doMock('../../src/resources/engine.js', async (importOriginal) => {
    engineLoads++;
    return importOriginal();
  });
});

afterEach(() => {
  vi.doUnmock('../../src/resources/engine.js');
  vi.unstubAllEnvs();
});

/** A fresh copy of the SDK and a client on it whose requests are counted and answered with a message. */
async function freshClient(answer: () => Response = () => Response.json(message)) {
  const sdk = await import('gateway-sdk');
  const sent: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Request(input, init).url);
    return answer();
  };
  const client = new sdk.Client({ apiKey: 'sk_test_first', baseURL: BASE, maxRetries: 0, fetch });
  return { sdk, client, sent };
}

async function rejection(p: PromiseLike<unknown>): Promise<Error> {
  try {
    await p;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('the first call', () => {
  it('constructing a Client loads no engine; the first call loads it once', async () => {
    const { client, sent } = await freshClient();
    expect(engineLoads).toBe(0);
    await client.sms.messages.retrieve('msg_1');
    await client.sms.messages.retrieve('msg_2');
    expect(engineLoads).toBe(1);
    expect(sent).toHaveLength(2);
  });

  it('concurrent first calls share one load, and each is sent once', async () => {
    const { client, sent } = await freshClient();
    const results = await Promise.all([
      client.sms.messages.retrieve('msg_1'),
      client.sms.messages.create({ to: '447700900123', message: 'hi' }),
      client.payment.customers.retrieve('cus_1').catch((e: unknown) => e),
    ]);
    expect(engineLoads).toBe(1);
    expect(results[0]).toMatchObject({ id: message.id });
    expect(sent.filter((url) => url.includes('/sms/'))).toHaveLength(2);
  });

  it('validates before sending: its ValidationError names the caller, and nothing is sent', async () => {
    const { sdk, client, sent } = await freshClient();
    function myAppFirstSend() {
      return client.sms.messages.create({ to: 'not a number', message: 'hi' });
    }
    const error = await rejection(myAppFirstSend());
    expect(error).toBeInstanceOf(sdk.ValidationError);
    expect(error.message).toMatch(/^Invalid MessageCreateParams: to must be an international number/);
    expect(error.stack).toContain('myAppFirstSend');
    expect(sent).toHaveLength(0);
  });

  it('a first list checks its filters before sending, and names the caller', async () => {
    const { sdk, client, sent } = await freshClient();
    function myAppFirstList() {
      return client.sms.messages.list({ limit: 0 });
    }
    const error = await rejection(myAppFirstList());
    expect(error).toBeInstanceOf(sdk.ValidationError);
    expect(error.stack).toContain('myAppFirstList');
    expect(sent).toHaveLength(0);
  });

  it('a missing credential on a first call is a ConfigurationError that names the caller', async () => {
    vi.stubEnv('GATEWAY_TEST_API_KEY', '');
    const { sdk, client, sent } = await freshClient();
    function myAppFirstPayment() {
      return client.payment.customers.retrieve('cus_1');
    }
    const error = await rejection(myAppFirstPayment());
    expect(error).toBeInstanceOf(sdk.ConfigurationError);
    expect(error.stack).toContain('myAppFirstPayment');
    expect(sent).toHaveLength(0);
  });

  // A load that fails is run again by the next call: test/internal/load-once.test.ts (a mocked
  // failing import is not reliable here, where files share a worker and vitest's module cache).
});
