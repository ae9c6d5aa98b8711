// What the default dedupe store costs per delivery (a claim, then its completion: what the handler
// asks of it for each event) with 0, 100,000 (the default maxEntries, full) and 1,000,000 ids
// stored (maxEntries 1,000,000, full). A full store evicts on every claim, so this is the cost a
// busy receiver pays for good once its store has filled (issue 50: the store once scanned every
// entry per claim when full).
// Run alone: node --expose-gc --import tsx bench/webhooks.bench.ts --store-only

import { memoryStore } from '../src/webhooks/memory-store.js';
import type { DedupeStore } from '../src/webhooks/dedupe.js';
import { fmt, gc, median } from './stats.js';

const LEASE = 300;
const KEEP = 604_801;

async function fill(store: DedupeStore, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await store.claim(`fill_${i}`, LEASE);
    await store.complete?.(`fill_${i}`, KEEP);
  }
}

/** Microseconds per delivery, median of `rounds` runs of `per` fresh deliveries. */
async function perDelivery(store: DedupeStore, rounds: number, per: number): Promise<number> {
  const samples: number[] = [];
  let id = 0;
  // Round 0 warms the code up and is not counted.
  for (let r = -1; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < per; i++) {
      const key = `evt_${id++}`;
      await store.claim(key, LEASE);
      await store.complete?.(key, KEEP);
    }
    if (r >= 0) samples.push(Number(process.hrtime.bigint() - start) / 1000 / per);
  }
  return median(samples);
}

/** One row per fill: ids stored and µs per delivery. */
export async function measureDedupeStore(
  make: (maxEntries: number) => DedupeStore = (maxEntries) => memoryStore({ maxEntries }),
  rounds = 5,
  per = 2_000,
): Promise<{ stored: number; us: number }[]> {
  const rows: { stored: number; us: number }[] = [];
  for (const [stored, maxEntries] of [
    [0, 100_000],
    [100_000, 100_000],
    [1_000_000, 1_000_000],
  ] as const) {
    const store = make(maxEntries);
    await fill(store, stored);
    // The fill's garbage is collected before timing (with --expose-gc), not charged to the deliveries.
    gc();
    rows.push({ stored, us: await perDelivery(store, rounds, per) });
  }
  return rows;
}

/** The rows as a Markdown table. */
export const storeTable = (rows: { stored: number; us: number }[]): string =>
  [
    '| ids stored | µs per delivery (claim + complete) |',
    '|---:|---:|',
    ...rows.map((r) => `| ${fmt(r.stored)} | ${fmt(r.us, 2)} |`),
  ].join('\n');
