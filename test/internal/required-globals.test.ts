// In a runtime that lacks a global the SDK needs, `new Client()` names it in a
// ConfigurationError, instead of "baseURL must be an absolute http(s) URL" for a valid URL (no
// `URL`) or a raw TypeError or ReferenceError at the first call.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Client, ConfigurationError } from 'gateway-sdk';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What `new Client` throws with a valid address and key, while `stub` has removed a global. */
function constructWithout(stub: () => void): unknown {
  stub();
  try {
    new Client({ apiKey: 'sk_test_globals', baseURL: 'https://api.gateway.test' });
    return undefined;
  } catch (error) {
    return error;
  } finally {
    vi.unstubAllGlobals();
  }
}

describe('a runtime without a global the SDK needs', () => {
  it.each(['URL', 'Request', 'Response', 'Headers', 'TextDecoder'])(
    'without %s, new Client() is a ConfigurationError naming it',
    (name) => {
      const error = constructWithout(() => vi.stubGlobal(name, undefined));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toContain(
        `This runtime has no global ${name}, which gateway-sdk needs`,
      );
      expect((error as ConfigurationError).option).toBe(name);
    },
  );

  it('without crypto.getRandomValues, new Client() is a ConfigurationError naming it', () => {
    const error = constructWithout(() => vi.stubGlobal('crypto', {}));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('no global crypto.getRandomValues');
  });

  it('with every one of them, the Client is built', () => {
    expect(constructWithout(() => undefined)).toBeUndefined();
  });
});
