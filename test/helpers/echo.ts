// A loopback server that echoes the request's credential back wherever a careless or hostile
// service might: the status line, the body (in each JSON encoder's escapes), and headers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Client, type ClientOptions } from 'gateway-sdk';
import { type Loopback, listen, readText } from './loopback.js';
import { memoryLogger } from '../helpers/wire.js';

/** How the server answers; gets the bare credential (without `Bearer `). */
export type Echo = (res: ServerResponse, credential: string, req: IncomingMessage) => void;

/** A server whose answer is `echo`, replaceable between tests, and the requests it saw. */
export async function echoServer(): Promise<{
  server: Loopback;
  setEcho(echo: Echo): void;
  requests: { headers: IncomingMessage['headers']; body: string; url: string }[];
}> {
  let current: Echo = (res) => res.end();
  const requests: { headers: IncomingMessage['headers']; body: string; url: string }[] = [];
  const server = await listen(async (req, res) => {
    const body = await readText(req);
    requests.push({ headers: req.headers, body, url: req.url ?? '' });
    current(res, (req.headers.authorization ?? '').replace(/^Bearer /, ''), req);
  });
  return { server, requests, setEcho: (echo) => (current = echo) };
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
    timeout: 2000,
    logger,
    logLevel: 'debug',
    ...options,
  });
  return { client, lines };
}

/** The rejection of `p` (fails the test if it resolves). */
export async function rejection(p: PromiseLike<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
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
