// A real node:http server on 127.0.0.1 for tests that need real sockets (resets, stalls, slow
// bodies), which MSW cannot produce. Tracks every socket so close() also ends keep-alive ones.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** A listening loopback server. */
export interface Loopback {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Stops listening and destroys every open connection, idle keep-alive ones included. */
  close(): Promise<void>;
}

/** Serves `handler` on 127.0.0.1, on a free port. */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => unknown,
): Promise<Loopback> {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    // A client that gives up mid-request (timeout, abort) makes these emit errors; they are expected.
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(599, { 'content-type': 'text/plain' });
      res.end(`test server bug: ${String(error)}`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The request body as text. */
export async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
