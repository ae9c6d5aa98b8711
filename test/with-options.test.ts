// client.withOptions(overrides): a new client with some options changed, checked as at
// construction, sharing nothing mutable with the original, which is left as it was.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIConnectionTimeoutError, Client, ConfigurationError, type Logger } from 'gateway-sdk';
import { message } from './helpers/fixtures.js';

const SMS = 'https://sms.gateway.test';
const OTHER = 'https://other.gateway.test';

interface Seen {
  url: string;
  headers: Record<string, string>;
}

/** A fetch that answers every request with a message and records what it saw. */
function recordingFetch() {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push({ url: request.url, headers: Object.fromEntries(request.headers) });
    return Response.json(message);
  };
  return { seen, fetch: fetch as typeof globalThis.fetch };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('client.withOptions', () => {
  it('uses a changed credential and address on the wire; the original keeps its own', async () => {
    const { seen, fetch } = recordingFetch();
    const client = new Client({ apiKey: 'key_original', baseURL: SMS, fetch });
    const tenant = client.withOptions({ apiKey: 'key_tenant', baseURL: OTHER });
    expect(tenant).toBeInstanceOf(Client);
    expect(tenant).not.toBe(client);
    await tenant.sms.messages.retrieve('msg_1');
    await client.sms.messages.retrieve('msg_1');
    expect(seen.map((s) => [s.url, s.headers['authorization']])).toEqual([
      [`${OTHER}/sms/messages/msg_1`, 'Bearer key_tenant'],
      [`${SMS}/sms/messages/msg_1`, 'Bearer key_original'],
    ]);
  });

  it('changes the timeout and retries of the new client only', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let calls = 0;
    const fetch = ((_input: RequestInfo | URL, init?: RequestInit) => {
      calls++;
      return new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal ?? (_input instanceof Request ? _input.signal : undefined);
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }) as typeof globalThis.fetch;
    const client = new Client({ apiKey: 'k', baseURL: SMS, fetch, timeout: 60_000, maxRetries: 2 });
    const quick = client.withOptions({ timeout: 1000, maxRetries: 0 });
    let error: unknown;
    const call = quick.sms.messages.retrieve('msg_1').catch((e: unknown) => (error = e));
    await vi.advanceTimersByTimeAsync(1000);
    await call;
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 1000, limit: 'timeout' });
    expect(calls).toBe(1);
    // The original still waits its 60 s.
    let settled = false;
    const slow = client.sms.messages.retrieve('msg_1').then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(5000);
    expect(settled).toBe(false);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(200_000);
    await slow;
    expect(settled).toBe(true);
  });

  it('merges defaultHeaders by name in any case; other options replace', async () => {
    const { seen, fetch } = recordingFetch();
    const client = new Client({
      apiKey: 'k',
      baseURL: SMS,
      fetch,
      defaultHeaders: { 'X-App': 'shop', 'X-Tenant': 'none' },
    });
    const tenant = client.withOptions({ defaultHeaders: { 'x-tenant': 'acme', 'x-extra': '1' } });
    await tenant.sms.messages.retrieve('msg_1');
    await client.sms.messages.retrieve('msg_1');
    expect(seen[0]?.headers).toMatchObject({ 'x-app': 'shop', 'x-tenant': 'acme', 'x-extra': '1' });
    expect(seen[1]?.headers).toMatchObject({ 'x-app': 'shop', 'x-tenant': 'none' });
    expect(seen[1]?.headers).not.toHaveProperty('x-extra');
  });

  it('refuses a bad credential or option with a ConfigurationError, as the constructor does', () => {
    const client = new Client({ apiKey: 'k', baseURL: SMS });
    expect(() => client.withOptions({ apiKey: 'key with space' })).toThrow(ConfigurationError);
    expect(() => client.withOptions({ apiKey: 'line\n' })).toThrow(/apiKey must be a string of printable/);
    expect(() => client.withOptions({ baseURL: 'ftp://x' })).toThrow(ConfigurationError);
    expect(() => client.withOptions({ maxRetries: -1 })).toThrow(ConfigurationError);
    expect(() => client.withOptions({ defaultHeaders: { 'x-tenant': 'a\nb' } })).toThrow(ConfigurationError);
  });

  it('keeps what the original read from the environment', async () => {
    vi.stubEnv('GATEWAY_API_KEY', 'key_from_env');
    vi.stubEnv('GATEWAY_BASE_URL', SMS);
    const { seen, fetch } = recordingFetch();
    const client = new Client({ fetch });
    vi.stubEnv('GATEWAY_API_KEY', 'key_changed_later');
    await client.withOptions({ maxRetries: 0 }).sms.messages.retrieve('msg_1');
    expect(seen[0]?.headers['authorization']).toBe('Bearer key_from_env');
    expect(seen[0]?.url).toBe(`${SMS}/sms/messages/msg_1`);
  });

  it('shares no header map with the original or with the object passed in', async () => {
    const { seen, fetch } = recordingFetch();
    const headers: Record<string, string> = { 'x-app': 'shop' };
    const client = new Client({ apiKey: 'k', baseURL: SMS, fetch, defaultHeaders: headers });
    const copy = client.withOptions({});
    headers['x-app'] = 'changed';
    headers['x-late'] = 'late';
    await copy.sms.messages.retrieve('msg_1');
    expect(seen[0]?.headers['x-app']).toBe('shop');
    expect(seen[0]?.headers).not.toHaveProperty('x-late');
  });

  it('gives the new client its own logger and level', async () => {
    const { fetch } = recordingFetch();
    const lines: string[] = [];
    const logger: Logger = {
      error: (m) => lines.push(`error ${m}`),
      warn: (m) => lines.push(`warn ${m}`),
      info: (m) => lines.push(`info ${m}`),
      debug: (m) => lines.push(`debug ${m}`),
    };
    const client = new Client({ apiKey: 'k', baseURL: SMS, fetch, logLevel: 'off' });
    const verbose = client.withOptions({ logger, logLevel: 'debug' });
    await client.sms.messages.retrieve('msg_1');
    expect(lines).toEqual([]);
    await verbose.sms.messages.retrieve('msg_1');
    expect(lines.some((l) => l.startsWith('debug '))).toBe(true);
  });

  it.each([null, 42, 'timeout', [{ timeout: 1 }]])(
    'refuses %j with a ConfigurationError, not a raw TypeError',
    (overrides) => {
      const client = new Client({ apiKey: 'k', baseURL: SMS });
      expect(() => client.withOptions(overrides as never)).toThrow(ConfigurationError);
      expect(() => client.withOptions(overrides as never)).toThrow(
        'Client options must be an object such as { apiKey, baseURL }.',
      );
    },
  );

  it('shares no hook list with its parent: a hook pushed onto either list later runs for neither', async () => {
    const { fetch } = recordingFetch();
    const ran: string[] = [];
    const hooks = { beforeRequest: [() => void ran.push('first')] };
    const parent = new Client({ apiKey: 'k', baseURL: SMS, fetch, hooks });
    const child = parent.withOptions({ maxRetries: 0 });
    hooks.beforeRequest.push(() => void ran.push('pushed later'));
    await parent.sms.messages.retrieve('msg_1');
    await child.sms.messages.retrieve('msg_2');
    expect(ran).toEqual(['first', 'first']);
  });
});
