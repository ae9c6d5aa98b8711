// The pools the scale bench compares, shared by bench/scale.ts (throughput, in the bench process)
// and bench/scale-heap.ts (the heap runs, each in a fresh process).
import type { Client } from '../src/index.js';
import type { CreateManyItem } from '../src/campaigns/index.js';
import { type createKyAlike, KEY } from './overhead.js';
import type { CampaignsEntry } from './sdk.js';

export const CONCURRENCY = 16;

const send = (i: number): CreateManyItem => ({
  to: '+447700900123',
  message: `Your code is ${String(100000 + (i % 900000))}`,
});
/** The headers every pool sends (the SDK sets the same ones itself). */
export const HEADERS = {
  accept: 'application/json',
  authorization: `Bearer ${KEY}`,
  'service-version': '2026-01-01',
};

export function* items(count: number): Generator<CreateManyItem> {
  for (let i = 0; i < count; i++) yield send(i);
}

/** What a careful hand-written pool does: the same headers and key per send, status check, JSON. */
export async function barePool(url: string, sends: number, run: number): Promise<void> {
  const headers = { ...HEADERS, 'content-type': 'application/json' };
  let next = 0;
  const worker = async () => {
    while (next < sends) {
      const i = next++;
      const response = await fetch(`${url}/sms/messages`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `bare-${run}:${i}` },
        body: JSON.stringify({ ...send(i), to: send(i).to.slice(1) }),
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      await response.json();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** The same pool on bare ky configured as the SDK configures it: ky's own cost, without the SDK's. */
export async function kyPool(
  api: KyAlike,
  source: Iterator<CreateManyItem>,
  run: number,
  after?: (done: number) => Promise<void> | undefined,
): Promise<number> {
  let next = 0;
  let done = 0;
  // While `after` samples the heap every worker waits, as createMany's do once its buffer is full;
  // a fetch that answers at once never yields to timers otherwise.
  let pause: Promise<void> | undefined;
  const worker = async () => {
    for (;;) {
      while (pause !== undefined) await pause;
      const r = source.next();
      if (r.done === true) return;
      const i = next++;
      await api
        .post('sms/messages', {
          json: { ...r.value, to: r.value.to.slice(1) },
          headers: { 'idempotency-key': `ky-${run}:${i}` },
        })
        .json();
      const sampling = after?.(++done);
      if (sampling !== undefined) {
        pause = sampling.finally(() => {
          pause = undefined;
        });
        await pause;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done;
}
export type KyAlike = ReturnType<typeof createKyAlike>;

export async function sdkPool(
  { createMany }: CampaignsEntry,
  client: Client,
  sends: number,
  run: number,
): Promise<void> {
  let done = 0;
  for await (const r of createMany(client, items(sends), {
    concurrency: CONCURRENCY,
    idempotencyKey: `sdk-${run}`,
  })) {
    if (!r.ok) throw r.error;
    done++;
  }
  if (done !== sends) throw new Error(`createMany yielded ${done} of ${sends}`);
}
