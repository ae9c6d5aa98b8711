// src/webhooks/verifier.ts decodes signatures into views of a shared 2 KB block (64 signatures a
// block) rather than one small typed array each; what that saves is measured by
// `npm run bench:webhooks`. This pins what it must never cost: a decoded signature overwritten by a
// later one, across block roll-overs, several signatures per header, and calls in flight at once.
import { describe, expect, it } from 'vitest';
import { paths } from './helpers.js';

const secret = 'whsec_decoding_Zp81';
const bodies = Array.from({ length: 200 }, (_, i) => `{"id":"evt_${i}","type":"message.sent"}`);

describe.each(paths)('%s', (_name, hooks) => {
  it('gives the right answer for 200 deliveries in a row, right and wrong signatures alike', async () => {
    const signatures = await Promise.all(bodies.map((body) => hooks.sign(body, secret)));
    for (const [i, body] of bodies.entries()) {
      expect(await hooks.verify(body, signatures[i], secret)).toBe(true);
      expect(await hooks.verify(body, signatures[(i + 1) % bodies.length], secret)).toBe(false);
    }
  });

  it('keeps each call its own signatures while 200 calls are in flight at once', async () => {
    const signatures = await Promise.all(bodies.map((body) => hooks.sign(body, secret)));
    const wrong = (i: number) => signatures[(i + 7) % bodies.length] as string;
    const results = await Promise.all(
      bodies.map((body, i) =>
        // Three signatures per header (one right on odd calls), so one call spans block boundaries.
        hooks.verify(
          body,
          [wrong(i), i % 2 ? (signatures[i] as string) : wrong(i + 1), wrong(i + 2)],
          secret,
        ),
      ),
    );
    expect(results).toEqual(bodies.map((_, i) => i % 2 === 1));
  });
});
