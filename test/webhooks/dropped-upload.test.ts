// A sender that hangs up mid-body (node:http's `aborted`) is routine on a busy receiver: one line
// in the log, not a stack per dropped upload.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createWebhookHandler,
  toNodeHandler,
  type NodeIncomingRequest,
  type NodeServerResponse,
} from 'gateway-sdk/webhooks';
import { secret } from './receive.js';

afterEach(() => {
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

  it('still reaches onError as an Error, with the stream error as its cause', async () => {
    const errors: unknown[] = [];
    const handle = createWebhookHandler({ secret, onEvent: () => undefined });
    await toNodeHandler(handle, { onError: (e) => void errors.push(e) })(droppedRequest(), response());
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(Error);
    expect(((errors[0] as Error).cause as Error).message).toBe('aborted');
  });
});
