// The mock stays on the machine: with no `deliver`, deliveries go only to loopback receivers, any
// other URL is recorded as not sent (fetch spied: no other host is contacted), and a receiver's 3xx
// is a success whose Location is never visited (real loopback receivers answering 302 and 307).
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockService, forwardTo, startMockServer, type MockService } from 'gateway-sdk/testing';
import { manualClock } from './helpers.js';

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A loopback HTTP server that records each request and answers with `answer`. */
async function loopback(answer: (res: ServerResponse) => void) {
  const got: { method: string; url: string }[] = [];
  const server = createServer((req, res) => {
    got.push({ method: req.method ?? '', url: req.url ?? '' });
    req.resume();
    req.on('end', () => answer(res));
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function send(mock: MockService, body: Record<string, unknown> = {}): Promise<string> {
  const answer = await mock.fetch(`${mock.clientOptions.baseURL}/sms/messages`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${mock.clientOptions.apiKey}`,
      'service-version': '2026-01-01',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ to: '447700900123', message: 'Hello', ...body }),
  });
  const sent = (await answer.json()) as { id?: string };
  if (sent.id === undefined) throw new Error(`the mock refused the send: ${JSON.stringify(sent)}`);
  return sent.id;
}

/**
 * Points the seeded webhook at `url`. The API takes only https:// URLs (reference, Events 2), so a
 * test receiver on plain http is set in the store, as a test would.
 */
function pointSeededWebhook(mock: MockService, url: string): void {
  const hook = mock.store.smsWebhooks.get('wh_123');
  if (!hook) throw new Error('no seeded webhook');
  hook.url = url;
}

const hostsFetched = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)).host);

describe('deliveries with no deliver option', () => {
  it('records a delivery to the seeded example.com webhook as not sent, contacting no host', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const mock = createMockService({ now: manualClock('2026-01-01T09:00:00.000Z').now });
    const id = await send(mock);
    mock.advance(id, 'sent');
    const [delivery] = await mock.runDeliveries();
    expect(delivery).toMatchObject({
      url: 'https://example.com/webhooks/sms',
      webhookId: 'wh_123',
      state: 'not_sent',
      attempts: [],
      nextAttemptAt: null,
    });
    expect(delivery?.reason).toMatch(/not a loopback address/);
    expect(delivery?.reason).toMatch(/pass `deliver`/);
    expect(delivery?.reason).toMatch(/--forward-to/);
    expect(fetchSpy).not.toHaveBeenCalled();
    // Final: a later run sends nothing either, and the webhook's counters are untouched.
    expect(await mock.runDeliveries()).toEqual([]);
    expect(mock.store.smsWebhooks.get('wh_123')?.failure_count).toBe(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends to a receiver on 127.0.0.1 and to nothing else', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const rx = await loopback((res) => res.writeHead(200).end());
    const mock = createMockService();
    const local = await send(mock);
    const remote = await send(mock, { callback_url: 'https://hooks.example.com/sms' });
    pointSeededWebhook(mock, `${rx.url}/hook`);
    mock.advance(local, 'sent');
    mock.advance(remote, 'sent');
    const run = await mock.runDeliveries();
    const states = (url: string) => run.filter((d) => d.url.startsWith(url)).map((d) => d.state);
    expect(states(rx.url)).toEqual(['succeeded']);
    expect(states('https://hooks.example.com/')).toContain('not_sent');
    expect(new Set(states('https://hooks.example.com/'))).toEqual(new Set(['not_sent']));
    expect(rx.got).toEqual([{ method: 'POST', url: '/hook' }]);
    expect(hostsFetched(fetchSpy)).toEqual([new URL(rx.url).host]);
  });

  it.each([
    ['http://localhost:1/x', true],
    ['http://127.0.0.1:1/x', true],
    ['http://127.9.9.9/x', true],
    ['http://127.1/x', true],
    ['http://[::1]:1/x', true],
    ['https://example.com/x', false],
    ['http://10.0.0.1/x', false],
    ['http://192.168.1.1/x', false],
    ['http://[::ffff:8.8.8.8]/x', false],
    ['http://127.0.0.1.evil.test/x', false],
    ['http://localhost.evil.test/x', false],
    ['http://0.0.0.0/x', false],
  ])('%s is loopback: %s', async (url, local) => {
    const deliver = vi.fn();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
      deliver(args[0]);
      throw new TypeError('fetch failed');
    });
    const mock = createMockService();
    const id = await send(mock);
    pointSeededWebhook(mock, url);
    mock.advance(id, 'sent');
    const [delivery] = await mock.runDeliveries();
    expect(delivery?.state).toBe(local ? 'pending' : 'not_sent');
    expect(fetchSpy).toHaveBeenCalledTimes(local ? 1 : 0);
  });

  it('holds for autoAdvance on the loopback server, as the CLI runs it', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const clock = manualClock('2026-01-01T09:00:00.000Z');
    const server = await startMockServer({ autoAdvance: true, now: clock.now });
    try {
      await send(server.mock);
      clock.advance(60_000);
      const run = await server.mock.runDeliveries();
      expect(run.length).toBeGreaterThan(0);
      expect(new Set(run.map((d) => d.state))).toEqual(new Set(['not_sent']));
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      await server.close();
    }
  });

  it('sends anywhere once `deliver` is given', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    const mock = createMockService({ deliver: (request) => fetch(request) });
    const id = await send(mock);
    mock.advance(id, 'sent');
    const [delivery] = await mock.runDeliveries();
    expect(delivery?.state).toBe('succeeded');
    expect(hostsFetched(fetchSpy)).toEqual(['example.com']);
  });

  it('forwardTo sends the seeded webhook to a local receiver', async () => {
    const rx = await loopback((res) => res.writeHead(200).end());
    const mock = createMockService({ deliver: forwardTo(rx.url) });
    const id = await send(mock);
    mock.advance(id, 'sent');
    expect((await mock.runDeliveries()).map((d) => d.state)).toEqual(['succeeded']);
    expect(rx.got).toEqual([{ method: 'POST', url: '/webhooks/sms' }]);
  });
});

describe('deliveries never follow redirects', () => {
  it.each([302, 307])('records a %s as a success and sends nothing to its Location', async (status) => {
    const elsewhere = await loopback((res) => res.writeHead(500).end());
    const rx = await loopback((res) => res.writeHead(status, { location: `${elsewhere.url}/steal` }).end());
    for (const mock of [
      createMockService(),
      createMockService({ deliver: forwardTo(rx.url) }),
      createMockService({ deliver: (request) => fetch(request) }),
    ]) {
      const id = await send(mock);
      pointSeededWebhook(mock, `${rx.url}/hook`);
      mock.advance(id, 'sent');
      const [delivery] = await mock.runDeliveries();
      expect(delivery?.state).toBe('succeeded');
      expect(delivery?.attempts.map((a) => a.status)).toEqual([status]);
    }
    expect(rx.got).toHaveLength(3);
    expect(elsewhere.got).toEqual([]);
  });
});
