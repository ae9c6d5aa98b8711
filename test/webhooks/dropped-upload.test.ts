// A sender that hangs up mid-body (node:http's `aborted`) is routine on a busy receiver: one line
// in the log, not a stack per dropped upload; and a flood of them is not a flood of lines (at most
// five a minute, then one line counting the rest, on fake timers here).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createWebhookHandler,
  toNodeHandler,
  type NodeIncomingRequest,
  type NodeServerResponse,
} from 'gateway-sdk/webhooks';
import { secret } from './receive.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A request whose body stream fails after a first chunk, as node:http's does when the client hangs up. */
function droppedRequest(): NodeIncomingRequest {
  return {
    method: 'POST',
    url: '/webhooks',
    headers: { 'x-service-signature': 'a'.repeat(64) },
    async *[Symbol.asyncIterator]() {
      yield new TextEncoder().encode('{"id":"evt_1",');
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    },
  };
}

function response(): NodeServerResponse & { status?: number } {
  return {
    statusCode: 200,
    setHeader: () => undefined,
    end: () => undefined,
  };
}

describe('toNodeHandler: a dropped upload', () => {
  for (const [name, handle] of [
    ['createWebhookHandler', createWebhookHandler({ secret, onEvent: () => undefined })],
    ['another Fetch handler', async () => new Response('ok')],
  ] as const) {
    it(`is logged as one line, without a stack (${name})`, async () => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await toNodeHandler(handle)(droppedRequest(), response());
      expect(log).toHaveBeenCalledTimes(1);
      const args = log.mock.calls[0] ?? [];
      expect(args).toHaveLength(1);
      expect(typeof args[0]).toBe('string');
      expect(args[0]).not.toContain('\n');
      expect(args[0]).toMatch(/^gateway-sdk: webhook delivery dropped by the sender .*\(aborted\)/);
    });
  }

  it('logs five drops a minute one by one, then one line counting the rest when the minute ends', async () => {
    vi.useFakeTimers();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const receive = toNodeHandler(createWebhookHandler({ secret, onEvent: () => undefined }));
    for (let i = 0; i < 100; i++) await receive(droppedRequest(), response());
    expect(log).toHaveBeenCalledTimes(5);
    expect(
      log.mock.calls.every(([line]) => /^gateway-sdk: webhook delivery dropped/.test(String(line))),
    ).toBe(true);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(log).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toHaveBeenCalledTimes(6);
    expect(log.mock.calls[5]).toEqual([
      'gateway-sdk: 95 more webhook deliveries dropped by the sender in the last 60 s, not logged one by one',
    ]);
    // The next minute starts afresh, and a quiet minute prints no count.
    await receive(droppedRequest(), response());
    expect(log).toHaveBeenCalledTimes(7);
    expect(log.mock.calls[6]?.[0]).toMatch(/^gateway-sdk: webhook delivery dropped/);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(log).toHaveBeenCalledTimes(7);
  });

  it('counts each handler on its own', async () => {
    vi.useFakeTimers();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const one = toNodeHandler(async () => new Response('ok'));
    const two = toNodeHandler(async () => new Response('ok'));
    for (let i = 0; i < 6; i++) await one(droppedRequest(), response());
    await two(droppedRequest(), response());
    expect(log).toHaveBeenCalledTimes(6);
  });

  it('still reaches onError as an Error, with the stream error as its cause', async () => {
    const errors: unknown[] = [];
    const handle = createWebhookHandler({ secret, onEvent: () => undefined });
    await toNodeHandler(handle, { onError: (e) => void errors.push(e) })(droppedRequest(), response());
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(Error);
    expect(((errors[0] as Error).cause as Error).message).toBe('aborted');
  });
});
