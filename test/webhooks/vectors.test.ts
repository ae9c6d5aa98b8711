// Known answers from openssl, through every body form and both crypto paths.
import { describe, expect, it } from 'vitest';
import { bodyForms, flipLast, paths, vectors } from './helpers.js';

describe.each(paths)('%s', (_, webhooks) => {
  describe.each(vectors.map((v) => [v.name, v] as const))('vector: %s', (_name, vector) => {
    const forms = bodyForms(vector);

    it.each(forms)('signs a %s body as openssl does', async (_form, body) => {
      await expect(webhooks.sign(body, vector.secret)).resolves.toBe(vector.signature);
    });

    it.each(forms)('verifies a %s body against the openssl signature', async (_form, body) => {
      await expect(webhooks.verify(body, vector.signature, vector.secret)).resolves.toBe(true);
    });

    it.each(forms)('refuses a %s body when one hex digit of the signature differs', async (_form, body) => {
      await expect(webhooks.verify(body, flipLast(vector.signature), vector.secret)).resolves.toBe(false);
    });

    if (vector.event) {
      it.each(forms)('constructs the event from a %s body', async (_form, body) => {
        const event = await webhooks.constructEvent(body, vector.signature, vector.secret);
        expect(event.id).toMatch(/^evt_/);
        expect(event.api_version).toBe('2026-01-01');
      });
    }
  });
});

describe('the vectors themselves', () => {
  it('cover multibyte text, an empty body, CRLF, non-UTF-8 bytes, 1 MiB and a unicode secret', () => {
    const names = vectors.map((v) => v.name).join('\n');
    for (const word of [
      'UTF-8 multibyte',
      'empty body',
      'CRLF',
      'not valid UTF-8',
      '1 MiB',
      'unicode secret',
    ])
      expect(names).toContain(word);
    const large = vectors.find((v) => 'repeat' in v.body);
    expect(large && 'repeat' in large.body && large.body.repeat.length * large.body.times).toBe(1024 * 1024);
  });
});
