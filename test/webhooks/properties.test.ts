import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WebhookVerificationError } from 'gateway-sdk/webhooks';
import { flipLast, paths } from './helpers.js';
import { rejection } from '../helpers/rejection.js';

// Any UTF-16 string, lone surrogates included: they reach us from JSON.parse'd text and are hashed
// as U+FFFD by both node:crypto and TextEncoder.
const anyString = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 200 })
  .map((units) => String.fromCharCode(...units));
const body = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  anyString,
  fc.uint8Array({ maxLength: 2048 }),
);
const secret = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 64 })
  .filter((s) => s.length > 0 && s.trim() === s);
const header = fc.oneof(
  fc.string({ maxLength: 100 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.stringMatching(/^[0-9a-fA-F]{60,68}$/),
  fc.array(fc.string({ maxLength: 80 }), { maxLength: 4 }),
  fc.constantFrom(null, undefined),
);

describe.each(paths)('%s', (_, webhooks) => {
  it('verify never throws on an arbitrary signature header, and a random one never matches', async () => {
    await fc.assert(
      fc.asyncProperty(body, header, secret, async (b, h, s) => {
        await expect(webhooks.verify(b, h, s)).resolves.toBe(false);
      }),
    );
  });

  it('verify accepts what sign produced, and refuses it with one digit changed or another secret', async () => {
    await fc.assert(
      fc.asyncProperty(body, secret, secret, async (b, s, other) => {
        const signature = await webhooks.sign(b, s);
        expect(signature).toMatch(/^[0-9a-f]{64}$/);
        await expect(webhooks.verify(b, signature, s)).resolves.toBe(true);
        await expect(webhooks.verify(b, flipLast(signature), s)).resolves.toBe(false);
        if (other !== s) await expect(webhooks.verify(b, signature, other)).resolves.toBe(false);
      }),
    );
  });

  it('hashes a string and its UTF-8 bytes alike', async () => {
    await fc.assert(
      fc.asyncProperty(anyString, secret, async (text, s) => {
        expect(await webhooks.sign(text, s)).toBe(await webhooks.sign(new TextEncoder().encode(text), s));
      }),
    );
  });

  it('never echoes a padded secret in its error', async () => {
    const core = fc.stringMatching(/^[A-Za-z0-9]{12,40}$/);
    const pad = fc.constantFrom(' ', '\t', '\n', '\u00a0', '\ufeff');
    await fc.assert(
      fc.asyncProperty(core, pad, fc.boolean(), async (c, p, before) => {
        const bad = before ? p + c : c + p;
        const err = await rejection(webhooks.verify('{}', 'a'.repeat(64), bad));
        expect(err).toBeInstanceOf(WebhookVerificationError);
        expect(`${(err as Error).message} ${JSON.stringify(err)} ${(err as Error).stack}`).not.toContain(c);
      }),
    );
  });
});

describe('both paths', () => {
  it('agree on every signature', async () => {
    const [, node] = paths[1] ?? [];
    const [, web] = paths[2] ?? [];
    if (!node || !web) throw new Error('paths changed shape');
    await fc.assert(
      fc.asyncProperty(body, secret, async (b, s) => {
        expect(await web.sign(b, s)).toBe(await node.sign(b, s));
      }),
    );
  });
});
