// Webhooks.verify per second against the floor a receiver could hand-write on Node:
// node:crypto createHmac + timingSafeEqual. Only promises are awaited, so the floor pays no
// microtask and the ratio is not flattered. Rounds interleave the two.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhooksEntry } from './sdk.js';
import { interleaved, median, medianRatio } from './stats.js';

const SECRET = 'whsec_bench_0123456789abcdef';

export interface VerifyRow {
  size: number;
  floorPerSec: number;
  sdkPerSec: number;
  ratio: number;
}

/** A verifier under test: sync (the floor) or async (the SDK). */
export type Verify = (body: string, signature: string) => boolean | Promise<boolean>;

/** What a receiver would write by hand on Node, with the same length check verify makes. */
export function floorFor(secret: string): Verify {
  return (body, signature) => {
    const expected = createHmac('sha256', secret).update(body, 'utf8').digest();
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(expected, given);
  };
}

const floor = floorFor(SECRET);

/** Verifications per second over `ms`; a failed verification aborts the bench. */
export async function perSecond(fn: Verify, body: string, signature: string, ms: number): Promise<number> {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 64; i++) {
      const ok = fn(body, signature);
      if (!(typeof ok === 'boolean' ? ok : await ok)) throw new Error('verification failed');
    }
    n += 64;
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

export async function measureVerify(
  { Webhooks }: WebhooksEntry,
  rounds: number,
  roundMs: number,
): Promise<VerifyRow[]> {
  const sdk: Verify = (body, signature) => Webhooks.verify(body, signature, SECRET);
  const rows: VerifyRow[] = [];
  for (const size of [1024, 64 * 1024]) {
    const body = JSON.stringify({ id: 'evt_1', type: 'message.delivered', pad: 'x'.repeat(size) }).slice(
      0,
      size,
    );
    const signature = createHmac('sha256', SECRET).update(body).digest('hex');
    if ((await Webhooks.sign(body, SECRET)) !== signature)
      throw new Error('Webhooks.sign disagrees with node:crypto');
    await perSecond(floor, body, signature, roundMs);
    await perSecond(sdk, body, signature, roundMs);
    const runs = await interleaved(rounds, {
      floor: () => perSecond(floor, body, signature, roundMs),
      sdk: () => perSecond(sdk, body, signature, roundMs),
    });
    rows.push({
      size,
      floorPerSec: median(runs.floor),
      sdkPerSec: median(runs.sdk),
      ratio: medianRatio(runs.sdk, runs.floor),
    });
  }
  return rows;
}
