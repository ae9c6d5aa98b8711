// The examples are documentation that runs: each one against the mock service on loopback.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client } from 'gateway-sdk';
import { startMockServer, type MockServer } from 'gateway-sdk/testing';
import { bulkFromCsv } from '../../examples/bulk-from-csv.js';
import { exportFailed } from '../../examples/iterate-and-export.js';
import { main as quickstart } from '../../examples/quickstart.js';
import { sendAndTrack } from '../../examples/send-and-track.js';

let server: MockServer;
let client: Client;
// The mock's clock runs ahead of the real one by `skew`; `tracking` moves it 10 s per request, so
// messages progress (autoAdvance follows the mock clock) while the example polls without waiting.
let skew = 0;
let tracking: Client;
beforeAll(async () => {
  server = await startMockServer({ autoAdvance: true, now: () => new Date(Date.now() + skew) });
  tracking = new Client({
    ...server.clientOptions,
    maxRetries: 0,
    fetch: (input, init) => {
      skew += 10_000;
      return fetch(input, init);
    },
  });
  client = new Client({ ...server.clientOptions, maxRetries: 0 });
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
});

describe('examples against the loopback mock', () => {
  it('quickstart touches every area and prints what it did', async () => {
    await quickstart(client);
    const printed = vi
      .mocked(console.log)
      .mock.calls.map((c) => String(c[0]))
      .join('\n');
    expect(printed).toMatch(/sent msg_\w+ to 447700900123: queued/);
    expect(printed).toMatch(/template msg_\w+: "Hello Ada, welcome to Acme!"/);
    expect(printed).toMatch(/bulk job \w+: processing, 3 of 3 queued/);
    expect(printed).toMatch(/listed \d+ messages across pages of 2/);
    expect(printed).toMatch(/default payment method now pm_card_visa/);
    expect(printed).toMatch(/member \w+ \w+ </);
  });

  it('send-and-track polls until delivered', async () => {
    const final = await sendAndTrack(tracking, '+447700900123', 'Shipped', { intervalMs: 0 });
    expect(final.status).toBe('delivered');
    expect(final.delivered_at).toEqual(expect.any(String));
  });

  it('send-and-track stops at failed for an unreachable number', async () => {
    const final = await sendAndTrack(tracking, '+447700900120', 'Shipped', { intervalMs: 0 });
    expect(final).toMatchObject({ status: 'failed', error_code: 'number_unreachable' });
  });

  it('bulk-from-csv sends each distinct number once, and a rerun sends nothing new', async () => {
    const csv = new URL('../../examples/data/recipients.csv', import.meta.url).pathname;
    const before = server.mock.store.messages.size;
    const result = await bulkFromCsv(client, csv, 'Sale ends tonight');
    expect(result).toMatchObject({ total: 4, failed: [], invalid: [], aborted: false });
    expect(result.jobs).toHaveLength(1);
    expect(result.jobs[0]?.idempotencyKey).toMatch(/^csv-[0-9a-f]{32}:0$/);
    expect(result.jobs[0]?.job.total).toBe(4);
    expect(server.mock.store.messages.size - before).toBe(4);
    const again = await bulkFromCsv(client, csv, 'Sale ends tonight');
    expect(again.jobs[0]?.job.id).toBe(result.jobs[0]?.job.id);
    expect(server.mock.store.messages.size - before).toBe(4);
  });

  it('iterate-and-export writes every failed message of the last week as JSON lines', async () => {
    const now = Date.now();
    server.mock.store.seedMessages(230, (i) => ({ status: i % 2 ? 'failed' : 'delivered' }));
    const old = server.mock.store.seedMessages(5, {
      status: 'failed',
      created_at: new Date(now - 30 * 86_400_000).toISOString(),
    });
    const lines: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const count = await exportFailed(client, out);
    const failedThisWeek = [...server.mock.store.messages.values()].filter(
      (m) => m.status === 'failed' && Date.parse(m.created_at) >= now - 7 * 86_400_000 - 60_000,
    );
    expect(count).toBe(lines.length);
    expect(count).toBe(failedThisWeek.length);
    expect(count).toBeGreaterThanOrEqual(115);
    const ids = lines.map((l) => (JSON.parse(l) as { id: string; status: string }).id);
    expect(new Set(ids).size).toBe(count);
    expect(ids).not.toContain(old[0]?.id);
  });
});
