// Run in a child process by test/hostile/size.test.ts and bench/hostile.ts: one call to a server
// (given as argv[2]) that answers far more than maxResponseBytes, with the process's memory sampled
// throughout. Prints one JSON line: the error's name, and how much the heap (V8's plus external
// memory, which already counts every ArrayBuffer) and RSS grew at peak.
import { Client } from 'gateway-sdk';

const url = process.argv[2] ?? '';
const limit = Number(process.argv[3] ?? 10_485_760);
const gc = (globalThis as { gc?: () => void }).gc;
const client = new Client({ apiKey: 'sk_heap_child_0001', baseURL: url, maxResponseBytes: limit });

// Warm up (loads ky and Node's fetch stack) on a small answer, so only the large one is measured.
await client.sms.messages.retrieve('small').catch(() => undefined);
gc?.();
const before = process.memoryUsage();
let peakHeap = 0;
let peakRss = 0;
const sample = () => {
  const now = process.memoryUsage();
  peakHeap = Math.max(peakHeap, now.heapUsed + now.external);
  peakRss = Math.max(peakRss, now.rss);
};
const timer = setInterval(sample, 2);
const error = await client.sms.messages.retrieve('huge').then(
  () => undefined,
  (e: unknown) => e as Error,
);
sample();
clearInterval(timer);
const base = before.heapUsed + before.external;
console.log(
  JSON.stringify({
    error: error?.name,
    message: error?.message,
    heapGrowth: peakHeap - base,
    rssGrowth: peakRss - before.rss,
  }),
);
