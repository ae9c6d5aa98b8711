// HMAC-SHA256 on two paths. node:crypto where the runtime offers it without an import (Node >= 20.16,
// Bun, Deno, Workers with nodejs_compat): WebCrypto runs each sign as an asynchronous job, which
// makes it 7 to 30 times slower on 1 KB bodies (docs/webhooks.md), and node:crypto hashes a string
// without copying it into a byte array first. WebCrypto everywhere else, and wherever looking for
// node:crypto throws: Next.js's edge sandbox has a `process` whose Node-only members throw on access.

import { ConfigurationError } from '../core/errors.js';

/** The bytes or text to authenticate; strings are hashed as UTF-8. */
export type HmacData = string | Uint8Array;

/** One way to compute and compare HMAC-SHA256 digests. */
export interface Hmac {
  digest(secret: string, data: HmacData): Uint8Array | Promise<Uint8Array>;
  /** Constant-time comparison of two digests of public, equal length. */
  equal(a: Uint8Array, b: Uint8Array): boolean;
}

// The slice of node:crypto used here, typed locally so that no Node type leaks into the entry.
interface NodeCrypto {
  createHmac(
    algorithm: 'sha256',
    key: string,
  ): {
    update(data: HmacData, encoding?: 'utf8'): { digest(): Uint8Array };
  };
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

/** The node:crypto path, or `undefined` where `process.getBuiltinModule` is missing or throws. */
export function nodeHmac(): Hmac | undefined {
  // Read through globalThis: a bare `process` would make bundlers polyfill it, and edge build
  // checkers flag it. getBuiltinModule is not an import, so browser bundles never see node:crypto.
  // Any throw on the way (a getter that refuses Node APIs) means "not here".
  let found: Partial<NodeCrypto> | undefined;
  try {
    const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    found = proc?.getBuiltinModule?.('node:crypto') as Partial<NodeCrypto> | undefined;
  } catch {
    // not here
  }
  const { createHmac, timingSafeEqual } = found ?? {};
  if (typeof createHmac !== 'function' || typeof timingSafeEqual !== 'function') return undefined;
  return {
    // A string goes to update() as is: OpenSSL reads its UTF-8 without an intermediate copy.
    digest: (secret, data) => createHmac('sha256', secret).update(data, 'utf8').digest(),
    equal: (a, b) => a.length === b.length && timingSafeEqual(a, b),
  };
}

/** The WebCrypto path, caching one imported key per secret (at most `maxKeys` of them). */
export function webCryptoHmac(subtle: SubtleCrypto = globalThis.crypto.subtle, maxKeys = 16): Hmac {
  const keys = new Map<string, CryptoKey>();
  const encoder = new TextEncoder();
  return {
    async digest(secret, data) {
      let key = keys.get(secret);
      if (!key) {
        key = await subtle.importKey(
          'raw',
          encoder.encode(secret),
          { name: 'HMAC', hash: 'SHA-256' },
          false,
          ['sign'],
        );
        // Bounded so that a caller cycling through many secrets cannot grow it without limit;
        // real receivers use one or two, so starting over is as good as evicting the oldest.
        if (keys.size >= maxKeys) keys.clear();
        keys.set(secret, key);
      }
      const bytes = typeof data === 'string' ? encoder.encode(data) : data;
      // The cast only narrows ArrayBufferLike to ArrayBuffer for the DOM typings.
      return new Uint8Array(await subtle.sign('HMAC', key, bytes as Uint8Array<ArrayBuffer>));
    },
    // XOR-accumulated over every byte instead of returning at the first difference: time must
    // not reveal how many leading bytes of a forged signature were right.
    equal: (a, b) => a.length === b.length && !a.reduce((diff, x, i) => diff | (x ^ (b[i] as number)), 0),
  };
}

/**
 * Which HMAC implementation verifies: `'auto'` takes node:crypto where the runtime offers it safely
 * and Web Crypto elsewhere; `'web'` always takes Web Crypto (`crypto.subtle`).
 */
export type WebhookCrypto = 'auto' | 'web';

let chosen: Hmac | undefined;
let web: Hmac | undefined;

/** The Web Crypto path, one per process so that its key cache is shared. */
export const webHmac = (): Hmac => (web ??= webCryptoHmac());

/** The path for this runtime, resolved on first use so that importing the entry stays free. */
export const defaultHmac = (): Hmac => (chosen ??= nodeHmac() ?? webHmac());

/**
 * The path a `crypto` option names; anything but `'web'` is `'auto'`. `'web'` where there is no Web
 * Crypto is a `ConfigurationError` now, rather than a TypeError at every delivery.
 */
export function hmacFor(crypto: WebhookCrypto | undefined): () => Hmac {
  if (crypto !== 'web') return defaultHmac;
  if (!(globalThis.crypto as Crypto | undefined)?.subtle)
    throw new ConfigurationError("crypto: 'web' needs crypto.subtle, missing here: use 'auto'.", 'crypto');
  return webHmac;
}
