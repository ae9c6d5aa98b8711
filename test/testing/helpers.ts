// Shared by the mock service's tests: an MSW server per test file that fails on any request no
// handler answers, a controllable clock, and a raw fetch helper that puts the right credential and
// headers on each area's requests unless a test overrides them.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createMockService, type MockService, type MockServiceOptions } from 'gateway-sdk/testing';
import { mswHandlers } from 'gateway-sdk/testing/msw';
import { onUnhandled } from '../helpers/msw-options.js';

/** A clock tests move by hand; starts at 2026-01-01T09:00:00Z. */
export function manualClock(start = '2026-01-01T09:00:00.000Z') {
  let ms = Date.parse(start);
  return {
    now: () => new Date(ms),
    reset() {
      ms = Date.parse(start);
    },
    advance(by: number) {
      ms += by;
    },
    set(iso: string) {
      ms = Date.parse(iso);
    },
  };
}

/** A mock served by MSW for the whole file; before each test its clock and store start over. */
export function useMockService(
  options: MockServiceOptions & { clock?: ReturnType<typeof manualClock> } = {},
): MockService {
  const { clock, ...rest } = options;
  const mock = createMockService({ ...rest, ...(clock ? { now: clock.now } : {}) });
  const server = setupServer(...mswHandlers(mock));
  beforeAll(() => server.listen(onUnhandled('error')));
  beforeEach(() => {
    clock?.reset();
    mock.store.reset();
  });
  afterAll(() => server.close());
  return mock;
}

/** A parsed answer. */
export interface Answer {
  status: number;
  headers: Headers;
  // Tests read into the body freely; a wrong guess fails the assertion that follows.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** Per-call overrides: `null` removes a default header. */
export interface CallOptions {
  authorization?: string | null;
  version?: string | null;
  idempotencyKey?: string;
  contentType?: string | null;
  headers?: Record<string, string>;
  /** A raw body, sent instead of `JSON.stringify(body)`. */
  raw?: string;
}

/** Sends one request to the mock the way a correct client would, except where `options` say. */
export async function call(
  mock: MockService,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Answer> {
  const o = mock.clientOptions;
  const area = path.startsWith('/payment') ? 'payment' : path.startsWith('/account') ? 'account' : 'sms';
  const base = area === 'payment' ? o.sandboxBaseURL : o.baseURL;
  const token = area === 'payment' ? o.testApiKey : area === 'account' ? o.accessToken : o.apiKey;
  const headers: Record<string, string> = { ...options.headers };
  const authorization = options.authorization === undefined ? `Bearer ${token}` : options.authorization;
  if (authorization !== null) headers['authorization'] = authorization;
  const version =
    options.version === undefined ? (area === 'account' ? null : '2026-01-01') : options.version;
  if (version !== null) headers['service-version'] = version;
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  let payload: string | undefined;
  if (method === 'POST') {
    payload = options.raw ?? JSON.stringify(body ?? {});
    const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
    if (contentType !== null) headers['content-type'] = contentType;
  }
  const response = await fetch(`${base}${path}`, { method, headers, body: payload });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/** A GET. */
export const get = (mock: MockService, path: string, options?: CallOptions) =>
  call(mock, 'GET', path, undefined, options);
/** A POST with a JSON body. */
export const post = (mock: MockService, path: string, body: unknown, options?: CallOptions) =>
  call(mock, 'POST', path, body, options);
