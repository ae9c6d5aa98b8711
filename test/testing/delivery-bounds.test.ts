// Deliveries to a receiver that never answers: attempted concurrently (with a bound), ended at once
// when the server closes, and the records kept bounded for a mock left running.
import { createServer, type Socket } from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockService, startMockServer } from 'gateway-sdk/testing';
import { DELIVERY_CONCURRENCY, MAX_FINISHED_DELIVERIES } from '../../src/testing/dispatch.js';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A TCP server that accepts connections and never answers; `connected(n)` waits for n of them. */
async function silentReceiver(): Promise<{ url: string; connected: (n: number) => Promise<void> }> {
  const sockets = new Set<Socket>();
  const waiting: [number, () => void][] = [];
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    for (const [n, resolve] of waiting) if (sockets.size >= n) resolve();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    connected: (n) =>
      new Promise<void>((resolve) => (sockets.size >= n ? resolve() : waiting.push([n, resolve]))),
  };
}

const send = (n: number, callback: string, mock: ReturnType<typeof createMockService>) => {
  for (let i = 0; i < n; i++)
    mock.store.createMessage({
      to: `4477009${String(i).padStart(5, '0')}`,
      body: `hello ${i}`,
      callback_url: callback,
    });
};

describe('deliveries to a receiver that never answers', () => {
  it(`are attempted ${DELIVERY_CONCURRENCY} at a time, not one after another`, async () => {
    let inFlight = 0;
    let most = 0;
    const held: (() => void)[] = [];
    const mock = createMockService({
      deliver: () => {
        most = Math.max(most, ++inFlight);
        return new Promise<Response>((resolve) =>
          held.push(() => {
            inFlight--;
            resolve(new Response(null, { status: 204 }));
          }),
        );
      },
    });
    send(DELIVERY_CONCURRENCY + 4, 'https://receiver.test/cb', mock);
    const run = mock.runDeliveries();
    await new Promise((resolve) => setImmediate(resolve));
    expect(most).toBe(DELIVERY_CONCURRENCY);
    while (held.length > 0) {
      for (const release of held.splice(0)) release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const attempted = await run;
    expect(attempted).toHaveLength(DELIVERY_CONCURRENCY + 4);
    expect(attempted.every((d) => d.state === 'succeeded')).toBe(true);
  });

  it("keeps one message's events to one URL in order", async () => {
    const seen: string[] = [];
    const mock = createMockService({
      deliver: async (request) => {
        seen.push((JSON.parse(await request.text()) as { type: string }).type);
        return new Response(null, { status: 204 });
      },
    });
    const message = mock.store.createMessage({
      to: '447700900001',
      body: 'hi',
      callback_url: 'https://r.test/cb',
    });
    mock.advance(message.id, 'sent');
    mock.advance(message.id, 'delivered');
    await mock.runDeliveries();
    expect(seen).toEqual(['message.queued', 'message.sent', 'message.delivered']);
  });

  it('are ended at once when the server closes (Ctrl-C on gateway-sdk mock)', async () => {
    const target = await silentReceiver();
    const server = await startMockServer({
      forward: { url: target.url, secret: 'whsec_bounds_test_0123456789' },
    });
    send(3, target.url, server.mock);
    const run = server.mock.runDeliveries();
    await target.connected(1);
    await server.close();
    await run;
    // Ended by the close, not by their own timeout (DELIVERY_TIMEOUT_MS): an attempt that ran out
    // would be recorded as failed; one the close ended is no attempt at all. No clock read.
    expect(server.mock.deliveries.length).toBeGreaterThan(0);
    expect(server.mock.deliveries.flatMap((d) => d.attempts)).toEqual([]);
  });
});

describe('delivery records', () => {
  it(`keep at most ${MAX_FINISHED_DELIVERIES} final ones, the newest`, async () => {
    const mock = createMockService({ deliver: async () => new Response(null, { status: 204 }) });
    send(MAX_FINISHED_DELIVERIES + 50, 'https://receiver.test/cb', mock);
    await mock.runDeliveries();
    expect(mock.deliveries).toHaveLength(MAX_FINISHED_DELIVERIES);
    const last = mock.deliveries[mock.deliveries.length - 1];
    expect(last?.event.data.object).toMatchObject({ body: `hello ${MAX_FINISHED_DELIVERIES + 49}` });
    // Pending ones are never dropped.
    const failing = createMockService({ deliver: async () => new Response(null, { status: 503 }) });
    send(MAX_FINISHED_DELIVERIES + 50, 'https://receiver.test/cb', failing);
    await failing.runDeliveries();
    expect(failing.deliveries).toHaveLength(MAX_FINISHED_DELIVERIES + 50);
  });
});
