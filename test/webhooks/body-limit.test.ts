// maxBodyBytes on both receivers: a body over the limit is answered 413 payload_too_large without
// being read past the limit, told by Content-Length when sent and counted as it arrives when not,
// and the same for a body a parser already buffered. On loopback, 400 MB requests (streamed from one
// reused buffer, never allocated) cost the receiver at most the limit plus 1 MiB of reading each,
// counted by the sockets' `bytesRead`, and 40 of them at once leave it answering genuine deliveries.
// The 413 is followed by a half-close and the full close 500 ms later, so a sender that reads late reads it.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  createWebhookHandler,
  toNodeHandler,
  type NodeIncomingRequest,
  type NodeServerResponse,
  type WebhookEvent,
  type WebhookHandlerOptions,
} from 'gateway-sdk/webhooks';
import { secret, signed } from './receive.js';
import { sized } from '../helpers/soak.js';

const MiB = 1_048_576;
const outcome = async (response: Response) => [response.status, await response.text()];

function handler(options: Partial<WebhookHandlerOptions> = {}) {
  const handled: WebhookEvent[] = [];
  const handle = createWebhookHandler({
    secret,
    onEvent: (event) => void handled.push(event),
    onError: () => undefined,
    ...options,
  });
  return { handle, handled };
}

/** An endless stream of 64 KB chunks that counts what was pulled and whether it was cancelled. */
function endless() {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        seen.pulled += chunk.length;
        controller.enqueue(chunk);
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('https://receiver.test/webhooks', {
    method: 'POST',
    body,
    headers,
    duplex: 'half',
  } as RequestInit);

describe('maxBodyBytes: the Fetch API handler', () => {
  it('refuses a Content-Length over the limit with 413, cancelling the stream unread', async () => {
    const { handle } = handler();
    const { stream, seen } = endless();
    const answer = await handle(post(stream, { 'content-length': String(400 * MiB) }));
    expect(await outcome(answer)).toEqual([413, 'payload_too_large']);
    expect(seen.pulled).toBe(0);
    expect(seen.cancelled).toBe(true);
  });

  it('refuses a body without Content-Length once it passes the limit, having read at most one chunk more', async () => {
    const { handle } = handler();
    const { stream, seen } = endless();
    expect(await outcome(await handle(post(stream)))).toEqual([413, 'payload_too_large']);
    expect(seen.pulled).toBeGreaterThan(MiB);
    expect(seen.pulled).toBeLessThanOrEqual(MiB + 64 * 1024);
    expect(seen.cancelled).toBe(true);
  });

  it('handles a delivery right at the limit and refuses one byte more', async () => {
    // Padded past maxBodyBytes' floor of 1024; ids of one length, so every body is the same size.
    const pad = 'x'.repeat(1100);
    const { body } = await signed({ pad });
    const size = new TextEncoder().encode(body).length;
    const at = handler({ maxBodyBytes: size });
    const { headers } = await signed({ pad });
    const fresh = await signed({ pad });
    expect(await outcome(await at.handle(post(fresh.body, fresh.headers)))).toEqual([200, 'handled']);
    const under = handler({ maxBodyBytes: size - 1 });
    expect(await outcome(await under.handle(post(body, headers)))).toEqual([413, 'payload_too_large']);
    expect(under.handled).toEqual([]);
  });

  it('refuses the body before looking at the signature: an unsigned flood costs no HMAC', async () => {
    const { handle } = handler({ maxBodyBytes: 1024 });
    expect(await outcome(await handle(post('x'.repeat(1025))))).toEqual([413, 'payload_too_large']);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses maxBodyBytes %s at creation', (value) => {
    expect(() => createWebhookHandler({ secret, maxBodyBytes: value })).toThrow(ConfigurationError);
  });
});

describe('maxBodyBytes: toNodeHandler, a body a parser already buffered', () => {
  /** Runs the node handler on a request object with `body` set, as express.raw / express.text leave it. */
  async function withParsedBody(body: unknown, maxBodyBytes?: number) {
    const node = toNodeHandler(handler(maxBodyBytes === undefined ? {} : { maxBodyBytes }).handle);
    const sent: { status?: number; headers: Record<string, string>; body?: string } = { headers: {} };
    const req: NodeIncomingRequest = {
      method: 'POST',
      headers: {},
      body,
      readableDidRead: true,
      [Symbol.asyncIterator]() {
        throw new Error('the stream was read although a parser had buffered the body');
      },
    };
    const res: NodeServerResponse = {
      statusCode: 0,
      setHeader: (name, value) => void (sent.headers[name] = value),
      end: (bytes) => void (sent.body = new TextDecoder().decode(bytes)),
    };
    await node(req, res);
    return { status: res.statusCode, ...sent };
  }

  it('answers 413 to a Buffer over the limit, closing the connection', async () => {
    const answer = await withParsedBody(Buffer.alloc(MiB + 1, 0x20));
    expect([answer.status, answer.body]).toEqual([413, 'payload_too_large']);
    expect(answer.headers.connection).toBe('close');
  });

  it('answers 413 to a string over the limit, counted in UTF-8 bytes', async () => {
    expect((await withParsedBody('x'.repeat(MiB + 1))).status).toBe(413);
    // 100 characters of 3 bytes each: 300 bytes, over a 200-byte limit.
    expect((await withParsedBody('€'.repeat(500), 1024)).status).toBe(413);
  });

  it('handles a buffered delivery within the limit', async () => {
    const { body, headers } = await signed();
    const res: NodeServerResponse = { statusCode: 0, setHeader: () => undefined, end: () => undefined };
    await toNodeHandler(handler().handle)(
      {
        method: 'POST',
        headers: { 'x-service-signature': headers['x-service-signature'] },
        body: Buffer.from(body),
        async *[Symbol.asyncIterator]() {},
      },
      res,
    );
    expect(res.statusCode).toBe(200);
  });
});

// --- On loopback: a real node:http server, raw client sockets -----------------------------------

let server: Server | undefined;
afterEach(async () => {
  vi.useRealTimers();
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

/** A receiver on 127.0.0.1; `read` holds the body bytes each connection read from its socket. */
async function receiver(options: Partial<WebhookHandlerOptions> = {}) {
  const { handle, handled } = handler(options);
  const read: number[] = [];
  server = createServer(toNodeHandler(handle) as never);
  server.on('connection', (socket: Socket) => {
    socket.on('close', () => read.push(socket.bytesRead));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { port, handled, read };
}

const FRAME = 64 * 1024;
const payload = Buffer.alloc(FRAME, 0x20);
// One chunk of chunked transfer coding, built once and written again and again.
const chunkFrame = Buffer.concat([Buffer.from(`${FRAME.toString(16)}\r\n`), payload, Buffer.from('\r\n')]);

/**
 * Sends a 400 MB POST on a raw socket, writing one reused buffer as fast as the receiver reads,
 * and resolves with the status line of the answer once the connection is closed.
 */
function flood(port: number, framing: 'content-length' | 'chunked'): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const total = 400 * MiB;
    socket.on('data', (data) => void (answer += data.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.write(
      'POST /webhooks HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
        'x-service-signature: ' +
        '0'.repeat(64) +
        '\r\n' +
        (framing === 'chunked' ? 'transfer-encoding: chunked\r\n\r\n' : `content-length: ${total}\r\n\r\n`),
    );
    const pump = () => {
      while (sent < total && !socket.destroyed) {
        sent += FRAME;
        if (!socket.write(framing === 'chunked' ? chunkFrame : payload))
          return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

/**
 * A sender that declares a 400 MB body and keeps writing it, but reads nothing until `read()` is
 * called: `firstLine` is the first line it then reads ('' when the connection dropped first).
 */
function lateReader(port: number) {
  const socket = connect(port, '127.0.0.1');
  socket.pause();
  let answer = '';
  const firstLine = new Promise<string>((resolve) => {
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      if (answer.includes('\r\n')) resolve(answer.split('\r\n')[0] ?? '');
    });
    socket.on('close', () => resolve(''));
  });
  socket.on('error', () => undefined);
  socket.write(
    'POST /webhooks HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
      `x-service-signature: ${'0'.repeat(64)}\r\ncontent-length: ${400 * MiB}\r\n\r\n`,
  );
  const pump = () => {
    while (!socket.destroyed) if (!socket.write(payload)) return void socket.once('drain', pump);
  };
  pump();
  return { firstLine, read: () => socket.resume(), close: () => socket.destroy() };
}

/**
 * Resolves once `count` connections of the receiver have sent their answer and their FIN: the
 * 413's half-close, whose full close waits on the (faked) 500 ms linger.
 */
function halfClosed(count: number): Promise<void> {
  let left = count;
  return new Promise((resolve) =>
    server?.on('connection', (socket: Socket) =>
      socket.once('finish', () => {
        if (--left === 0) resolve();
      }),
    ),
  );
}

/** Ends the linger of every half-closed connection, on a clock faked with setTimeout only. */
const endLingers = () => vi.advanceTimersByTimeAsync(500);

async function genuine(port: number): Promise<[number, string]> {
  const { body, headers } = await signed();
  const res = await fetch(`http://127.0.0.1:${port}/webhooks`, { method: 'POST', body, headers });
  return [res.status, await res.text()];
}

describe('maxBodyBytes: toNodeHandler on loopback', () => {
  it('answers 413 to a declared 400 MB body and closes, having read none of it past the limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { port, read } = await receiver();
    const answered = halfClosed(1);
    const line = flood(port, 'content-length');
    await answered;
    await endLingers();
    expect(await line).toBe('HTTP/1.1 413 Payload Too Large');
    await expect.poll(() => read.length, { timeout: 5_000 }).toBe(1);
    expect(read[0]).toBeLessThanOrEqual(2 * MiB);
  });

  it('answers 413 to a 400 MB chunked body once it passes the limit, reading at most the limit and 1 MiB', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { port, read } = await receiver();
    const answered = halfClosed(1);
    const line = flood(port, 'chunked');
    await answered;
    await endLingers();
    expect(await line).toBe('HTTP/1.1 413 Payload Too Large');
    await expect.poll(() => read.length, { timeout: 5_000 }).toBe(1);
    expect(read[0]).toBeGreaterThan(MiB);
    expect(read[0]).toBeLessThanOrEqual(2 * MiB);
  });

  it('half-closes after the 413 and closes 500 ms later, so a sender that reads late still gets it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { port, read } = await receiver();
      const answered = new Promise<Socket>((resolve) =>
        server?.once('connection', (socket: Socket) => socket.once('finish', () => resolve(socket))),
      );
      const sender = lateReader(port);
      // The receiver has sent the 413 and its FIN; node:http would close the socket right after.
      const socket = await answered;
      await new Promise((resolve) => setImmediate(resolve));
      expect(socket.destroyed).toBe(false);
      sender.read();
      expect(await sender.firstLine).toBe('HTTP/1.1 413 Payload Too Large');
      await vi.advanceTimersByTimeAsync(499);
      expect(socket.destroyed).toBe(false);
      const closed = once(socket, 'close');
      await vi.advanceTimersByTimeAsync(1);
      await closed;
      expect(read[0]).toBeLessThanOrEqual(2 * MiB);
      sender.close();
    } finally {
      vi.useRealTimers();
    }
  });

  // Enough at once that the genuine deliveries arrive while floods are being read and refused:
  // what matters is that the receiver stays responsive, not how many it can take at once.
  const FLOODS = sized(40, 100);
  it(`keeps answering genuine deliveries while ${FLOODS} such requests arrive at once`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { port, read, handled } = await receiver();
    const answered = halfClosed(FLOODS);
    const floods = Array.from({ length: FLOODS }, (_, i) =>
      flood(port, i % 2 === 0 ? 'chunked' : 'content-length'),
    );
    const answers = await Promise.all(Array.from({ length: 5 }, () => genuine(port)));
    expect(answers).toEqual(Array.from({ length: 5 }, () => [200, 'handled']));
    await answered;
    await endLingers();
    const lines = await Promise.all(floods);
    expect(lines.filter((l) => l === 'HTTP/1.1 413 Payload Too Large')).toHaveLength(FLOODS);
    expect(handled).toHaveLength(5);
    await expect.poll(() => read.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(FLOODS);
    // Every connection, the floods' and the genuine ones', read at most the limit and 1 MiB.
    expect(Math.max(...read)).toBeLessThanOrEqual(2 * MiB);
  }, 60_000);
});
