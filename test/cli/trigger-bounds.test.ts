// `gateway-sdk trigger`, run in this process: a --timeout with a fraction of a millisecond works
// (Node's timers take whole milliseconds), and an answer without end is read only as far as
// ANSWER_MAX_BYTES, then cut with a word on stderr.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_MAX_BYTES, readPrefix, trigger } from '../../src/cli/trigger.js';

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

async function receiver(handle: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handle);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

/** Runs trigger with stdout and stderr captured. */
async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (err.push(String(chunk)), true));
  const code = await trigger([...args, '--secret', 'whsec_trigger_bounds_test'], () => 0);
  vi.restoreAllMocks();
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('gateway-sdk trigger', () => {
  it('takes --timeout 1.0001 (no RangeError from the timer)', async () => {
    const url = await receiver((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('handled'),
    );
    const result = await run(['message.sent', '--url', url, '--timeout', '1.0001']);
    expect(result).toMatchObject({ code: 0, stdout: '200 OK\nhandled\n' });
  });

  it(`reads at most ${ANSWER_MAX_BYTES} bytes of an answer without end, and says it was cut`, async () => {
    let written = 0;
    let closed = false;
    const url = await receiver((_req, res) => {
      res.writeHead(400, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(16_384, 'x');
      res.on('close', () => (closed = true));
      const pump = () => {
        // Stops once the client is gone; bounded anyway at 64 MiB so a failing test still ends.
        while (!closed && written < 64 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const result = await run(['message.sent', '--url', url]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(`400 Bad Request\n${'x'.repeat(ANSWER_MAX_BYTES)}\n`);
    expect(result.stderr).toContain('the answer was cut after 64 KiB');
    await vi.waitFor(() => expect(closed).toBe(true));
    // The rest was never pulled: what the server got written is a few socket buffers, not 64 MiB.
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });
});

describe('readPrefix', () => {
  const body = (parts: string[]) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
          controller.close();
        },
      }),
    );

  it.each([
    [['abc'], 3, 'abc', false],
    [['ab', 'c'], 3, 'abc', false],
    [['ab', 'cd'], 3, 'abc', true],
    [['abcd'], 3, 'abc', true],
    [[], 3, '', false],
  ] as const)('%j with %d bytes: %j, cut %s', async (parts, max, text, cut) => {
    expect(await readPrefix(body([...parts]), max)).toEqual({ text, cut });
  });
});
