import { ConfigurationError } from './core/errors.js';
import { isLogLevel, type Logger, type LogLevel, SafeLogger } from './core/logger.js';
import { headerProblem, isIntIn, MAX_RETRIES_RANGE, TIMEOUT_RANGE } from './core/options.js';
import type { PipelineConfig } from './core/request.js';
import { isBrowserPage, readEnv, runtimeName } from './core/runtime.js';
import { type AddressOption, type CredentialOption, ENV, Transport } from './core/transport.js';
import { Account } from './resources/account/index.js';
import { Payment } from './resources/payment/index.js';
import { Sms } from './resources/sms/index.js';
import { VERSION } from './version.js';

/**
 * Options of `new Client(...)`. Each credential and address falls back to its environment variable.
 *
 * @example new Client({ apiKey: process.env.GATEWAY_API_KEY, baseURL: 'https://api.example.com' })
 */
export interface ClientOptions {
  /** Live API key, used only by `client.sms`. @default process.env.GATEWAY_API_KEY */
  apiKey?: string | undefined;
  /** Test API key, used only by `client.payment` (the sandbox). @default process.env.GATEWAY_TEST_API_KEY */
  testApiKey?: string | undefined;
  /** Bearer token, used only by `client.account`. @default process.env.GATEWAY_ACCESS_TOKEN */
  accessToken?: string | undefined;
  /** `{base_url}`: address of the sms and account areas. @default process.env.GATEWAY_BASE_URL */
  baseURL?: string | undefined;
  /** `{sandbox_base_url}`: address of the payment area. @default process.env.GATEWAY_SANDBOX_BASE_URL */
  sandboxBaseURL?: string | undefined;
  /** `Service-Version` sent by sms and payment requests, `YYYY-MM-DD`. @default '2026-01-01' */
  serviceVersion?: string | undefined;
  /** Milliseconds allowed for each attempt, reading the body included. @default 60000 */
  timeout?: number | undefined;
  /** Retries after the first attempt, for network errors, timeouts, 408, 409, 429 and 5xx. @default 2 */
  maxRetries?: number | undefined;
  /** A `fetch` implementation to use instead of the global one. */
  fetch?: typeof globalThis.fetch | undefined;
  /** Headers added to every request (they cannot replace Authorization or Service-Version). */
  defaultHeaders?: Record<string, string> | undefined;
  /** Where log lines go. @default console */
  logger?: Logger | undefined;
  /** How much to log. @default process.env.GATEWAY_LOG, else 'warn' */
  logLevel?: LogLevel | undefined;
  /** Allows a Client in a browser page, where every visitor could read the key. @default false */
  dangerouslyAllowBrowser?: boolean | undefined;
}

/** The default `Service-Version`: the latest the reference documents. */
export const DEFAULT_SERVICE_VERSION = '2026-01-01';

/**
 * The gateway API client. Construct it once and share it: it holds no per-call state.
 *
 * @example
 * const client = new Client({ apiKey: 'sk_live_…', baseURL: 'https://api.example.com' });
 * const message = await client.sms.messages.create({ to: '+447700900123', message: 'Hello' });
 */
export class Client {
  /** SMS: messages, bulk jobs, templates and webhooks (uses `apiKey` and `baseURL`). */
  readonly sms: Sms;
  /** Payment sandbox: webhooks, customers and payment methods (uses `testApiKey` and `sandboxBaseURL`). */
  readonly payment: Payment;
  /** Account: organization members (uses `accessToken` and `baseURL`). */
  readonly account: Account;

  constructor(options: ClientOptions = {}) {
    if (isBrowserPage() && options.dangerouslyAllowBrowser !== true) {
      throw new ConfigurationError(
        'A Client in a browser page exposes its API key to every visitor. Call the API from your server instead, or pass dangerouslyAllowBrowser: true if the key is meant to be public (e.g. a test key in a demo).',
        'dangerouslyAllowBrowser',
      );
    }
    const credentials = {
      apiKey: credential(options, 'apiKey'),
      testApiKey: credential(options, 'testApiKey'),
      accessToken: credential(options, 'accessToken'),
    };
    const serviceVersion = options.serviceVersion ?? DEFAULT_SERVICE_VERSION;
    if (typeof serviceVersion !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(serviceVersion)) {
      throw new ConfigurationError(
        `serviceVersion must be a date as YYYY-MM-DD, such as '${DEFAULT_SERVICE_VERSION}'.`,
        'serviceVersion',
      );
    }
    const logLevel = options.logLevel ?? readEnv('GATEWAY_LOG') ?? 'warn';
    if (!isLogLevel(logLevel)) {
      throw new ConfigurationError(
        `logLevel${options.logLevel === undefined ? ' (from GATEWAY_LOG)' : ''} must be one of 'off', 'error', 'warn', 'info', 'debug'.`,
        'logLevel',
      );
    }
    const defaultHeaders = options.defaultHeaders ?? {};
    for (const [name, value] of Object.entries(defaultHeaders)) {
      const problem = headerProblem(name, value);
      if (problem !== undefined)
        throw new ConfigurationError(`defaultHeaders['${name}'] ${problem}.`, 'defaultHeaders');
    }
    if (options.fetch !== undefined && typeof options.fetch !== 'function') {
      throw new ConfigurationError(
        'fetch must be a function with the signature of the global fetch.',
        'fetch',
      );
    }
    const secrets = Object.values(credentials).filter((v): v is string => v !== undefined);
    const config: PipelineConfig = {
      transport: new Transport({
        credentials,
        addresses: {
          baseURL: address(options, 'baseURL'),
          sandboxBaseURL: address(options, 'sandboxBaseURL'),
        },
        serviceVersion,
        fetch: options.fetch,
        defaultHeaders,
        // Browsers refuse to let a page set User-Agent; everywhere else it names the SDK.
        userAgent: isBrowserPage() ? undefined : `gateway-sdk/${VERSION} (${runtimeName()})`,
      }),
      timeout: count(options.timeout, 'timeout', 60_000, TIMEOUT_RANGE),
      maxRetries: count(options.maxRetries, 'maxRetries', 2, MAX_RETRIES_RANGE),
      logger: new SafeLogger(options.logger ?? console, logLevel, secrets),
      random: Math.random,
    };
    this.sms = new Sms(config);
    this.payment = new Payment(config);
    this.account = new Account(config);
  }
}

function credential(options: ClientOptions, name: CredentialOption): string | undefined {
  const value = options[name] ?? readEnv(ENV[name]);
  if (value === undefined || value === '') return undefined;
  // The message names the option, never the value: it is a secret.
  if (typeof value !== 'string' || !/^[\x21-\x7e]+$/.test(value)) {
    throw new ConfigurationError(
      `${name} must be a string of printable characters without spaces (check for a stray newline or quote).`,
      name,
    );
  }
  return value;
}

function address(options: ClientOptions, name: AddressOption): string | undefined {
  const value = options[name] ?? readEnv(ENV[name]);
  if (value === undefined || value === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    url === undefined ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw new ConfigurationError(
      `${name} must be an absolute http(s) URL without credentials, query or fragment, such as 'https://api.example.com'.`,
      name,
    );
  }
  return value;
}

function count(
  value: number | undefined,
  name: string,
  fallback: number,
  range: readonly [number, number],
): number {
  if (value === undefined) return fallback;
  if (!isIntIn(value, range))
    throw new ConfigurationError(`${name} must be an integer from ${range[0]} to ${range[1]}.`, name);
  return value;
}
