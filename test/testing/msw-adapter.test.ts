// allowLoopback under the msw this suite runs with (msw 3 on Node 22.12+, msw 2 below: vitest.config.ts)
// and, directly, in both of its call forms: msw 2's (request, print) and msw 3's ({ frame, defaults }).
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client } from 'gateway-sdk';
import { createMockService, startMockServer, type MockServer } from 'gateway-sdk/testing';
import { allowLoopback, mswHandlers } from 'gateway-sdk/testing/msw';
import { onUnhandled } from '../helpers/msw-options.js';

const mock = createMockService({
  baseURL: 'https://adapter.gateway.test',
  sandboxBaseURL: 'https://adapter-sandbox.gateway.test',
});
const msw = setupServer(...mswHandlers(mock));
let loopback: MockServer;

beforeAll(async () => {
  msw.listen(onUnhandled(allowLoopback));
  loopback = await startMockServer();
});
afterEach(() => {
  vi.restoreAllMocks();
  mock.store.reset();
});
afterAll(async () => {
  msw.close();
  await loopback.close();
});

/** console.warn and console.error, where MSW prints its unhandled-request messages. */
function consoleSpies() {
  return {
    warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
    error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
  };
}

const headers = { authorization: 'Bearer sk_live_mock', 'service-version': '2026-01-01' };

describe('allowLoopback with a listening MSW server', () => {
  it('lets a request to loopback through, with no MSW warning or error', async () => {
    const spies = consoleSpies();
    const response = await fetch(`${loopback.url}/sms/webhooks/wh_123`, { headers });
    // The loopback server answered (MSW has no handler for its address): the seeded webhook.
    expect(response.status).toBe(200);
    expect((await response.json()) as unknown).toMatchObject({ id: 'wh_123' });
    expect(spies.warn).not.toHaveBeenCalled();
    expect(spies.error).not.toHaveBeenCalled();
  });

  it('serves the mock through its handlers, so a client works against MSW', async () => {
    const spies = consoleSpies();
    const client = new Client({ ...mock.clientOptions, maxRetries: 0 });
    const sent = await client.sms.messages.create({ to: '447700900123', message: 'Hello' });
    expect(mock.store.messages.get(sent.id)?.body).toBe('Hello');
    expect(spies.warn).not.toHaveBeenCalled();
    expect(spies.error).not.toHaveBeenCalled();
  });

  it('fails any other unhandled request, with MSW printing its error, like "error"', async () => {
    const spies = consoleSpies();
    // A network error, as under 'error': no response at all (not even a 500).
    await expect(fetch('https://elsewhere.gateway.test/anything', { headers })).rejects.toThrow(TypeError);
    const printed = spies.error.mock.calls.flat().map(String).join('\n');
    expect(printed).toContain('https://elsewhere.gateway.test/anything');
    expect(spies.warn).not.toHaveBeenCalled();
  });
});

describe('allowLoopback as msw 2 calls it: (request, print)', () => {
  const print = () => ({ warning: vi.fn(), error: vi.fn() });

  it.each([
    'http://127.0.0.1:8080/x',
    'http://localhost/x',
    'http://[::1]:3000/x',
    // The whole of 127.0.0.0/8, in any spelling the URL parser accepts: the mock's deliveries
    // count the same addresses as loopback (src/testing/loopback.ts).
    'http://127.0.0.2/x',
    'http://127.1/x',
  ])('passes %s through silently', (url) => {
    const p = print();
    allowLoopback(new Request(url), p);
    expect(p.error).not.toHaveBeenCalled();
    expect(p.warning).not.toHaveBeenCalled();
  });

  it('calls print.error (which fails the request in msw 2) for any other address', () => {
    const p = print();
    allowLoopback(new Request('https://api.example.com/x'), p);
    expect(p.error).toHaveBeenCalledTimes(1);
    // 127.0.0.1 in a path or a subdomain is not loopback.
    allowLoopback(new Request('https://127.0.0.1.example.com/x'), p);
    expect(p.error).toHaveBeenCalledTimes(2);
    allowLoopback(new Request('http://128.0.0.1/x'), p);
    expect(p.error).toHaveBeenCalledTimes(3);
  });
});

describe('allowLoopback as msw 3 calls it: ({ frame, defaults })', () => {
  const defaults = () => ({ warn: vi.fn(), error: vi.fn(async () => undefined) });
  const httpFrame = (url: string) => ({ protocol: 'http', data: { id: '1', request: new Request(url) } });
  const wsFrame = (url: string) => ({
    protocol: 'ws',
    data: { connection: { client: { url: new URL(url) } } },
  });

  it('passes loopback HTTP requests and WebSocket connections through silently', async () => {
    for (const frame of [
      httpFrame('http://127.0.0.1:8080/x'),
      httpFrame('http://localhost/x'),
      wsFrame('ws://[::1]:3000/socket'),
    ]) {
      const d = defaults();
      await expect(allowLoopback({ frame, defaults: d })).resolves.toBeUndefined();
      expect(d.error).not.toHaveBeenCalled();
      expect(d.warn).not.toHaveBeenCalled();
    }
  });

  it('prints MSW error and fails the request (a network error) for any other address', async () => {
    const d = defaults();
    const failure: unknown = await allowLoopback({
      frame: httpFrame('https://api.example.com/x'),
      defaults: d,
    }).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Response);
    expect((failure as Response).type).toBe('error');
    expect(d.error).toHaveBeenCalledTimes(1);
    const ws = defaults();
    await expect(allowLoopback({ frame: wsFrame('wss://chat.example.com/'), defaults: ws })).rejects.toThrow(
      /wss:\/\/chat\.example\.com\/ has no MSW handler and is not loopback/,
    );
    expect(ws.error).toHaveBeenCalledTimes(1);
  });

  it('fails a frame whose address it cannot read, rather than letting it through', async () => {
    const d = defaults();
    await expect(allowLoopback({ frame: { protocol: 'sse', data: {} }, defaults: d })).rejects.toThrow(
      /a sse frame has no MSW handler/,
    );
    expect(d.error).toHaveBeenCalledTimes(1);
  });
});
