// The node:http and Express adapter over the receiver's core (receiver.ts), beside the Fetch API one
// (handler.ts). Uses only the request and response objects it is given (no import of a Node
// module), so the webhooks entry still bundles for the web.

import { WebhookVerificationError } from '../core/errors.js';
import { collect, declaredOver } from './body.js';
import type { WebhookHandler } from './handler.js';
import { limitedLog } from './log-limit.js';
import { answerOf, receiverOf, TEXT_PLAIN } from './receiver.js';
import { MIB } from '../limits.js';

/** The parts of node:http's `IncomingMessage` (and Express's `Request`) that are read. */
export interface NodeIncomingRequest extends AsyncIterable<unknown> {
  /** HTTP method. */
  method?: string | undefined;
  /** Path and query. */
  url?: string | undefined;
  /** Header values by lowercase name. */
  headers: Record<string, string | string[] | undefined>;
  /** Set by a body parser (Express's `express.raw`, `express.json`…); read when present. */
  body?: unknown;
  /** Whether something already read the stream. */
  readableDidRead?: boolean | undefined;
}

/** The parts of node:http's `ServerResponse` (and Express's `Response`) that are written. */
export interface NodeServerResponse {
  /** Status to send. */
  statusCode: number;
  /** Sets one response header. */
  setHeader(name: string, value: string): unknown;
  /** Sends the body and finishes the response. */
  end(body?: Uint8Array): unknown;
  /** Whether the head was sent already. */
  readonly headersSent?: boolean;
  // node:net's Socket: `end` half-closes, `destroySoon` is what node:http calls to close.
  /** The connection, when there is one: after a 413 it is half-closed first, closed 500 ms later. */
  readonly socket?: {
    /** Sends what is written, then FIN. */
    end(): unknown;
    /** Closes at once. */
    destroy(): unknown;
    /** Stops reading. */
    pause(): unknown;
    /** Reads again. */
    resume(): unknown;
    /** node:http's close after a `connection: close` answer. */
    destroySoon?: (() => void) | undefined;
  } | null;
}

/** A node:http request listener, also usable as an Express route handler. */
export type NodeWebhookHandler = (req: NodeIncomingRequest, res: NodeServerResponse) => Promise<void>;

// The raw body: what express.raw (or express.text) kept, else the stream itself; `undefined` when
// it is longer than `limit` bytes. Past the limit the stream is left unread (not destroyed, which
// would drop the 413 with the socket); the answer says `connection: close`, and `linger` closes it.
async function rawBody(req: NodeIncomingRequest, limit: number): Promise<Uint8Array | undefined> {
  const { body } = req;
  if (body instanceof Uint8Array) return body.length > limit ? undefined : body;
  if (typeof body === 'string') {
    // A string's UTF-8 length is at least its length: a long one is refused before encoding it.
    const bytes = body.length > limit ? undefined : new TextEncoder().encode(body);
    return bytes && bytes.length <= limit ? bytes : undefined;
  }
  // Express 4 leaves `{}` when no parser matched, without reading the stream.
  if ((body !== undefined && !isEmptyObject(body)) || req.readableDidRead)
    throw new WebhookVerificationError(
      'parsed_body',
      'toNodeHandler: a body parser already consumed the request body, so the signed bytes are gone. ' +
        "Mount the webhook route before app.use(express.json()), or give it express.raw({ type: 'application/json' }).",
    );
  if (declaredOver(req.headers['content-length'], limit)) return undefined;
  const chunks = req[Symbol.asyncIterator]();
  try {
    return await collect(async () => {
      const r = await chunks.next();
      // A stream given an encoding (req.setEncoding) yields text: the signature covers its UTF-8.
      return typeof r.value === 'string'
        ? { value: new TextEncoder().encode(r.value) }
        : (r as IteratorResult<Uint8Array, unknown>);
    }, limit);
  } catch (error) {
    throw new DroppedUpload(error);
  }
}

/**
 * The sender closed the connection before its whole body arrived (node:http's `aborted`): nothing
 * was handled, and the service delivers the event again. Routine on a busy receiver, so logged as
 * one line rather than with a stack.
 */
class DroppedUpload extends Error {
  constructor(cause: unknown) {
    super(
      `webhook delivery dropped by the sender before its body arrived (${cause instanceof Error ? cause.message : String(cause)}): nothing was handled`,
      { cause },
    );
  }
}

/** What toNodeHandler reads of a body for a Fetch API handler that is not createWebhookHandler's. */
const DEFAULT_MAX_BODY_BYTES = MIB;

/** How long a connection refused with 413 stays half-closed (Go's net/http waits as long). */
const LINGER_MS = 500;

// Closing a socket that still holds unread bytes makes the kernel answer with a reset, and a reset
// that reaches the sender before it has read the 413 throws the 413 away: the sender sees only a
// dropped connection. So, as Go's net/http does, node:http's close after the answer becomes a
// half-close (the 413, then FIN) and the full close comes 500 ms later, still reading nothing.
// node:http closes through `destroySoon`; where it does not (other runtimes), nothing changes.
// Just before, it starts draining the unread body (to free the connection) by resuming the socket,
// and drains it without backpressure; a linger that read would read whatever the sender pushes. So
// the socket is paused, and stays paused, until the close.
function linger(res: NodeServerResponse): void {
  const socket = res.socket;
  if (socket?.destroySoon)
    socket.destroySoon = () => {
      socket.pause();
      socket.resume = () => socket;
      socket.end();
      // Unref'd: the close is not worth keeping the process alive for.
      (setTimeout(() => socket.destroy(), LINGER_MS) as { unref?: () => void }).unref?.();
    };
}

const isEmptyObject = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  Object.getPrototypeOf(v) === Object.prototype &&
  !Object.keys(v).length;

/**
 * Adapts a `createWebhookHandler` receiver to node:http and Express. It reads the raw body itself,
 * so mount it before any body parser (or after `express.raw({ type: 'application/json' })`), and
 * never past the handler's `maxBodyBytes` (1 MiB for any other Fetch handler): over it, 413 with
 * `connection: close`, the rest left unread, and the connection closed 500 ms after the answer (so
 * the sender reads the 413 before the close resets the connection). When
 * a parser already consumed the body it answers 500 and reports a `WebhookVerificationError`
 * (`parsed_body`) to `onError`: the route is misconfigured, and the service redelivers once fixed.
 * Without `onError`, a sender that hangs up mid-body is logged in one line, at most five a minute,
 * and then one line a minute counts the rest.
 *
 * @example
 * app.post('/webhooks', toNodeHandler(handle)); // before app.use(express.json())
 * http.createServer(toNodeHandler(handle)).listen(3000);
 */
export function toNodeHandler(
  handle: WebhookHandler,
  options: { onError?: ((error: unknown) => void) | undefined } = {},
): NodeWebhookHandler {
  // Hang-ups are the sender's to make: without onError, the first few a minute are logged one by
  // one, then one line counts the rest.
  const dropped = limitedLog((line) => console.error(line), 'webhook deliveries dropped by the sender');
  const report = (error: unknown) =>
    options.onError
      ? options.onError(error)
      : error instanceof DroppedUpload
        ? dropped(`gateway-sdk: ${error.message}`)
        : console.error('gateway-sdk:', error);
  const receive = receiverOf(handle);
  return async (req, res) => {
    let status: number;
    let body: string | Uint8Array;
    let headers: Iterable<[string, string]>;
    try {
      if (receive) {
        const outcome = await receive(
          req.method ?? 'GET',
          (name) => req.headers[name],
          (limit) => rawBody(req, limit),
        );
        const answer = answerOf(outcome);
        status = answer.status;
        body = outcome;
        headers = [['content-type', TEXT_PLAIN], ...Object.entries(answer.headers)];
      } else {
        // Any other Fetch API handler: through a web Request and Response.
        const method = req.method ?? 'GET';
        const init: RequestInit = { method, headers: toHeaders(req.headers) };
        const raw = method === 'POST' ? await rawBody(req, DEFAULT_MAX_BODY_BYTES) : new Uint8Array();
        if (method === 'POST') init.body = raw as Uint8Array<ArrayBuffer>;
        // The handler does not look at the URL; a fixed origin keeps a hostile Host header out of it.
        const response = raw
          ? await handle(new Request(new URL(req.url ?? '/', 'http://localhost'), init))
          : new Response('payload_too_large', { status: 413 });
        status = response.status;
        body = new Uint8Array(await response.arrayBuffer());
        headers = response.headers;
      }
    } catch (error) {
      report(error);
      status = 500;
      body = error instanceof WebhookVerificationError ? error.reason : 'internal_error';
      headers = [['content-type', TEXT_PLAIN]];
    }
    if (res.headersSent) return;
    res.statusCode = status;
    for (const [name, value] of headers) res.setHeader(name, value);
    if (status === 413) {
      res.setHeader('connection', 'close');
      linger(res);
    }
    res.end(typeof body === 'string' ? new TextEncoder().encode(body) : body);
  };
}

function toHeaders(headers: NodeIncomingRequest['headers']): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.append(name, v);
  }
  return out;
}
