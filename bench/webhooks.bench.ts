// Verifies per second of both crypto paths of Webhooks.verify (node:crypto and the forced
// WebCrypto path) against bare node:crypto; `npm run bench` measures the public one only.
// Run: npm run bench:webhooks -- [rounds=7] [ms-per-round=300]

import { Webhooks } from '../src/webhooks.js';
import { createWebhooks } from '../src/webhooks/verifier.js';
import { webCryptoHmac } from '../src/webhooks/hmac.js';
import { median } from './stats.js';
import { floorFor, perSecond, type Verify } from './verify.js';

const rounds = Number(process.argv[2] ?? 7);
const roundMs = Number(process.argv[3] ?? 300);
const secret = 'whsec_bench_secret_0123456789';
const webCryptoPath = webCryptoHmac();
const webCrypto = createWebhooks(() => webCryptoPath);

const candidates: Record<string, Verify> = {
  'node:crypto bare': floorFor(secret),
  'Webhooks.verify': (body, signature) => Webhooks.verify(body, signature, secret),
  'WebCrypto path': (body, signature) => webCrypto.verify(body, signature, secret),
};

console.log(
  `${process.release.name} ${process.version}, ${rounds} rounds of ${roundMs} ms, median verifies/s`,
);
for (const size of [1024, 64 * 1024]) {
  const body = JSON.stringify({ id: 'evt_1', type: 'message.delivered', pad: 'x'.repeat(size) }).slice(
    0,
    size,
  );
  const signature = await Webhooks.sign(body, secret);
  const samples = new Map<string, number[]>(Object.keys(candidates).map((k) => [k, []]));
  for (let r = 0; r < rounds; r++) {
    // Interleaved, so thermal or GC drift hits every candidate alike.
    for (const [name, fn] of Object.entries(candidates))
      samples.get(name)?.push(await perSecond(fn, body, signature, roundMs));
  }
  const base = median(samples.get('node:crypto bare') ?? []);
  for (const [name, xs] of samples) {
    const m = median(xs);
    console.log(
      `${String(size / 1024).padStart(3)} KB  ${name.padEnd(17)} ${Math.round(m).toLocaleString('en-US').padStart(10)}/s  ${(m / base).toFixed(2)}x`,
    );
  }
}
