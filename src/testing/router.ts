// What every route shares, applied in this order: request id, Authorization for the area,
// Service-Version (sms and payment), and for POSTs the Idempotency-Key, the JSON body and the
// replay of a remembered answer. Routes then only validate their fields and touch the store.
import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import { MockApiError } from './errors.js';
import { canonicalJson, idempotencyKeyOf } from './idempotency.js';
import type { MockStore } from './store.js';
import { type Body, parseJsonObject } from './validation.js';

/** The three areas of the API; each has its own credential. */
export type Area = 'sms' | 'payment' | 'account';

/** Option names of the three credentials, as `new Client(...)` spells them. */
export type CredentialName = 'apiKey' | 'testApiKey' | 'accessToken';

/** Which credential each area takes (api-reference.md, Authentication 2). */
export const AREA_CREDENTIAL: Record<Area, CredentialName> = {
  sms: 'apiKey',
  payment: 'testApiKey',
  account: 'accessToken',
};

/** What the routes of one mock service share. */
export interface ServiceContext {
  store: MockStore;
  now: () => Date;
  autoAdvance: boolean;
  credentials: Record<CredentialName, string>;
  /** Base address of each area, without a trailing slash. */
  addresses: Record<Area, string>;
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
  /** Relative to the area's address, MSW path syntax: `sms/messages/:message_id`. */
  path: string;
  handle(ctx: RouteContext): RouteResult;
}

const VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The MSW handler of one route, bound to one mock service. */
export function toHandler(route: Route, service: ServiceContext): HttpHandler {
  const url = `${service.addresses[route.area]}/${route.path}`;
  const method = route.method === 'GET' ? http.get : http.post;
  return method(url, async ({ request, params }) => {
    const requestId = service.store.nextRequestId();
    try {
      return await answer(route, service, request, stringParams(params), requestId);
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
  });
}

async function answer(
  route: Route,
  service: ServiceContext,
  request: Request,
  params: Record<string, string>,
  requestId: string,
): Promise<Response> {
  const { store } = service;
  const credential = authenticate(route.area, request.headers, service.credentials);
  if (route.area !== 'account') checkServiceVersion(request.headers);

  let body: Body = {};
  let key: string | undefined;
  let fingerprint = '';
  if (route.method === 'POST') {
    key = idempotencyKeyOf(request.headers);
    checkContentType(request.headers);
    body = parseJsonObject(await request.text());
    fingerprint = `POST ${new URL(request.url).pathname}\n${canonicalJson(body)}`;
    if (key !== undefined) {
      const replay = store.idempotency.lookup(credential, key, fingerprint, service.now().getTime());
      if (replay) return json(replay.status, replay.body, requestId, { 'idempotent-replayed': 'true' });
    }
  }

  const now = service.now();
  const result = route.handle({
    params,
    query: new URL(request.url).searchParams,
    body,
    service,
    store,
    now,
  });
  const status = result.status ?? 200;
  // A snapshot: the store's objects change later (status, timestamps), a replay must not.
  const snapshot: unknown = JSON.parse(JSON.stringify(result.body));
  // Only successes are remembered, so a request refused with a 4xx can be fixed and retried
  // with the same key.
  if (key !== undefined && status >= 200 && status < 300)
    store.idempotency.remember(credential, key, { fingerprint, status, body: snapshot }, now.getTime());
  return json(status, snapshot, requestId);
}

/** A JSON answer with the mock's request id. */
export function json(
  status: number,
  body: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): Response {
  // The bodies are JSON values: store records, or a parse of one (a replay).
  return HttpResponse.json(body as JsonBodyType, {
    status,
    headers: { 'x-request-id': requestId, ...headers },
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

// api-reference.md, Versioning 1: required on sms and payment, a YYYY-MM-DD date. Which dates are
// supported is "not shown"; the mock accepts any value of that shape.
function checkServiceVersion(headers: Headers): void {
  const version = headers.get('service-version');
  if (version === null) {
    throw new MockApiError(
      'invalid_request_error',
      'parameter_missing',
      'The Service-Version header is required, e.g. Service-Version: 2026-01-01.',
      'Service-Version',
    );
  }
  if (!VERSION_PATTERN.test(version)) {
    throw new MockApiError(
      'invalid_request_error',
      'parameter_invalid',
      'The Service-Version header must match ^\\d{4}-\\d{2}-\\d{2}$, e.g. 2026-01-01.',
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
      `Request bodies must be sent as Content-Type: application/json (got ${type === undefined ? 'none' : JSON.stringify(type)}).`,
      'Content-Type',
      415,
    );
  }
}

function stringParams(
  params: Record<string, string | readonly string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (typeof value === 'string') out[name] = value;
  return out;
}
