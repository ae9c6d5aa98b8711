// Headers fetch sets from the request (framing), and the
// ones that have options of their own, are refused before anything is sent: in defaultHeaders a
// ConfigurationError at construction, per call a ValidationError.
import { describe, expect, it, vi } from 'vitest';
import { Client, ConfigurationError, ValidationError } from 'gateway-sdk';

const FRAMING = [
  'content-length',
  'transfer-encoding',
  'host',
  'connection',
  'expect',
  'upgrade',
  'te',
  'trailer',
  'keep-alive',
];
const spell = (name: string) => [name, name.toUpperCase(), name.replace(/(^|-)./g, (c) => c.toUpperCase())];

// The answer is `{}`: these tests read the request only, so no shape check (and no drift warning).
function client(defaultHeaders: Record<string, string> = {}) {
  const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
  return {
    fetch,
    client: new Client({
      apiKey: 'sk_frame_01',
      baseURL: 'https://api.example.com',
      fetch,
      defaultHeaders,
      responseValidation: 'off',
    }),
  };
}

describe('framing headers', () => {
  it.each(FRAMING.flatMap(spell))('%s in defaultHeaders: ConfigurationError at construction', (name) => {
    const build = () => client({ [name]: '1' });
    expect(build).toThrow(ConfigurationError);
    expect(build).toThrow(`defaultHeaders['${name}'] is set by fetch: remove it.`);
  });

  it.each(FRAMING.flatMap(spell))('%s per call: ValidationError, nothing sent', async (name) => {
    const { client: c, fetch } = client();
    const error = await c.sms.messages.retrieve('m1', { headers: { [name]: '1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toEqual(['headers', name]);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('headers with options of their own, in defaultHeaders', () => {
  it.each([
    ['authorization', 'apiKey, testApiKey or accessToken'],
    ['Authorization', 'apiKey, testApiKey or accessToken'],
    ['SERVICE-VERSION', 'serviceVersion'],
    ['Service-Version', 'serviceVersion'],
    ['idempotency-key', 'idempotencyKey (per call)'],
    ['Idempotency-Key', 'idempotencyKey (per call)'],
  ])('%s: ConfigurationError naming %s', (name, option) => {
    let error: unknown;
    try {
      client({ [name]: 'x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('defaultHeaders');
    expect((error as Error).message).toContain(`use the ${option} option`);
  });

  it('other headers are still sent', async () => {
    const { client: c, fetch } = client({ 'x-team': 'growth' });
    await c.sms.messages.retrieve('m1').catch(() => undefined);
    const request = (fetch.mock.calls[0] as unknown as [Request])[0];
    expect(request.headers.get('x-team')).toBe('growth');
  });
});
