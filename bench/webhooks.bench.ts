// Verifies per second: Webhooks.verify (both of its paths) against bare node:crypto
// createHmac + timingSafeEqual, the fastest a receiver could hand-write on Node.
// Run: npx tsx bench/webhooks.bench.ts [rounds=7] [ms-per-round=300]

import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhooks } from '../src/webhooks.js';
import { createWebhooks } from '../src/webhooks/verifier.js';
import { webCryptoHmac } from '../src/webhooks/hmac.js';

const rounds = Number(process.argv[2] ?? 7);
const roundMs = Number(process.argv[3] ?? 300);
const secret = 'whsec_bench_secret_0123456789';
const webCryptoPath = webCryptoHmac();
const webCrypto = createWebhooks(() => webCryptoPath);

type Verify = (body: string, signature: string) => boolean | Promise<boolean>;

// What a receiver would write by hand, with the same length check verify makes.
const bare: Verify = (body, signature) => {
  const expected = createHmac('sha256', secret).update(body, 'utf8').digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(expected, given);
};

const candidates: Record<string, Verify> = {
  'node:crypto bare': bare,
  'Webhooks.verify': (body, signature) => Webhooks.verify(body, signature, secret),
  'WebCrypto path': (body, signature) => webCrypto.verify(body, signature, secret),
};

// Only promises are awaited: the bare candidate pays no microtask, so the ratio is not flattered.
async function perSecond(fn: Verify, body: string, signature: string): Promise<number> {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < roundMs) {
    for (let i = 0; i < 64; i++) {
      const ok = fn(body, signature);
      if (!(typeof ok === 'boolean' ? ok : await ok)) throw new Error('verification failed');
    }
    n += 64;
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

console.log(`${process.release.name} ${process.version}, ${rounds} rounds of ${roundMs} ms, median verifies/s`);
for (const size of [1024, 64 * 1024]) {
  const body = JSON.stringify({ id: 'evt_1', type: 'message.delivered', pad: 'x'.repeat(size) }).slice(0, size);
  const signature = await Webhooks.sign(body, secret);
  const samples = new Map<string, number[]>(Object.keys(candidates).map((k) => [k, []]));
  for (let r = 0; r < rounds; r++) {
    // Interleaved, so thermal or GC drift hits every candidate alike.
    for (const [name, fn] of Object.entries(candidates)) samples.get(name)?.push(await perSecond(fn, body, signature));
  }
  const base = median(samples.get('node:crypto bare') ?? []);
  for (const [name, xs] of samples) {
    const m = median(xs);
    console.log(`${String(size / 1024).padStart(3)} KB  ${name.padEnd(17)} ${Math.round(m).toLocaleString('en-US').padStart(10)}/s  ${(m / base).toFixed(2)}x`);
  }
}
