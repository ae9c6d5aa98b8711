// mock.fetch served over real HTTP on loopback, for tests that need a socket (a child process, a
// browser, another language). node:http is imported inside the function so that the testing
// entry still loads, and bundles, where there is no Node. Needs no msw.
import { ConfigurationError } from '../core/errors.js';
import { escapeControls } from '../core/text.js';
import { isBrowserOrigin, ORIGIN_FORMS } from './origin.js';
import { MockConnectionReset } from './faults.js';
import { json, MAX_BODY_BYTES, pathMethods, routeNotFound } from './router.js';
import { ROUTES } from './routes/index.js';
import {
  createMockService,
  type MockClientOptions,
  type MockService,
  type MockServiceOptions,
} from './service.js';

/** Options of `startMockServer`: the service's, without addresses (both are the server's own URL). */
export interface MockServerOptions extends Omit<MockServiceOptions, 'baseURL' | 'sandboxBaseURL'> {
  /** Port to listen on, on 127.0.0.1 only. @default 0 (any free port) */
  port?: number | undefined;
  /**
   * Page origins, besides loopback ones, allowed to call the server from a browser, written as
   * the browser sends them (`'https://app.example.test'`); `'*'` allows every page. A page on any
   * other origin is refused (403), so a site you visit cannot drive the mock.
   * @default [] (only `http://localhost:*`, `http://127.0.0.1:*` and `http://[::1]:*`)
   */
  allowedOrigins?: readonly string[] | undefined;
}

/** A running loopback mock server. */
export interface MockServer {
  /** `http://127.0.0.1:<port>`: answers /sms, /payment and /account. */
  readonly url: string;
  /** Credentials and addresses for `new Client(server.clientOptions)`. */
  readonly clientOptions: MockClientOptions;
  /** The mock service behind the server, with its store. */
  readonly mock: MockService;
  /** Stops the server and closes open keep-alive connections. */
  close(): Promise<void>;
}

// The slices of node:http's request and response used here, typed locally: src/ declares no
// static import of a Node module, not even a type-only one: it must bundle for a browser as is.
interface IncomingMessage extends AsyncIterable<Uint8Array> {
  resume(): unknown;
  method?: string | undefined;
  url?: string | undefined;
  rawHeaders: string[];
  headers: Record<string, string | string[] | undefined>;
}
interface ServerResponse {
  writeHead(status: number, headers?: Record<string, string>): unknown;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  destroy(error?: Error): unknown;
  readonly writableEnded: boolean;
}

// Pages served from this machine may call the server; any other origin only when allowed by name.
// Vite and webpack-dev-server allow the same, after CVEs for pages driving a local dev server.
const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;
// What the API's requests carry, and nothing a page asks for beyond it.
const ALLOWED_HEADERS = 'authorization, content-type, idempotency-key, service-version, user-agent';
// Methods the server does not serve and `Request` cannot even hold; every other method reaches
// the routes, which answer 405 with `Allow` for a path they know.
const UNSERVED = /^(CONNECT|TRACE|TRACK)$/i;

const corsHeaders = (origin: string | undefined): Record<string, string> =>
  origin === undefined
    ? {}
    : {
        'access-control-allow-origin': origin,
        'access-control-expose-headers': 'x-request-id, idempotent-replayed',
        vary: 'origin',
      };

// A refusal in the mock's error format, before the request reaches any route. It carries a request
// id like every other answer (docs/mock-service.md), so a refused request can be quoted too.
// The message quotes the request's own Host or Origin: escaped with the one control-character set,
// as every text the mock prints, so that a header cannot drive the terminal that shows it.
const refusal = (
  requestId: string,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) =>
  json(
    status,
    { error: { type: 'invalid_request_error', code, message: escapeControls(message), param: null } },
    requestId,
    headers,
  );

const methodRefusal = (requestId: string, method: string) =>
  refusal(
    requestId,
    405,
    'method_not_allowed',
    `The mock does not serve ${method}; it answers GET and POST.`,
    {
      allow: 'GET, POST',
    },
  );

/**
 * Serves the mock on `http://127.0.0.1:<port>` with node:http (Node, Bun and Deno).
 *
 * @example
 * const server = await startMockServer();
 * const client = new Client(server.clientOptions);
 * // …
 * await server.close();
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { createServer } = await import('node:http');
  const { port = 0, allowedOrigins = [], ...serviceOptions } = options;
  const wrong = allowedOrigins.find((o) => o !== '*' && !isBrowserOrigin(o));
  if (wrong !== undefined)
    throw new ConfigurationError(
      `startMockServer: allowedOrigins takes ${ORIGIN_FORMS} (got ${JSON.stringify(escapeControls(wrong))}).`,
      'allowedOrigins',
    );
  // The handlers are bound to the server's URL, known only once it listens.
  const state: ServerState = { allowedOrigins };
  const server = createServer((req, res) => listener(state, req, res));
  // node:http hands CONNECT to this event, not to the request listener; without it the socket is
  // dropped with no answer. Answered here like every other method the mock does not serve.
  server.on('connect', (_req: unknown, socket: { end(data: string): unknown }) => {
    // Before the server listens there is no mock, hence no request id to give.
    socket.end(connectRefusal(state.mock?.store.nextRequestId()));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  const url = `http://127.0.0.1:${bound}`;
  state.hosts = new Set([`127.0.0.1:${bound}`, `localhost:${bound}`, `[::1]:${bound}`]);
  // Closing ends the deliveries in flight too: a receiver that never answers would otherwise keep
  // the process alive for their timeout.
  const stop = new AbortController();
  const mock = (state.mock = createMockService({
    ...serviceOptions,
    baseURL: url,
    sandboxBaseURL: url,
    signal: stop.signal,
  }));
  return {
    url,
    clientOptions: mock.clientOptions,
    mock,
    close: () =>
      new Promise<void>((resolve, reject) => {
        stop.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets would otherwise hold close() open until they time out.
        server.closeAllConnections();
      }),
  };
}

interface ServerState {
  readonly allowedOrigins: readonly string[];
  mock?: MockService;
  hosts?: Set<string>;
}

/** The raw answer to CONNECT, which never reaches the request listener. */
function connectRefusal(requestId: string | undefined): string {
  const body = JSON.stringify({
    error: {
      type: 'invalid_request_error',
      code: 'method_not_allowed',
      message: 'The mock does not serve CONNECT; it answers GET and POST.',
      param: null,
    },
  });
  return (
    'HTTP/1.1 405 Method Not Allowed\r\nallow: GET, POST\r\ncontent-type: application/json\r\n' +
    (requestId === undefined ? '' : `x-request-id: ${requestId}\r\n`) +
    `content-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`
  );
}

/** Every request: refused when it is not for this server or from an allowed page, else served. */
function listener(state: ServerState, req: IncomingMessage, res: ServerResponse): void {
  if (state.mock === undefined || state.hosts === undefined) {
    res.writeHead(503);
    return void res.end();
  }
  const origin = req.headers.origin;
  const refused = refusalOf(state.mock, state.hosts, state.allowedOrigins, req);
  if (refused) {
    req.resume();
    return void send(refused, res, {}).catch(() => res.destroy());
  }
  serve(state.mock, req, res, corsHeaders(typeof origin === 'string' ? origin : undefined)).catch(
    (error: unknown) => {
      res.destroy(error instanceof Error ? error : undefined);
    },
  );
}

/** The refusal of a request the mock must not serve, or undefined. */
function refusalOf(
  mock: MockService,
  hosts: Set<string>,
  allowedOrigins: readonly string[],
  req: IncomingMessage,
): Response | undefined {
  const origin = req.headers.origin;
  const host = req.headers.host;
  const requestId = (): string => mock.store.nextRequestId();
  // DNS rebinding: a page on evil.test whose name now resolves to 127.0.0.1 sends Host: evil.test.
  // 421 Misdirected Request, not 403: the SDK reads a 403 as a key without the permission.
  if (typeof host === 'string' && !hosts.has(host.toLowerCase()))
    return refusal(
      requestId(),
      421,
      'host_not_allowed',
      `The mock answers only requests addressed to it on loopback (${[...hosts].join(', ')}), ` +
        `not to ${JSON.stringify(host.toLowerCase())}: a page on another site cannot reach it through DNS.`,
    );
  const page =
    typeof origin === 'string' &&
    (LOOPBACK_ORIGIN.test(origin) || allowedOrigins.some((o) => o === '*' || o === origin));
  if (typeof origin === 'string' && !page)
    return refusal(
      requestId(),
      403,
      'origin_not_allowed',
      `Pages on ${JSON.stringify(origin)} may not call the mock: only loopback pages can. Allow it with ` +
        `startMockServer({ allowedOrigins: [${JSON.stringify(origin)}] }) or gateway-sdk mock --allow-origin ${origin}.`,
    );
  if (UNSERVED.test(req.method ?? '')) return methodRefusal(requestId(), req.method ?? '');
  return undefined;
}

async function serve(
  mock: MockService,
  req: IncomingMessage,
  res: ServerResponse,
  cors: Record<string, string>,
): Promise<void> {
  // A client that hangs up ends an injected delay, as it would end a real request.
  const abort = new AbortController();
  res.once('close', () => {
    if (!res.writableEnded) abort.abort(new Error('The client closed the connection.'));
  });
  const request = await toRequest(req, mock.clientOptions.baseURL, abort.signal);
  let response: Response;
  if (request.method === 'OPTIONS') {
    // Answered here, not by the routes: a preflight carries no credential, and no fault applies.
    const url = new URL(request.url);
    const { baseURL, sandboxBaseURL } = mock.clientOptions;
    const methods = pathMethods(ROUTES, { sms: baseURL, account: baseURL, payment: sandboxBaseURL }, url);
    const requestId = mock.store.nextRequestId();
    response =
      methods.length === 0
        ? json(404, routeNotFound('OPTIONS', url.pathname).toBody(), requestId)
        : new Response(null, {
            status: 204,
            headers: {
              allow: [...methods, 'OPTIONS'].sort().join(', '),
              'access-control-allow-methods': 'GET, POST',
              'access-control-allow-headers': ALLOWED_HEADERS,
              'access-control-max-age': '600',
              'x-request-id': requestId,
            },
          });
  } else {
    try {
      response = await mock.fetch(request);
    } catch (error) {
      // An injected reset: the connection is destroyed without an answer.
      if (error instanceof MockConnectionReset) return void res.destroy();
      throw error;
    }
  }
  await send(response, res, cors);
}

async function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    // HTTP/1 connection headers are not for fetch's Headers (it refuses some of them).
    if (!/^(connection|keep-alive|transfer-encoding|upgrade|host)$/i.test(name))
      headers.append(name, req.rawHeaders[i + 1] as string);
  }
  const method = req.method ?? 'GET';
  let body: Uint8Array | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Uint8Array[] = [];
    let length = 0;
    for await (const chunk of req) {
      // Past the size limit the rest is drained, not kept: the core answers 413 on what it sees.
      if (length > MAX_BODY_BYTES) continue;
      chunks.push(chunk as Uint8Array);
      length += (chunk as Uint8Array).byteLength;
    }
    // Not Buffer.concat: Deno has no global Buffer.
    body = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
  }
  // Concatenated rather than resolved: a request target such as `//host/path` must stay a path.
  const target = req.url?.startsWith('/') ? req.url : '/';
  return new Request(`${origin}${target}`, { method, headers, body: body as BodyInit | undefined, signal });
}

async function send(response: Response, res: ServerResponse, cors: Record<string, string>): Promise<void> {
  const headers: Record<string, string> = { ...cors };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body === null) return void res.end();
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // Respect back-pressure: wait for the socket to drain before writing more.
    if (!res.write(value)) {
      await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
    }
  }
  res.end();
}
