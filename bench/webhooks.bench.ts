// Verifies per second of both crypto paths of Webhooks.verify (node:crypto and the forced
// WebCrypto path) against bare node:crypto; `npm run bench` measures the public one only. Then
// what 400 MB POSTs cost the receiver (bench/receive-memory.ts), and what the default dedupe store
// costs per delivery at 0, 100,000 and 1,000,000 stored ids (bench/dedupe-store.ts).
// Run: npm run bench:webhooks -- [rounds=7] [ms-per-round=300] [--memory-only] [--store-only]

import { Webhooks } from '../src/webhooks.js';
import { webhooksOver } from '../src/webhooks/verifier.js';
import { webCryptoHmac } from '../src/webhooks/hmac.js';
import { median } from './stats.js';
import { floorFor, perSecond, type Verify } from './verify.js';
import { measureReceiveMemory, memoryTable } from './receive-memory.js';
import { measureDedupeStore, storeTable } from './dedupe-store.js';

const storeOnly = process.argv.includes('--store-only');
const memoryOnly = storeOnly || process.argv.includes('--memory-only');

const numbers = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const rounds = Number(numbers[0] ?? 7);
const roundMs = Number(numbers[1] ?? 300);
const secret = 'whsec_bench_secret_0123456789';
const webCryptoPath = webCryptoHmac();
const webCrypto = webhooksOver(() => webCryptoPath);

const candidates: Record<string, Verify> = {
  'node:crypto bare': floorFor(secret),
  'Webhooks.verify': (body, signature) => Webhooks.verify(body, signature, secret),
  'WebCrypto path': (body, signature) => webCrypto.verify(body, signature, secret),
};

console.log(
  `${process.release.name} ${process.version}, ${rounds} rounds of ${roundMs} ms, median verifies/s`,
);
for (const size of memoryOnly ? [] : [1024, 64 * 1024]) {
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

if (!storeOnly) {
  console.log('\nWhat 400 MB POSTs cost the receiver (toNodeHandler, default maxBodyBytes):\n');
  console.log(memoryTable(await measureReceiveMemory()));
}

console.log('\nThe default dedupe store (memoryStore) per delivery, by ids stored:\n');
console.log(storeTable(await measureDedupeStore()));
