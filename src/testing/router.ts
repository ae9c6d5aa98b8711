// What every route shares, applied in this order: request id, strict path match (404, or 405 with
// `Allow`), Authorization for the area, Service-Version (sms and payment), and for POSTs the size
// limit, the Idempotency-Key, the JSON body and the replay of a remembered answer. Routes then
// only validate their fields and touch the store. No MSW here: the adapters wrap this.
import { isServiceVersion } from '../core/version.js';
import { MockApiError } from './errors.js';
import { canonicalJson, idempotencyKeyOf } from './idempotency.js';
import type { MockStore } from './store.js';
import { type Body, parseJsonObject } from './validation.js';
import { MIB } from '../limits.js';

/** The three areas of the API; each has its own credential. */
export type Area = 'sms' | 'payment' | 'account';

/** Option names of the three credentials, as `new Client(...)` spells them. */
export type CredentialName = 'apiKey' | 'testApiKey' | 'accessToken';

/** Which credential each area takes (the API reference's Authentication). */
export const AREA_CREDENTIAL: Record<Area, CredentialName> = {
  sms: 'apiKey',
  payment: 'testApiKey',
  account: 'accessToken',
};

/** The mock's request size limit: bodies over 1 MiB are answered 413 (docs/mock-service.md). */
export const MAX_BODY_BYTES = MIB;

/** What the routes of one mock service share. */
export interface ServiceContext {
  store: MockStore;
  now: () => Date;
  autoAdvance: boolean;
  credentials: Record<CredentialName, string>;
  /** Base address of each area, without a trailing slash. */
  addresses: Record<Area, string>;
  /** The `Service-Version` dates the mock serves; any other is refused. */
  serviceVersions: ReadonlySet<string>;
}

/** What a route's handler receives. */
export interface RouteContext {
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body of a POST; `{}` for a GET. */
  body: Body;
  service: ServiceContext;
  store: MockStore;
  /** The mock's clock for this request, read once. */
  now: Date;
}

/** A successful answer; the status defaults to 200. */
export interface RouteResult {
  status?: number;
  body: unknown;
}

/** One endpoint of the reference. */
export interface Route {
  area: Area;
  method: 'GET' | 'POST';
  /** Relative to the area's address, `:name` for a parameter: `sms/messages/:message_id`. */
  path: string;
  handle(ctx: RouteContext): RouteResult;
}

/** A route found for a request: the route and its decoded path parameters. */
export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/** The key of a route as the reference writes it: `GET /sms/messages/{message_id}`. */
export function routeKey(route: Route): string {
  return `${route.method} /${route.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
}

/**
 * The routes whose path matches `url`, compared segment by segment and case-sensitively, with no
 * trailing slash: `/SMS/MESSAGES` and `/sms/messages/` are not `/sms/messages`.
 */
export function matchPath(routes: readonly Route[], addresses: Record<Area, string>, url: URL): RouteMatch[] {
  const out: RouteMatch[] = [];
  for (const route of routes) {
    const base = new URL(addresses[route.area]);
    if (base.origin !== url.origin) continue;
    const prefix = base.pathname.replace(/\/+$/, '');
    if (!url.pathname.startsWith(`${prefix}/`)) continue;
    const params = matchSegments(route.path.split('/'), url.pathname.slice(prefix.length + 1).split('/'));
    if (params) out.push({ route, params });
  }
  return out;
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | undefined {
  if (pattern.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i] as string;
    const got = actual[i] as string;
    if (want.startsWith(':')) {
      if (got === '') return undefined;
      let value: string;
      try {
        value = decodeURIComponent(got);
      } catch {
        return undefined;
      }
      params[want.slice(1)] = value;
    } else if (want !== got) {
      return undefined;
    }
  }
  return params;
}

/** The answer of the mock to one request, errors included; never throws. */
export async function answerRequest(
  routes: readonly Route[],
  service: ServiceContext,
  request: Request,
): Promise<Response> {
  const response = await answerWithBody(routes, service, request);
  if (request.method !== 'HEAD') return response;
  // HEAD is GET without the body (RFC 9110, 9.3.2): same status and headers, and the length the
  // body would have had, so a client checking a resource need not download it.
  const bytes = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set('content-length', String(bytes.byteLength));
  return new Response(null, { status: response.status, statusText: response.statusText, headers });
}

/** 404 for a path no route serves, with any method. */
export function routeNotFound(method: string, pathname: string): MockApiError {
  return new MockApiError(
    'not_found',
    'route_not_found',
    `The mock has no route ${method} ${pathname} (paths are case-sensitive and have no trailing slash).`,
  );
}

/**
 * The methods a path answers, as an `Allow` header lists them: its routes' methods, with HEAD
 * wherever GET is served; empty for a path no route serves.
 */
export function pathMethods(routes: readonly Route[], addresses: Record<Area, string>, url: URL): string[] {
  const methods = new Set<string>(matchPath(routes, addresses, url).map((m) => m.route.method));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

async function answerWithBody(
  routes: readonly Route[],
  service: ServiceContext,
  request: Request,
): Promise<Response> {
  const requestId = service.store.nextRequestId();
  try {
    const url = new URL(request.url);
    const matches = matchPath(routes, service.addresses, url);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const match = matches.find((m) => m.route.method === method);
    if (match === undefined) {
      if (matches.length === 0) throw routeNotFound(request.method, url.pathname);
      const allow = [...new Set(matches.map((m) => m.route.method))].sort().join(', ');
      const error = new MockApiError(
        'invalid_request_error',
        'method_not_allowed',
        `${url.pathname} does not take ${request.method}; use ${allow}.`,
        null,
        405,
      );
      return json(error.status, error.toBody(), requestId, { allow });
    }
    return await answer(match, service, request, url, requestId);
  } catch (error) {
    const failure =
      error instanceof MockApiError
        ? error
        : new MockApiError(
            'api_error',
            'internal_error',
            `The mock failed: ${error instanceof Error ? error.message : String(error)}`,
          );
    return json(failure.status, failure.toBody(), requestId);
  }
}

async function answer(
  { route, params }: RouteMatch,
  service: ServiceContext,
  request: Request,
  url: URL,
  requestId: string,
): Promise<Response> {
  const { store } = service;
  const credential = authenticate(route.area, request.headers, service.credentials);
  if (route.area !== 'account') checkServiceVersion(request.headers, service.serviceVersions);

  let body: Body = {};
  let key: string | undefined;
  let fingerprint = '';
  if (route.method === 'POST') {
    key = idempotencyKeyOf(request.headers);
    // An action (a cancel) is a POST with no body: it routes as `{}`, whatever its Content-Type.
    // A body that is there must be JSON; a declared one is refused by its type before it is read.
    const declared = request.headers.get('content-length');
    if (declared !== null && declared !== '0') checkContentType(request.headers);
    const text = request.body === null || declared === '0' ? '' : await readBody(request);
    if (text !== '') {
      checkContentType(request.headers);
      body = parseJsonObject(text);
    }
    fingerprint = `POST ${url.pathname}\n${canonicalJson(body)}`;
    if (key !== undefined) {
      const replay = store.idempotency.lookup(credential, key, fingerprint, service.now().getTime());
      if (replay) return json(replay.status, replay.body, requestId, { 'idempotent-replayed': 'true' });
    }
  }

  const now = service.now();
  const result = route.handle({ params, query: url.searchParams, body, service, store, now });
  const status = result.status ?? 200;
  // A snapshot: the store's objects change later (status, timestamps), a replay must not.
  const snapshot: unknown = JSON.parse(JSON.stringify(result.body));
  // Only successes are remembered, so a request refused with a 4xx can be fixed and retried
  // with the same key.
  if (key !== undefined && status >= 200 && status < 300)
    store.idempotency.remember(credential, key, { fingerprint, status, body: snapshot }, now.getTime());
  return json(status, snapshot, requestId);
}

function tooLarge(bytes: number | string): MockApiError {
  return new MockApiError(
    'invalid_request_error',
    'request_too_large',
    `The request body is ${bytes} bytes; the limit is ${MAX_BODY_BYTES} bytes (1 MiB). Send fewer ` +
      `recipients per request.`,
    null,
    413,
  );
}

// Reads at most the limit: a declared Content-Length over it is refused before reading, and a
// body without one is cut off as soon as it passes the limit.
async function readBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > MAX_BODY_BYTES) throw tooLarge(declared);
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`more than ${MAX_BODY_BYTES}`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** A JSON answer with the mock's request id. */
export function json(
  status: number,
  body: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...headers },
  });
}

function authenticate(area: Area, headers: Headers, credentials: Record<CredentialName, string>): string {
  const expected = AREA_CREDENTIAL[area];
  const header = headers.get('authorization');
  if (header === null) {
    throw new MockApiError(
      'authentication_error',
      'missing_authorization',
      `${area} requests need the header Authorization: Bearer <${expected}>.`,
    );
  }
  const token = /^Bearer +(\S+)$/i.exec(header)?.[1];
  if (token === undefined) {
    throw new MockApiError(
      'authentication_error',
      'invalid_authorization',
      `The Authorization header must be "Bearer <${expected}>".`,
    );
  }
  if (token !== credentials[expected]) {
    // Name the credential that was sent when it is another area's, never echo the value.
    const other = (Object.keys(credentials) as CredentialName[]).find((name) => credentials[name] === token);
    const why = other
      ? `the bearer token is the ${other}, but ${area} requests take the ${expected}`
      : `the bearer token is not the mock's ${expected}`;
    throw new MockApiError(
      'authentication_error',
      area === 'account' ? 'invalid_access_token' : 'invalid_api_key',
      `Invalid credential: ${why}.`,
    );
  }
  return token;
}

// The API reference's Versioning: required on sms and payment, a YYYY-MM-DD date. Which dates the
// service supports, and what it answers to others, is "not shown": the mock serves the dates it
// was given and refuses the rest as a service would an unsupported version, so trying a new
// version against it shows what a refusal looks like (docs/versioning.md).
function checkServiceVersion(headers: Headers, served: ReadonlySet<string>): void {
  const version = headers.get('service-version');
  const example = `e.g. Service-Version: ${[...served][0] ?? '2026-01-01'}`;
  if (version === null) {
    throw new MockApiError(
      'invalid_request_error',
      'parameter_missing',
      `The Service-Version header is required, ${example}.`,
      'Service-Version',
    );
  }
  if (!isServiceVersion(version)) {
    throw new MockApiError(
      'invalid_request_error',
      'parameter_invalid',
      `The Service-Version header must be a calendar date matching ^\\d{4}-\\d{2}-\\d{2}$, ${example}.`,
      'Service-Version',
    );
  }
  if (!served.has(version)) {
    throw new MockApiError(
      'invalid_request_error',
      'unsupported_version',
      `Service-Version ${version} is not supported; supported: ${[...served].join(', ')}. ` +
        `(The mock serves the versions given by createMockService's serviceVersions option.)`,
      'Service-Version',
    );
  }
}

function checkContentType(headers: Headers): void {
  const type = headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new MockApiError(
      'invalid_request_error',
      'unsupported_media_type',
      `Request bodies must be sent as Content-Type: application/json (got ` +
        `${type === undefined ? 'none' : JSON.stringify(type)}).`,
      'Content-Type',
      415,
    );
  }
}
