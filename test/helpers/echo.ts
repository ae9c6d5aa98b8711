// A loopback server that echoes the request's credential back wherever a careless or hostile
// service might: the status line, the body (in each JSON encoder's escapes), and headers. A file
// takes one for all its tests with useEchoServer(): 127.0.0.1, a free port, closed after the file.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, vi } from 'vitest';
import { Client, type ClientOptions } from 'gateway-sdk';
import { type Loopback, listen, readText } from './loopback.js';
import { memoryLogger } from '../helpers/wire.js';

/** How the server answers; gets the bare credential (without `Bearer `). */
export type Echo = (res: ServerResponse, credential: string, req: IncomingMessage) => void;

/** A request the echo server saw. */
export interface EchoedRequest {
  headers: IncomingMessage['headers'];
  body: string;
  url: string;
}

/** The handler of an echo server: records each request in `requests`, then answers with `echo()`. */
function echoing(requests: EchoedRequest[], echo: () => Echo) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readText(req);
    requests.push({ headers: req.headers, body, url: req.url ?? '' });
    echo()(res, (req.headers.authorization ?? '').replace(/^Bearer /, ''), req);
  };
}

/** The echo server of a file's tests. */
export interface EchoEnv {
  /** The listening server (its `url`); throws before the file's `beforeAll` has started it. */
  readonly server: Loopback;
  /** Replaces how the server answers (at a file's top level, in a hook or in a test). */
  setEcho(echo: Echo): void;
  /** The requests the server saw, oldest first; a test may empty it. */
  readonly requests: EchoedRequest[];
}

/**
 * Starts an echo server (127.0.0.1, a free port) before the calling file's tests and closes it after
 * them. Unless `jitter: 'real'`, Math.random returns 0 for the file so that backoff retries wait no
 * real time; the spy is restored after the file.
 */
export function useEchoServer(options: { jitter?: 'zero' | 'real' } = {}): EchoEnv {
  let current: Echo = (res) => res.end();
  const requests: EchoedRequest[] = [];
  let server: Loopback | undefined;
  beforeAll(async () => {
    if (options.jitter !== 'real') vi.spyOn(Math, 'random').mockReturnValue(0);
    server = await listen(echoing(requests, () => current));
  });
  afterAll(async () => {
    if (options.jitter !== 'real') vi.restoreAllMocks();
    await server?.close();
  });
  return {
    get server() {
      if (server === undefined)
        throw new Error('the echo server starts before the tests: read it inside one');
      return server;
    },
    requests,
    setEcho: (echo) => {
      current = echo;
    },
  };
}

/** A client on `url` for every area, logging at debug into `lines`. */
export function echoClient(url: string, key: string, options: ClientOptions = {}) {
  const { lines, logger } = memoryLogger();
  const client = new Client({
    apiKey: key,
    testApiKey: key,
    accessToken: key,
    baseURL: url,
    sandboxBaseURL: url,
    maxRetries: 0,
    // Roomy: on a busy machine an answer must not turn into a timeout (no test here waits for one).
    timeout: 60_000,
    logger,
    logLevel: 'debug',
    ...options,
  });
  return { client, lines };
}

/** Writes the `x-service-signature`-free JSON answer `status` with `text` as its raw body. */
export function answer(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string | string[]> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}
