// Failures on demand, for the next N requests of a route. They stand in front of the routes, like a
// proxy or a load balancer failing, so they apply before authentication and validation. Every
// adapter applies them the same way: they live in the Fetch-API core that all three wrap.
import type { RouteKeyOf } from '../resources/operations.js';
import { MockApiError, type MockErrorType } from './errors.js';

/**
 * A route of the reference, as its table writes it: `POST /sms/messages`, `GET /sms/messages/{message_id}`.
 * One per declared operation (resources/operations.ts).
 */
export type MockRouteKey = RouteKeyOf;

/**
 * One injected failure.
 *
 * - `status`: answer this status (with the mock's error body unless `body` is given), and a
 *   `Retry-After` header when `retryAfter` is set (seconds, or an HTTP date string).
 * - `delay`: wait `ms` on the timers (fake timers advance it) and then answer normally; an aborted
 *   request signal ends the wait with the signal's reason, as `fetch` does.
 * - `reset`: the connection is destroyed: `mock.fetch` rejects with a `TypeError` (as `fetch` does
 *   on a network error), MSW answers `HttpResponse.error()`, the loopback server destroys the socket.
 * - `malformed`: a 200 whose `application/json` body is cut off mid-value.
 */
export type MockFault = MockStatusFault | MockDelayFault | MockResetFault | MockMalformedFault;

/** Answer a status instead of the route. */
export interface MockStatusFault {
  /** Which fault. */
  kind: 'status';
  /** The HTTP status to answer, 100 to 599. */
  status: number;
  /** The `Retry-After` header: seconds, or an HTTP date. */
  retryAfter?: number | string;
  /** The JSON body. @default the mock's error body, code `injected_fault` */
  body?: unknown;
}

/** Answer normally, after a wait on the timers. */
export interface MockDelayFault {
  /** Which fault. */
  kind: 'delay';
  /** Milliseconds to wait before answering. */
  ms: number;
}

/** Drop the connection without an answer. */
export interface MockResetFault {
  /** Which fault. */
  kind: 'reset';
}

/** Answer 200 with a JSON body cut off mid-value. */
export interface MockMalformedFault {
  /** Which fault. */
  kind: 'malformed';
}

/** Options of `mock.inject`. */
export interface InjectOptions {
  /** How many of the next requests of the route get the fault. @default 1 */
  times?: number;
}

interface Queued {
  route: MockRouteKey | '*';
  fault: MockFault;
  left: number;
}

/** The network error `mock.fetch` rejects with for a `reset` fault: a `TypeError`, like `fetch`'s. */
export class MockConnectionReset extends TypeError {
  /** `TypeError`, as `fetch` names its network errors. */
  override name = 'TypeError';
  constructor() {
    super('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
  }
}

/** @internal The queue of injected faults of one mock service. */
export class FaultQueue {
  readonly #queue: Queued[] = [];

  add(route: MockRouteKey | '*', fault: MockFault, options: InjectOptions = {}): void {
    const times = options.times ?? 1;
    if (!(times >= 1)) throw new RangeError('inject: times must be 1 or more (or Infinity).');
    if (
      fault.kind === 'status' &&
      !(Number.isInteger(fault.status) && fault.status >= 100 && fault.status <= 599)
    )
      throw new RangeError('inject: status must be an HTTP status from 100 to 599.');
    if (fault.kind === 'delay' && !(fault.ms >= 0))
      throw new RangeError('inject: delay ms must be 0 or more.');
    this.#queue.push({ route, fault, left: times });
  }

  clear(): void {
    this.#queue.length = 0;
  }

  /** Takes the first fault queued for `route` (or for every route), if any. */
  take(route: string | undefined): MockFault | undefined {
    const index = this.#queue.findIndex((q) => q.route === '*' || q.route === route);
    if (index < 0) return undefined;
    const queued = this.#queue[index] as Queued;
    if (--queued.left <= 0) this.#queue.splice(index, 1);
    return queued.fault;
  }
}

function errorType(status: number): MockErrorType {
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  if (status === 401 || status === 403) return 'authentication_error';
  if (status === 404) return 'not_found';
  return 'invalid_request_error';
}

/** The answer of a `status` fault. */
export function faultResponse(fault: Extract<MockFault, { kind: 'status' }>, requestId: string): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-request-id': requestId };
  if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
  const body =
    fault.body !== undefined
      ? fault.body
      : new MockApiError(
          errorType(fault.status),
          'injected_fault',
          `An injected ${fault.status} (mock.inject).`,
          null,
          fault.status,
        ).toBody();
  // 1xx, 204, 205 and 304 cannot carry a body.
  const bodyless = fault.status < 200 || fault.status === 204 || fault.status === 205 || fault.status === 304;
  return new Response(bodyless ? null : JSON.stringify(body), { status: fault.status, headers });
}

/** The answer of a `malformed` fault: JSON cut off mid-value. */
export function malformedResponse(requestId: string): Response {
  return new Response('{"id":"msg_00000001","status":"que', {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-request-id': requestId },
  });
}

/** Waits `ms` on the timers; an aborted signal ends the wait with its reason. */
export function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
