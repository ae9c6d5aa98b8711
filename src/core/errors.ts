// One hierarchy for every failure the SDK reports. This module imports nothing, so the
// webhooks entry can use it without pulling in ky or zod.

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
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }

  /** The class name, e.g. `'RateLimitError'`: survives serialization where `instanceof` does not. */
  override name = 'GatewayError';

  /** A plain object for logs and serializers; never holds a credential. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (key !== 'cause' && key !== 'headers' && key !== 'stack') out[key] = value;
    }
    return out;
  }
}

/**
 * A client option is missing or invalid: raised before any network I/O.
 *
 * @example new Client() // then client.sms.messages.retrieve('m_1') rejects: set `apiKey` or GATEWAY_API_KEY
 */
export class ConfigurationError extends GatewayError {
  override name = 'ConfigurationError';
  /** The option at fault, e.g. `apiKey`. */
  readonly option: string;
  constructor(message: string, option: string) {
    super(message);
    this.option = option;
  }
}

/** Input broke a rule of the API reference; nothing was sent. `issues` lists every breach. */
export class ValidationError extends GatewayError {
  override name = 'ValidationError';
  /** Every breach found, with its path. */
  readonly issues: ValidationIssue[];
  constructor(message: string, issues: ValidationIssue[]) {
    super(message);
    this.issues = issues;
  }
}

/** The fields every API error carries. */
export interface APIErrorInit {
  /** HTTP status of the response. */
  status: number;
  /** Response headers. */
  headers: Headers;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  /** The error message. */
  message: string;
  /** The service's error code from the body, when it sent one. */
  code?: string | undefined;
  /** The service's request id, when it sent one. */
  requestId?: string | undefined;
  /** The `Idempotency-Key` the request carried, if any. */
  idempotencyKey?: string | undefined;
}

/**
 * The service answered with a non-2xx status. Subclasses name the common statuses.
 *
 * @example if (err instanceof APIError && err.status === 400) console.error(err.code, err.body)
 */
export class APIError extends GatewayError {
  override name = 'APIError';
  /** HTTP status of the response. */
  readonly status: number;
  /** Response headers (not serialized by `toJSON()`). */
  readonly headers: Headers;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  readonly body: unknown;
  /** The service's error code from the body, when it sent one. */
  readonly code: string | undefined;
  /** The service's request id, to quote to support. */
  readonly requestId: string | undefined;
  /** The `Idempotency-Key` the request carried: retry later with it to stay safe from duplicates. */
  readonly idempotencyKey: string | undefined;

  constructor(init: APIErrorInit) {
    super(init.message);
    this.status = init.status;
    this.headers = init.headers;
    this.body = init.body;
    this.code = init.code;
    this.requestId = init.requestId;
    this.idempotencyKey = init.idempotencyKey;
  }
}

/** 400: the service refused the request as malformed. */
export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
/** 401: the credential is missing, wrong or revoked. */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
/** 403: the credential may not do this. */
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
/** 404: no such resource. */
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
/** 409: a conflict, such as an `Idempotency-Key` reused with another body. */
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
/** 422: the request was well-formed but could not be processed. */
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError';
}
/** 429: too many requests; `retryAfterMs` says how long the service asked to wait. */
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  /** Milliseconds the service asked to wait (`Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;
  constructor(init: APIErrorInit & { retryAfterMs?: number | undefined }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}
/** 500 and above: the service failed. Retried automatically before it reaches you. */
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

/** The request never got a response: DNS, refused or reset connection, unreadable body. */
export class APIConnectionError extends GatewayError {
  override name = 'APIConnectionError';
  /** The `Idempotency-Key` the request carried, if any. */
  readonly idempotencyKey: string | undefined;
  constructor(message: string, options?: { cause?: unknown; idempotencyKey?: string | undefined }) {
    super(message, options);
    this.idempotencyKey = options?.idempotencyKey;
  }
}

/** An attempt took longer than `timeout` ms (per attempt, retries included in the count). */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
}

/** The caller's `AbortSignal` fired; nothing more is attempted. */
export class APIUserAbortError extends GatewayError {
  override name = 'APIUserAbortError';
  /** The `Idempotency-Key` the request carried, if any. */
  readonly idempotencyKey: string | undefined;
  constructor(message: string, options?: { cause?: unknown; idempotencyKey?: string | undefined }) {
    super(message, options);
    this.idempotencyKey = options?.idempotencyKey;
  }
}

/** A 2xx response did not have the documented shape. `body` holds what arrived. */
export class ResponseValidationError extends GatewayError {
  override name = 'ResponseValidationError';
  /** Every mismatch, with its path in the body. */
  readonly issues: ValidationIssue[];
  /** The raw response text. */
  readonly body: string;
  /** HTTP status of the response. */
  readonly status: number;
  /** The service's request id, when it sent one. */
  readonly requestId: string | undefined;
  /** The `Idempotency-Key` the request carried, if any. */
  readonly idempotencyKey: string | undefined;
  constructor(
    message: string,
    init: {
      issues: ValidationIssue[];
      body: string;
      status: number;
      requestId?: string | undefined;
      idempotencyKey?: string | undefined;
    },
  ) {
    super(message);
    this.issues = init.issues;
    this.body = init.body;
    this.status = init.status;
    this.requestId = init.requestId;
    this.idempotencyKey = init.idempotencyKey;
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
 * @example catch (err) { if (err instanceof WebhookVerificationError) return new Response(err.reason, { status: 400 }) }
 */
export class WebhookVerificationError extends GatewayError {
  override name = 'WebhookVerificationError';
  /** Which check failed. */
  readonly reason: WebhookVerificationReason;
  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Builds the `APIError` subclass that matches a status. */
export function errorForStatus(init: APIErrorInit & { retryAfterMs?: number | undefined }): APIError {
  switch (init.status) {
    case 400:
      return new BadRequestError(init);
    case 401:
      return new AuthenticationError(init);
    case 403:
      return new PermissionDeniedError(init);
    case 404:
      return new NotFoundError(init);
    case 409:
      return new ConflictError(init);
    case 422:
      return new UnprocessableEntityError(init);
    case 429:
      return new RateLimitError(init);
    default:
      return init.status >= 500 ? new InternalServerError(init) : new APIError(init);
  }
}
