// node:http and Express in front of the Fetch API handler. Uses only the request and response
// objects it is given (no import of a Node module), so the webhooks entry still bundles for the web.

import { WebhookVerificationError } from '../core/errors.js';
import { cores, headersOf, STATUS, type WebhookHandler } from './handler.js';

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
}

/** A node:http request listener, also usable as an Express route handler. */
export type NodeWebhookHandler = (req: NodeIncomingRequest, res: NodeServerResponse) => Promise<void>;

const parsedBodyError = () =>
  new WebhookVerificationError(
    'parsed_body',
    'toNodeHandler: a body parser already consumed the request body, so the signed bytes are gone. ' +
      "Mount the webhook route before app.use(express.json()), or give it express.raw({ type: 'application/json' }).",
  );

// The raw body: what express.raw (or express.text) kept, else the stream itself.
async function rawBody(req: NodeIncomingRequest): Promise<Uint8Array> {
  const { body } = req;
  if (body instanceof Uint8Array) return body;
  if (typeof body === 'string') return new TextEncoder().encode(body);
  // Express 4 leaves `{}` when no parser matched, without reading the stream.
  if ((body !== undefined && !isEmptyObject(body)) || req.readableDidRead) throw parsedBodyError();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of req) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : (chunk as Uint8Array);
    chunks.push(bytes);
    length += bytes.length;
  }
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

const isEmptyObject = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  Object.getPrototypeOf(v) === Object.prototype &&
  !Object.keys(v).length;

/**
 * Adapts a `createWebhookHandler` receiver to node:http and Express. It reads the raw body itself,
 * so mount it before any body parser (or after `express.raw({ type: 'application/json' })`). When
 * a parser already consumed the body it answers 500 and reports a `WebhookVerificationError`
 * (`parsed_body`) to `onError`: the route is misconfigured, and the service redelivers once fixed.
 *
 * @example
 * app.post('/webhooks', toNodeHandler(handle)); // before app.use(express.json())
 * http.createServer(toNodeHandler(handle)).listen(3000);
 */
export function toNodeHandler(
  handle: WebhookHandler,
  options: { onError?: ((error: unknown) => void) | undefined } = {},
): NodeWebhookHandler {
  const report = options.onError ?? ((error: unknown) => console.error('gateway-sdk:', error));
  const core = cores.get(handle);
  return async (req, res) => {
    if (core) {
      let outcome: string;
      let status: number;
      let headers: Record<string, string>;
      try {
        const o = await core(req.method ?? 'GET', req.headers['x-service-signature'], () => rawBody(req));
        [outcome, status, headers] = [o, STATUS[o], headersOf(o)];
      } catch (error) {
        report(error);
        outcome = error instanceof WebhookVerificationError ? error.reason : 'internal_error';
        [status, headers] = [500, { 'content-type': 'text/plain' }];
      }
      if (res.headersSent) return;
      res.statusCode = status;
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.end(new TextEncoder().encode(outcome));
      return;
    }
    // Any other Fetch API handler: through a web Request and Response.
    let response: Response;
    try {
      const method = req.method ?? 'GET';
      const init: RequestInit = { method, headers: toHeaders(req.headers) };
      if (method === 'POST') init.body = (await rawBody(req)) as Uint8Array<ArrayBuffer>;
      // The handler does not look at the URL; a fixed origin keeps a hostile Host header out of it.
      response = await handle(new Request(new URL(req.url ?? '/', 'http://localhost'), init));
    } catch (error) {
      report(error);
      response = new Response(error instanceof WebhookVerificationError ? error.reason : 'internal_error', {
        status: 500,
        headers: { 'content-type': 'text/plain' },
      });
    }
    if (res.headersSent) return;
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    res.end(new Uint8Array(await response.arrayBuffer()));
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
