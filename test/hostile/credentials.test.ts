// Credentials and default headers are settled when a client is built: `withOptions` never reads
// the environment again (`undefined` keeps the parent's), and `defaultHeaders` are copied and
// checked at construction, so changing the object later cannot reach the wire.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Client, ConfigurationError } from 'gateway-sdk';
import { message } from '../helpers/fixtures.js';

const SMS = 'https://sms.gateway.test';

function recordingFetch() {
  const seen: { url: string; headers: Record<string, string> }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push({ url: request.url, headers: Object.fromEntries(request.headers) });
    return Response.json(message);
  };
  return { seen, fetch: fetch as typeof globalThis.fetch };
}

afterEach(() => vi.unstubAllEnvs());

describe('withOptions and the environment', () => {
  it("keeps the parent's key for { apiKey: undefined }, never the environment's", async () => {
    vi.stubEnv('GATEWAY_API_KEY', 'key_from_env');
    const { seen, fetch } = recordingFetch();
    const client = new Client({ apiKey: 'key_given', baseURL: SMS, fetch });
    await client.withOptions({ apiKey: undefined }).sms.messages.retrieve('msg_1');
    await client.withOptions({ apiKey: undefined, baseURL: undefined }).sms.messages.retrieve('msg_2');
    expect(seen.map((s) => [s.url, s.headers['authorization']])).toEqual([
      [`${SMS}/sms/messages/msg_1`, 'Bearer key_given'],
      [`${SMS}/sms/messages/msg_2`, 'Bearer key_given'],
    ]);
  });

  it('keeps other options given as undefined too', async () => {
    const { seen, fetch } = recordingFetch();
    const client = new Client({ apiKey: 'k', baseURL: SMS, fetch, maxRetries: 0 });
    const copy = client.withOptions({ fetch: undefined, maxRetries: undefined });
    await copy.sms.messages.retrieve('msg_1');
    expect(seen).toHaveLength(1);
  });

  it('reads no credential the parent did not have, even one set in the environment since', async () => {
    const { seen, fetch } = recordingFetch();
    const client = new Client({ baseURL: SMS, fetch });
    vi.stubEnv('GATEWAY_API_KEY', 'key_set_later');
    await expect(client.withOptions({}).sms.messages.retrieve('msg_1')).rejects.toThrow(ConfigurationError);
    expect(seen).toHaveLength(0);
  });
});

describe('defaultHeaders', () => {
  it('are copied at construction: a framing header added later never reaches the wire', async () => {
    const { seen, fetch } = recordingFetch();
    const headers: Record<string, string> = { 'x-app': 'shop' };
    const client = new Client({ apiKey: 'k', baseURL: SMS, fetch, defaultHeaders: headers });
    headers['content-length'] = '5';
    headers['host'] = 'evil.example';
    headers['x-app'] = 'changed';
    await client.sms.messages.retrieve('msg_1');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers['x-app']).toBe('shop');
    expect(seen[0]?.headers).not.toHaveProperty('content-length');
    expect(seen[0]?.url).toBe(`${SMS}/sms/messages/msg_1`);
  });

  it('read a getter once, when the client is built', async () => {
    const { seen, fetch } = recordingFetch();
    let reads = 0;
    const headers = {
      get 'x-trace'() {
        reads++;
        return reads === 1 ? 'first' : 'later\r\nhost: evil.example';
      },
    };
    const client = new Client({ apiKey: 'k', baseURL: SMS, fetch, defaultHeaders: headers });
    await client.sms.messages.retrieve('msg_1');
    expect(reads).toBe(1);
    expect(seen[0]?.headers['x-trace']).toBe('first');
  });
});
