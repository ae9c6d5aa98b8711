// Which HMAC implementation runs, when it is chosen, and what the entry may import.
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nodeHmac, webCryptoHmac } from '../../src/webhooks/hmac.js';

const secret = 'whsec_path_5TnR';
const body = '{"id":"evt_1"}';
const signature = '177e5c55e6cf979f99b8db15c427bdd7f6654a65c84303a7d9f9078a9ce1d4da'; // openssl dgst -sha256 -hmac whsec_path_5TnR

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.resetModules();
});

// A fresh copy of the entry, as a process that has just started would load it.
const freshEntry = async () => {
  vi.resetModules();
  return import('gateway-sdk/webhooks');
};

describe('choosing the crypto path', () => {
  it('does not look for node:crypto on import, only on first use, and then only once', async () => {
    const lookup = vi.spyOn(process, 'getBuiltinModule');
    const { Webhooks } = await freshEntry();
    expect(lookup).not.toHaveBeenCalled();
    await expect(Webhooks.verify(body, signature, secret)).resolves.toBe(true);
    await expect(Webhooks.verify(body, signature, secret)).resolves.toBe(true);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('node:crypto');
  });

  it('uses node:crypto, not WebCrypto, where process.getBuiltinModule exists', async () => {
    const sign = vi.spyOn(globalThis.crypto.subtle, 'sign');
    const { Webhooks } = await freshEntry();
    await expect(Webhooks.verify(body, signature, secret)).resolves.toBe(true);
    expect(sign).not.toHaveBeenCalled();
  });

  it('falls back to WebCrypto where process.getBuiltinModule gives nothing (Node < 20.16)', async () => {
    vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined as never);
    const sign = vi.spyOn(globalThis.crypto.subtle, 'sign');
    const { Webhooks } = await freshEntry();
    await expect(Webhooks.verify(body, signature, secret)).resolves.toBe(true);
    await expect(Webhooks.verify(body, signature.replace('1', '2'), secret)).resolves.toBe(false);
    await expect(Webhooks.sign(body, secret)).resolves.toBe(signature);
    expect(sign).toHaveBeenCalledTimes(3);
  });

  it('finds no node:crypto without a process global (browsers, Workers without nodejs_compat)', () => {
    vi.stubGlobal('process', undefined);
    let found: unknown;
    try {
      found = nodeHmac();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(found).toBeUndefined();
  });

  it('finds no node:crypto in a partial polyfill that lacks createHmac or timingSafeEqual', () => {
    vi.spyOn(process, 'getBuiltinModule').mockReturnValue({ createHmac: () => undefined } as never);
    expect(nodeHmac()).toBeUndefined();
  });
});

describe('the WebCrypto path', () => {
  it('imports each secret once, and holds at most maxKeys of them', async () => {
    const importKey = vi.spyOn(globalThis.crypto.subtle, 'importKey');
    const hmac = webCryptoHmac(globalThis.crypto.subtle, 2);
    await hmac.digest('a', body);
    await hmac.digest('a', body);
    await hmac.digest('b', body);
    expect(importKey).toHaveBeenCalledTimes(2);
    // A third secret overflows the cache; 'a' must then be imported again.
    await hmac.digest('c', body);
    await hmac.digest('a', body);
    expect(importKey).toHaveBeenCalledTimes(4);
  });

  it('compares digests of different lengths as unequal, and equal bytes as equal', () => {
    const { equal } = webCryptoHmac();
    expect(equal(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(equal(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(equal(new Uint8Array([9, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(false);
    expect(equal(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2]))).toBe(false);
    expect(equal(new Uint8Array(0), new Uint8Array(0))).toBe(true);
  });
});

describe('the node:crypto path', () => {
  it('compares digests of different lengths as unequal instead of throwing like timingSafeEqual', () => {
    const hmac = nodeHmac();
    expect(hmac?.equal(new Uint8Array(32), new Uint8Array(31))).toBe(false);
    expect(hmac?.equal(new Uint8Array(32), new Uint8Array(32))).toBe(true);
  });
});

describe('the gateway-sdk/webhooks entry', () => {
  // The size script checks the bundle; this names the offending file and line sooner.
  it("imports only the errors' base and guard, the service version, the Redis command adapter, the near-miss distance, the hex helper, MIB and its own folder (types aside), and no Node builtin, ky or zod", () => {
    const src = new URL('../../src/', import.meta.url);
    const files = [
      'webhooks.ts',
      'internal/redis.ts', // the Redis command adapter redisStore shares with redisPacer
      'internal/near-miss.ts', // the one edit distance behind every "did you mean"
      'internal/hex.ts', // lowercase hex, the one spelling of bytes
      'limits.ts', // MIB, the default body limit
      'core/errors.ts',
      'core/error-guards.ts',
      'core/brands.ts',
      'core/version.ts',
      ...readdirSync(new URL('webhooks/', src)).map((f) => `webhooks/${f}`),
    ];
    for (const file of files) {
      const text = readFileSync(new URL(file, src), 'utf8');
      const allowed =
        file === 'webhooks.ts'
          ? /^\.\/(core\/(errors|error-guards)|webhooks\/[\w-]+)\.js$/
          : file.startsWith('core/')
            ? /^\.\/brands\.js$/
            : /^(\.\.\/core\/(errors|version)|\.\.\/internal\/(redis|near-miss|hex)|\.\.\/limits|\.\/[\w-]+)\.js$/;
      for (const [statement, specifier] of text.matchAll(
        /^\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/gm,
      )) {
        // The resource interfaces and core's types (the Logger, the error classes the guards'
        // unions name) are shared as types only: erased from the built code.
        if (
          /^\s*import type\b/.test(statement) &&
          /^\.\.?\/(resources\/[\w/-]+|core\/logger|client-errors|errors)\.js$/.test(specifier ?? '')
        )
          continue;
        expect(specifier, `${file} imports ${specifier}`).toMatch(allowed);
      }
      expect(text, file).not.toMatch(/\bimport\s*\(\s*['"`]|\brequire\s*\(/);
    }
  });
});

describe('where looking for node:crypto throws (Next.js edge)', () => {
  it('finds no node:crypto when reading process.getBuiltinModule throws, instead of throwing', () => {
    vi.stubGlobal(
      'process',
      new Proxy(
        {},
        {
          get() {
            throw new Error('A Node.js API is used (process.getBuiltinModule) which is not supported');
          },
        },
      ),
    );
    let found: unknown = 'not looked';
    try {
      found = nodeHmac();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(found).toBeUndefined();
  });

  it('finds no node:crypto when getBuiltinModule itself throws', () => {
    vi.spyOn(process, 'getBuiltinModule').mockImplementation(() => {
      throw new Error('not supported');
    });
    expect(nodeHmac()).toBeUndefined();
  });
});

describe("crypto: 'web'", () => {
  it('makes createWebhookHandler verify with Web Crypto, never looking for node:crypto', async () => {
    const lookup = vi.spyOn(process, 'getBuiltinModule');
    const sign = vi.spyOn(globalThis.crypto.subtle, 'sign');
    const { createWebhookHandler } = await freshEntry();
    const handle = createWebhookHandler({ secret, crypto: 'web', onEvent: () => undefined });
    const event = JSON.stringify({
      id: 'evt_web_1',
      type: 'message.sent',
      created: Math.floor(Date.now() / 1000),
    });
    const signed = createHmac('sha256', secret).update(event).digest('hex');
    const response = await handle(
      new Request('https://r.test/', {
        method: 'POST',
        body: event,
        headers: { 'x-service-signature': signed },
      }),
    );
    expect([response.status, await response.text()]).toEqual([200, 'handled']);
    expect(lookup).not.toHaveBeenCalled();
    expect(sign).toHaveBeenCalled();
  });

  it('makes createWebhooks verify with Web Crypto, never looking for node:crypto', async () => {
    const lookup = vi.spyOn(process, 'getBuiltinModule');
    const sign = vi.spyOn(globalThis.crypto.subtle, 'sign');
    const { createWebhooks } = await freshEntry();
    const webhooks = createWebhooks({ crypto: 'web' });
    await expect(webhooks.verify(body, signature, secret)).resolves.toBe(true);
    await expect(webhooks.sign(body, secret)).resolves.toBe(signature);
    expect(sign).toHaveBeenCalledTimes(2);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('refuses any other value at creation', async () => {
    const { createWebhooks, createWebhookHandler, ConfigurationError } = await freshEntry();
    expect(() => createWebhooks({ crypto: 'node' as 'web' })).toThrow(ConfigurationError);
    expect(() => createWebhookHandler({ secret, crypto: 'subtle' as 'web' })).toThrow(ConfigurationError);
    expect(createWebhooks().verify).toBeTypeOf('function');
  });
});
