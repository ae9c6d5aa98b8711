// createMockService: one store, one clock, and the MSW handlers of the eleven endpoints over them.
import type { HttpHandler } from 'msw';
import { type Area, type ServiceContext, toHandler } from './router.js';
import { accountRoutes } from './routes/account.js';
import { paymentRoutes } from './routes/payment.js';
import { smsRoutes } from './routes/sms.js';
import { MockStore } from './store.js';

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
  /** The mock's clock: timestamps, scheduling limits and the idempotency window. @default () => new Date() */
  now?: (() => Date) | undefined;
  /** Each retrieve of a message moves it one step: queued → sent → delivered (failed for numbers ending in 0). @default false */
  autoAdvance?: boolean | undefined;
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
}

/** A mock of the whole API: handlers for MSW, the options for a Client, and the store behind them. */
export interface MockService {
  /** MSW handlers of the eleven endpoints: `setupServer(...mock.handlers)` or `setupWorker(...mock.handlers)`. */
  readonly handlers: HttpHandler[];
  /** Credentials and addresses for `new Client(mock.clientOptions)`. */
  readonly clientOptions: MockClientOptions;
  /** The in-memory state the handlers read and write. */
  readonly store: MockStore;
}

/**
 * Creates a mock of the API over a fresh in-memory store.
 *
 * @example
 * const mock = createMockService();
 * const server = setupServer(...mock.handlers);
 * const client = new Client({ ...mock.clientOptions, maxRetries: 0 });
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const now = options.now ?? (() => new Date());
  const clientOptions: MockClientOptions = {
    apiKey: options.apiKey ?? DEFAULT_CREDENTIALS.apiKey,
    testApiKey: options.testApiKey ?? DEFAULT_CREDENTIALS.testApiKey,
    accessToken: options.accessToken ?? DEFAULT_CREDENTIALS.accessToken,
    baseURL: trimSlash(options.baseURL ?? DEFAULT_BASE_URL),
    sandboxBaseURL: trimSlash(options.sandboxBaseURL ?? DEFAULT_SANDBOX_BASE_URL),
  };
  const store = new MockStore(now);
  const addresses: Record<Area, string> = {
    sms: clientOptions.baseURL,
    account: clientOptions.baseURL,
    payment: clientOptions.sandboxBaseURL,
  };
  const context: ServiceContext = {
    store,
    now,
    autoAdvance: options.autoAdvance ?? false,
    credentials: {
      apiKey: clientOptions.apiKey,
      testApiKey: clientOptions.testApiKey,
      accessToken: clientOptions.accessToken,
    },
    addresses,
  };
  const handlers = [...smsRoutes, ...paymentRoutes, ...accountRoutes].map((route) =>
    toHandler(route, context),
  );
  return { handlers, clientOptions, store };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
