// The options a user can pass, as types (the checks on them: internal/settings.ts).
import type { Hooks } from './hooks.js';
import type { Logger, LogLevel } from './logger.js';
import { SERVICE_VERSION } from './version.js';

export type { Hooks };

/** How a 2xx answer that drifted from the documented shape is met (the `responseValidation` option). */
export type ResponseValidation = 'warn' | 'strict' | 'off';

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
  /**
   * `Service-Version` sent by sms and payment requests, a calendar date `YYYY-MM-DD` (docs/versioning.md).
   * @default process.env.GATEWAY_SERVICE_VERSION, else SERVICE_VERSION ('2026-01-01')
   */
  serviceVersion?: string | undefined;
  /**
   * What a 2xx answer that drifted from the documented shape does: `'warn'` resolves with it as
   * sent and logs the drift once, `'strict'` rejects with `ResponseValidationError`, `'off'` only
   * checks the structure the SDK needs (docs/errors-and-retries.md). @default 'warn'
   */
  responseValidation?: ResponseValidation | undefined;
  /** Milliseconds allowed for each attempt, reading the body included. @default 60000 */
  timeout?: number | undefined;
  /** Milliseconds allowed for a whole call: every attempt, body read and wait between retries. @default no limit */
  totalTimeout?: number | undefined;
  /** Retries after the first attempt, for network errors, timeouts, 408, 409, 429 and 5xx. @default 2 */
  maxRetries?: number | undefined;
  /** A `fetch` implementation to use instead of the global one; it is called with a `Request`. */
  fetch?: typeof globalThis.fetch | undefined;
  /**
   * Headers added to every request. Authorization, Service-Version and Idempotency-Key have options
   * of their own, and framing headers (Content-Length, Host, …) are fetch's: naming any is refused.
   */
  defaultHeaders?: Record<string, string> | undefined;
  /**
   * Largest answer read, in bytes (after any Content-Encoding is undone): a larger one fails with
   * `ResponseTooLargeError`, unread and not retried. @default 10485760 (10 MiB)
   */
  maxResponseBytes?: number | undefined;
  /** ky hooks run on every request, after the SDK's own (see docs/errors-and-retries.md). */
  hooks?: Hooks | undefined;
  /** Where log lines go. @default console */
  logger?: Logger | undefined;
  /** How much to log. @default process.env.GATEWAY_LOG, else 'warn' */
  logLevel?: LogLevel | undefined;
  /** Allows a Client in a browser page, where every visitor could read the key. @default false */
  dangerouslyAllowBrowser?: boolean | undefined;
}

/**
 * Options every method takes as its last argument.
 *
 * @example await client.sms.messages.create(params, { idempotencyKey: order.id, timeout: 10_000 })
 */
export interface RequestOptions {
  /** Milliseconds allowed for each attempt, reading the body included. @default the client's `timeout` (60000) */
  timeout?: number | undefined;
  /**
   * Milliseconds allowed for the whole call, retries and waits included.
   * @default the client's `totalTimeout` (none)
   */
  totalTimeout?: number | undefined;
  /** Retries after the first attempt. @default the client's `maxRetries` (2) */
  maxRetries?: number | undefined;
  /** Cancels the call, including any wait between retries; it rejects with `APIUserAbortError`. */
  signal?: AbortSignal | undefined;
  /** Extra headers for this request only. */
  headers?: Record<string, string> | undefined;
  /** `Idempotency-Key` for a POST (at most 255 characters). @default a UUID v4 generated once per call */
  idempotencyKey?: string | undefined;
  /** ky hooks for this call only, run after the SDK's and the client's. */
  hooks?: Hooks | undefined;
  /**
   * `Service-Version` for this call, a calendar date `YYYY-MM-DD`; sms and payment calls only (on
   * account, which sends none, it is a `ValidationError`).
   * @default the client's `serviceVersion`
   */
  serviceVersion?: string | undefined;
}

/** The default `Service-Version`: the same value as `SERVICE_VERSION`, kept under its earlier name. */
export const DEFAULT_SERVICE_VERSION: typeof SERVICE_VERSION = SERVICE_VERSION;
