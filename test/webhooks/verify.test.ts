import { describe, expect, it } from 'vitest';
import { WebhookVerificationError, type WebhookRawBody } from 'gateway-sdk/webhooks';
import { envelope, flipLast, paths } from './helpers.js';
import { rejection } from '../helpers/rejection.js';

const secret = 'whsec_verify_7Hq2Zp';
const body = envelope();

describe.each(paths)('%s: verify', (_, webhooks) => {
  const verify = webhooks.verify;

  it('accepts the signature sign() makes, and a destructured verify works too', async () => {
    await expect(verify(body, await webhooks.sign(body, secret), secret)).resolves.toBe(true);
  });

  it('resolves false for a tampered body', async () => {
    const signature = await webhooks.sign(body, secret);
    await expect(verify(body.replace('delivered', 'failed'), signature, secret)).resolves.toBe(false);
    await expect(verify(`${body} `, signature, secret)).resolves.toBe(false);
  });

  it('resolves false for the wrong secret', async () => {
    await expect(verify(body, await webhooks.sign(body, 'whsec_other'), secret)).resolves.toBe(false);
  });

  it('resolves false for malformed signatures: truncated, uppercase, non-hex, prefixed, inner space', async () => {
    const good = await webhooks.sign(body, secret);
    const malformed = [
      good.slice(0, 63),
      good.slice(0, 32),
      `${good}0`,
      // Uppercase is the same digest, but the service only sends lowercase (see docs/webhooks.md).
      good.toUpperCase(),
      `${good.slice(0, 63)}g`,
      'z'.repeat(64),
      `sha256=${good}`,
      `${good.slice(0, 32)} ${good.slice(32)}`,
      'not a signature',
    ];
    for (const signature of malformed)
      await expect(verify(body, signature, secret), signature).resolves.toBe(false);
  });

  it('resolves false when the signature is missing', async () => {
    for (const signature of [undefined, null, '', '   ', [], ['']]) {
      await expect(verify(body, signature, secret), JSON.stringify(signature)).resolves.toBe(false);
    }
  });

  it('ignores white space around the signature, as HTTP header parsing does', async () => {
    const good = await webhooks.sign(body, secret);
    await expect(verify(body, ` ${good}\t`, secret)).resolves.toBe(true);
    await expect(verify(body, `\n${good} `, secret)).resolves.toBe(true);
  });

  it('accepts an array of header values when any element matches', async () => {
    const good = await webhooks.sign(body, secret);
    await expect(verify(body, [flipLast(good), good], secret)).resolves.toBe(true);
    await expect(verify(body, ['garbage', good], secret)).resolves.toBe(true);
    await expect(verify(body, [flipLast(good), 'garbage', ''], secret)).resolves.toBe(false);
  });

  it('reads a repeated header joined with commas, as req.headers and Headers.get() give it', async () => {
    const good = await webhooks.sign(body, secret);
    await expect(verify(body, `${flipLast(good)}, ${good}`, secret)).resolves.toBe(true);
    await expect(verify(body, `${flipLast(good)},${flipLast(good)}`, secret)).resolves.toBe(false);
  });

  it('accepts any secret of a list, so a secret can be rotated', async () => {
    const signedWithOld = await webhooks.sign(body, 'whsec_old');
    const signedWithNew = await webhooks.sign(body, 'whsec_new');
    await expect(verify(body, signedWithOld, ['whsec_new', 'whsec_old'])).resolves.toBe(true);
    await expect(verify(body, signedWithNew, ['whsec_new', 'whsec_old'])).resolves.toBe(true);
    await expect(verify(body, signedWithOld, ['whsec_new', 'whsec_newer'])).resolves.toBe(false);
  });

  it('accepts a secret with inner spaces: only surrounding white space is a pasting accident', async () => {
    await expect(verify(body, await webhooks.sign(body, 'two words'), 'two words')).resolves.toBe(true);
  });
});

describe.each(paths)('%s: programming errors reject, even from verify', (_, webhooks) => {
  const invalidSecrets: [string, unknown][] = [
    ['an empty secret', ''],
    ['a secret with a leading space', ` ${secret}`],
    ['a secret with a trailing newline', `${secret}\n`],
    ['a secret padded with a no-break space', `${secret}\u00a0`],
    ['an empty list', []],
    ['a list holding an empty secret', [secret, '']],
    ['a list holding a padded secret', [secret, `${secret} `]],
    ['an unset environment variable', undefined],
    ['a number', 42],
  ];

  it.each(invalidSecrets)('refuses %s with reason invalid_secret', async (_label, bad) => {
    const signature = await webhooks.sign(body, secret);
    const attempts = [
      () => webhooks.verify(body, signature, bad as string),
      () => webhooks.constructEvent(body, signature, bad as string),
      () => webhooks.sign(body, bad as string),
    ];
    for (const attempt of attempts) {
      const err = await rejection(attempt());
      expect(err).toBeInstanceOf(WebhookVerificationError);
      expect(err).toMatchObject({ name: 'WebhookVerificationError', reason: 'invalid_secret' });
    }
  });

  it('never puts the secret in a message, stack or JSON form', async () => {
    const secrets = [` ${secret}`, `${secret}\t`, [secret, ` ${secret}`]];
    for (const bad of secrets) {
      const err = await rejection(webhooks.verify(body, 'a'.repeat(64), bad));
      expect(err).toBeInstanceOf(WebhookVerificationError);
      const error = err as WebhookVerificationError;
      for (const text of [error.message, String(error.stack), JSON.stringify(error), String(error)])
        expect(text).not.toContain(secret);
    }
    // Nor does a mismatch, which happens with a perfectly good secret.
    const err = await rejection(webhooks.constructEvent(body, 'a'.repeat(64), secret));
    expect(JSON.stringify(err) + String((err as Error).stack)).not.toContain(secret);
  });

  const parsedBodies: [string, unknown][] = [
    ['a parsed object', JSON.parse(body)],
    ['an array', [1, 2]],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
  ];

  it.each(parsedBodies)(
    'refuses %s with reason parsed_body and says how to get the raw body',
    async (_label, parsed) => {
      const signature = await webhooks.sign(body, secret);
      for (const attempt of [
        () => webhooks.verify(parsed as WebhookRawBody, signature, secret),
        () => webhooks.constructEvent(parsed as WebhookRawBody, signature, secret),
        () => webhooks.sign(parsed as WebhookRawBody, secret),
      ]) {
        const err = await rejection(attempt());
        expect(err).toBeInstanceOf(WebhookVerificationError);
        expect(err).toMatchObject({ reason: 'parsed_body' });
        const { message } = err as Error;
        for (const hint of [
          "express.raw({ type: 'application/json' })",
          'await req.text()',
          "parseAs: 'buffer'",
          'await c.req.text()',
        ]) {
          expect(message).toContain(hint);
        }
      }
    },
  );

  it('rejects rather than throwing synchronously, so callers need only one error path', async () => {
    let pending: Promise<boolean> | undefined;
    expect(() => {
      pending = webhooks.verify({} as WebhookRawBody, null, secret);
    }).not.toThrow();
    await expect(pending).rejects.toMatchObject({ reason: 'parsed_body' });
  });

  it('checks the body before the signature: a parsed body is a bug even when unsigned', async () => {
    await expect(webhooks.constructEvent({} as WebhookRawBody, undefined, secret)).rejects.toMatchObject({
      reason: 'parsed_body',
    });
    await expect(webhooks.constructEvent(body, undefined, '')).rejects.toMatchObject({
      reason: 'invalid_secret',
    });
  });
});
