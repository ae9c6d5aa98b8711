// The base of the hierarchy and the errors a webhook receiver throws: the one module every entry
// shares. The built package keeps its one copy in dist/webhooks.js, which the other entries import
// (tsup.config.ts, docs/decisions/webhooks-entry-one-file.md), so `instanceof` holds across them;
// the client's errors extend it from core/client-errors.ts. It imports only core/brands.ts.

// The brand lets `isGatewayError` recognise an error built by another copy of the SDK (the ESM and
// CJS builds, two installed versions), where `instanceof` sees this copy's classes only.
import { ERROR_BRAND } from './brands.js';

/** The `name` of every error class the SDK throws: what `switch (err.name)` can match. */
export type GatewayErrorName =
  | 'GatewayError'
  | 'ConfigurationError'
  | 'ValidationError'
  | APIErrorName
  | 'APIConnectionError'
  | 'APIConnectionTimeoutError'
  | 'APIUserAbortError'
  | 'ResponseValidationError'
  | 'ResponseTooLargeError'
  | 'WebhookVerificationError';

/** The `name` of `APIError` and of each of its status classes. */
export type APIErrorName =
  | 'APIError'
  | 'BadRequestError'
  | 'AuthenticationError'
  | 'PermissionDeniedError'
  | 'NotFoundError'
  | 'ConflictError'
  | 'IdempotencyKeyReusedError'
  | 'UnprocessableEntityError'
  | 'RateLimitError'
  | 'InternalServerError';

/** One problem found by validation: where it is and what is wrong. */
export interface ValidationIssue {
  /** Path to the offending value, e.g. `['recipients', 3]`. */
  path: (string | number)[];
  /** What rule it breaks, in words. */
  message: string;
}

/**
 * The base class of every error the SDK throws.
 *
 * @example
 * try { await client.sms.messages.create(params) }
 * catch (err) { if (err instanceof GatewayError) console.error(err.name, err.message) }
 */
export class GatewayError extends Error {
  /** The class name, e.g. `'RateLimitError'`: survives serialization where `instanceof` does not. */
  override name: GatewayErrorName = 'GatewayError';

  /** @internal The brand `isGatewayError` reads: set by every copy of the SDK. */
  get [ERROR_BRAND](): true {
    return true;
  }

  /**
   * Set on an error thrown while a list walk (`for await`, `iterPages()`, `toArray()`) fetched a
   * page after the first: the `after` cursor to resume from, `list({ ...filters, after: error.cursor })`.
   */
  declare cursor?: string;

  /** A plain object for logs and serializers; never holds a credential. */
  toJSON(): Record<string, unknown> {
    // Its own fields but these: a cause may hold what the SDK never printed, headers an echo.
    const { cause: _cause, headers: _headers, stack: _stack, ...fields } = this as Record<string, unknown>;
    return { name: this.name, message: this.message, ...fields };
  }
}

/**
 * A client option is missing or invalid: raised before any network I/O.
 *
 * @example new Client() // then client.sms.messages.retrieve('m_1') rejects: set `apiKey` or GATEWAY_API_KEY
 */
export class ConfigurationError extends GatewayError {
  override readonly name = 'ConfigurationError' as const;
  /** The option at fault, e.g. `apiKey`. */
  declare readonly option: string;
  constructor(message: string, option: string) {
    super(message);
    this.option = option;
  }
}

/** Why a webhook delivery was refused. */
export type WebhookVerificationReason =
  | 'parsed_body'
  | 'invalid_secret'
  | 'missing_signature'
  | 'malformed_signature'
  | 'signature_mismatch'
  | 'invalid_payload';

/**
 * A webhook delivery could not be verified or parsed; `reason` says which check failed.
 *
 * @example
 * catch (err) {
 *   if (err instanceof WebhookVerificationError) return new Response(err.reason, { status: 400 })
 * }
 */
export class WebhookVerificationError extends GatewayError {
  override readonly name = 'WebhookVerificationError' as const;
  /** Which check failed. */
  declare readonly reason: WebhookVerificationReason;
  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.reason = reason;
  }
}
