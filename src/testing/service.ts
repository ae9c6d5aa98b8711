// createMockService: one store, one clock, and every endpoint of the reference behind one Fetch-API function.
// MSW (`mswHandlers(mock)`, gateway-sdk/testing/msw) and node:http (`startMockServer`) are adapters
// over `mock.fetch`.
import {
  type AttemptListener,
  type DeliverFunction,
  Dispatcher,
  type ForwardTarget,
  type MockDelivery,
} from './dispatch.js';
import {
  FaultQueue,
  faultResponse,
  type InjectOptions,
  malformedResponse,
  MockConnectionReset,
  type MockFault,
  type MockRouteKey,
  sleep,
} from './faults.js';
import { ConfigurationError } from '../core/errors.js';
import { isServiceVersion, SERVICE_VERSION } from '../core/version.js';
import { SEEDED_WEBHOOK_SECRET } from './fixtures.js';
import { type Area, answerRequest, matchPath, routeKey, type ServiceContext } from './router.js';
import { ROUTES } from './routes/index.js';
import { MockStore, type RouteTimeline, type StatusFields } from './store.js';
import type { MockMessage, MockMessageStatus, MockRoute } from './types.js';

/** The mock's `{base_url}` when none is given. */
export const DEFAULT_BASE_URL = 'https://api.gateway.test';
/** The mock's `{sandbox_base_url}` when none is given. */
export const DEFAULT_SANDBOX_BASE_URL = 'https://sandbox.gateway.test';
/** The credentials the mock accepts when none are given. */
export const DEFAULT_CREDENTIALS = {
  /** The only key sms routes accept. */
  apiKey: 'sk_live_mock',
  /** The only key payment routes accept. */
  testApiKey: 'sk_test_mock',
  /** The only token the account route accepts. */
  accessToken: 'at_mock',
} as const;

/**
 * Options of `createMockService`.
 *
 * @example createMockService({ now: () => new Date('2026-01-01T09:00:00Z'), autoAdvance: true })
 */
export interface MockServiceOptions {
  /** `{base_url}`: address of the sms and account routes. @default 'https://api.gateway.test' */
  baseURL?: string | undefined;
  /** `{sandbox_base_url}`: address of the payment routes. @default 'https://sandbox.gateway.test' */
  sandboxBaseURL?: string | undefined;
  /** The only bearer value sms routes accept. @default 'sk_live_mock' */
  apiKey?: string | undefined;
  /** The only bearer value payment routes accept. @default 'sk_test_mock' */
  testApiKey?: string | undefined;
  /** The only bearer value the account route accepts. @default 'at_mock' */
  accessToken?: string | undefined;
  /**
   * `Service-Version` dates the mock serves besides `SERVICE_VERSION`, to rehearse an upgrade: each
   * is answered in the shape the mock knows, and any other date is answered 400
   * `unsupported_version` (docs/versioning.md). @default [] (only `SERVICE_VERSION`)
   */
  serviceVersions?: readonly string[] | undefined;
  /**
   * The mock's clock: timestamps, scheduling, idempotency, `autoAdvance` and delivery retries.
   * @default () => new Date()
   */
  now?: (() => Date) | undefined;
  /**
   * Messages move on the mock's clock: sent, then delivered within their route's delivery-time
   * target (failed for numbers ending in 0, expired for numbers ending in 9). @default false
   */
  autoAdvance?: boolean | undefined;
  /**
   * Sends webhook deliveries; replace it to hand them to a handler function. Without it, the mock
   * sends with `fetch` to loopback addresses only (`localhost`, 127.0.0.0/8, `[::1]`): a delivery
   * to any other URL is recorded in `mock.deliveries` as `not_sent`, with the reason. Give
   * `forwardTo(origin)` to send to a local receiver, or `(request) => fetch(request)` to send
   * anywhere. Redirects are never followed. @default fetch, loopback only
   */
  deliver?: DeliverFunction | undefined;
  /**
   * Signs deliveries to a message's `callback_url`, which has no webhook secret of its own.
   * @default 'whsec_mock_secret'
   */
  callbackSecret?: string | undefined;
  /** @internal Every event also goes to each of these (`gateway-sdk mock --forward-to`), even off loopback. */
  forward?: ForwardTarget | readonly ForwardTarget[] | undefined;
  /** @internal Told of every attempt as it is recorded (the CLI prints them). */
  onAttempt?: AttemptListener | undefined;
  /** @internal Ends every delivery attempt in flight and makes no more (the server's `close()`). */
  signal?: AbortSignal | undefined;
  /** @internal `autoAdvance` steps per route, instead of `ROUTE_TIMELINE_MS` (the CLI's quicker ones). */
  routeTimeline?: Record<MockRoute, RouteTimeline> | undefined;
}

/** What to pass to `new Client(...)` to talk to the mock. */
export interface MockClientOptions {
  /** The key the sms routes accept. */
  apiKey: string;
  /** The key the payment routes accept. */
  testApiKey: string;
  /** The token the account route accepts. */
  accessToken: string;
  /** Where the sms and account routes answer. */
  baseURL: string;
  /** Where the payment routes answer. */
  sandboxBaseURL: string;
  /**
   * Always `'strict'`: a test against the mock fails on an answer that drifted from the documented
   * shape, which a production client (`'warn'`, the default) would accept and log.
   */
  responseValidation: 'strict';
}

/** The mock as a `fetch`: takes what `fetch` takes, answers what the service would. */
export type MockFetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/** A mock of the whole API: a `fetch`, the options for a Client, and the store. */
export interface MockService {
  /**
   * The mock as a Fetch-API function: `new Client({ ...mock.clientOptions, fetch: mock.fetch })`
   * tests with no MSW and no socket. Requests to other addresses are answered 404.
   */
  readonly fetch: MockFetch;
  /** Credentials and addresses for `new Client(mock.clientOptions)`. */
  readonly clientOptions: MockClientOptions;
  /** The in-memory state the routes read and write. */
  readonly store: MockStore;
  /**
   * Webhook deliveries with their attempts: every pending one and the last 1,000 final ones
   * (cleared by `store.reset()`).
   */
  readonly deliveries: readonly MockDelivery[];
  /**
   * Sets a message's status at the mock's `now` (`sent_at`, `delivered_at`, `error_code` as the
   * reference describes; `fields` override them) and queues the `message.<status>` event.
   */
  advance(messageId: string, status: MockMessageStatus, fields?: StatusFields): MockMessage;
  /** Moves `autoAdvance` messages to the clock, then makes every delivery attempt due at `now`. */
  runDeliveries(): Promise<MockDelivery[]>;
  /**
   * Fails the next requests of a route (`'*'`: of any route) the same way on every adapter.
   *
   * @example mock.inject('POST /sms/messages', { kind: 'status', status: 503, retryAfter: 1 }, { times: 2 })
   */
  inject(route: MockRouteKey | '*', fault: MockFault, options?: InjectOptions): void;
  /** Drops every fault still queued by `inject`. */
  clearFaults(): void;
}

/**
 * Creates a mock of the API over a fresh in-memory store.
 *
 * @example
 * const mock = createMockService();
 * const client = new Client({ ...mock.clientOptions, fetch: mock.fetch, maxRetries: 0 });
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const now = options.now ?? (() => new Date());
  const clientOptions: MockClientOptions = {
    apiKey: options.apiKey ?? DEFAULT_CREDENTIALS.apiKey,
    testApiKey: options.testApiKey ?? DEFAULT_CREDENTIALS.testApiKey,
    accessToken: options.accessToken ?? DEFAULT_CREDENTIALS.accessToken,
    baseURL: trimSlash(options.baseURL ?? DEFAULT_BASE_URL),
    sandboxBaseURL: trimSlash(options.sandboxBaseURL ?? DEFAULT_SANDBOX_BASE_URL),
    responseValidation: 'strict',
  };
  const store = new MockStore(now);
  if (options.routeTimeline !== undefined) store.timeline = options.routeTimeline;
  const addresses: Record<Area, string> = {
    sms: clientOptions.baseURL,
    account: clientOptions.baseURL,
    payment: clientOptions.sandboxBaseURL,
  };
  const autoAdvance = options.autoAdvance ?? false;
  const context: ServiceContext = {
    store,
    now,
    autoAdvance,
    credentials: {
      apiKey: clientOptions.apiKey,
      testApiKey: clientOptions.testApiKey,
      accessToken: clientOptions.accessToken,
    },
    addresses,
    serviceVersions: servedVersions(options.serviceVersions),
  };
  const dispatcher = new Dispatcher(
    store,
    now,
    options.deliver,
    options.callbackSecret ?? SEEDED_WEBHOOK_SECRET,
    { forward: options.forward, onAttempt: options.onAttempt, signal: options.signal },
  );
  store.hooks = {
    statusChanged: (message, at, callbackUrl) => dispatcher.statusChanged(message, at, callbackUrl),
    reset: () => dispatcher.clear(),
  };
  const faults = new FaultQueue();
  const tick = () => {
    if (autoAdvance) store.advanceTo(now().getTime());
  };

  const mockFetch = fetchOf(context, faults, tick);

  return {
    fetch: mockFetch,
    clientOptions,
    store,
    deliveries: dispatcher.deliveries,
    advance: (messageId, status, fields) => store.setMessageStatus(messageId, status, fields),
    runDeliveries: () => {
      tick();
      return dispatcher.run();
    },
    inject: (route, fault, injectOptions) => faults.add(route, fault, injectOptions),
    clearFaults: () => faults.clear(),
  };
}

/**
 * The mock as a `fetch`: an injected fault if one is queued for the route, else the route's answer
 * (after moving `autoAdvance` messages to the clock).
 */
function fetchOf(context: ServiceContext, faults: FaultQueue, tick: () => void): MockFetch {
  const { store, addresses } = context;
  return async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    // As fetch does: an aborted signal rejects with its reason before anything happens.
    if (request.signal.aborted) throw request.signal.reason;
    const matched = matchPath(ROUTES, addresses, new URL(request.url)).find(
      (m) => m.route.method === request.method,
    );
    const fault = faults.take(matched ? routeKey(matched.route) : undefined);
    if (fault !== undefined) {
      if (fault.kind === 'reset') throw new MockConnectionReset();
      if (fault.kind === 'delay') await sleep(fault.ms, request.signal);
      else if (fault.kind === 'status') return faultResponse(fault, store.nextRequestId());
      else return malformedResponse(store.nextRequestId());
    }
    tick();
    return answerRequest(ROUTES, context, request);
  };
}

/** `SERVICE_VERSION` and the dates given, each checked as the client checks its own. */
function servedVersions(extra: readonly string[] = []): ReadonlySet<string> {
  if (!Array.isArray(extra))
    throw new ConfigurationError(
      'serviceVersions must be an array of dates such as "2026-06-01".',
      'serviceVersions',
    );
  for (const version of extra)
    if (!isServiceVersion(version))
      throw new ConfigurationError(
        `serviceVersions has ${JSON.stringify(version)}: each must be a date as YYYY-MM-DD on the calendar, such as "2026-06-01".`,
        'serviceVersions',
      );
  return new Set([SERVICE_VERSION, ...extra]);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
