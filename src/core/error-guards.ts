// The guards that recognise the SDK's errors by brand, built by any copy of the SDK in the process
// (core/brands.ts), and the unions they narrow to. They need no class: each entry may carry its own copy.
import { API_ERROR_BRAND, ERROR_BRAND } from './brands.js';
import type {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  IdempotencyKeyReusedError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseTooLargeError,
  ResponseValidationError,
  UnprocessableEntityError,
  ValidationError,
} from './client-errors.js';
import type { ConfigurationError, GatewayError, WebhookVerificationError } from './errors.js';

/** A `GatewayError` built as such, not as one of its subclasses. */
interface OwnGatewayError extends GatewayError {
  /** The class's own name. */
  readonly name: 'GatewayError';
}

/** An `APIConnectionError` built as such, not as an `APIConnectionTimeoutError`. */
interface OwnAPIConnectionError extends APIConnectionError {
  /** The class's own name. */
  readonly name: 'APIConnectionError';
}

/** A `ConflictError` built as such, not as an `IdempotencyKeyReusedError`. */
interface OwnConflictError extends ConflictError {
  /** The class's own name. */
  readonly name: 'ConflictError';
}

/** An `APIError` built as such (a status without a class of its own). */
interface OwnAPIError extends APIError {
  /** The class's own name. */
  readonly name: 'APIError';
}

/**
 * Every error the SDK throws, told apart by `name`: after `isGatewayError(err)`,
 * `switch (err.name)` narrows `err` to that class.
 */
export type AnyGatewayError =
  | OwnGatewayError
  | ConfigurationError
  | ValidationError
  | AnyAPIError
  | OwnAPIConnectionError
  | APIConnectionTimeoutError
  | APIUserAbortError
  | ResponseValidationError
  | ResponseTooLargeError
  | WebhookVerificationError;

/** `APIError` and its status classes, told apart by `name` (and by `status` where it is one value). */
export type AnyAPIError =
  | OwnAPIError
  | BadRequestError
  | AuthenticationError
  | PermissionDeniedError
  | NotFoundError
  | OwnConflictError
  | IdempotencyKeyReusedError
  | UnprocessableEntityError
  | RateLimitError
  | InternalServerError;

/**
 * Whether `value` is an error of the SDK, built by this copy or any other in the process (the ESM
 * and CJS builds, another installed version), where `instanceof GatewayError` sees this copy's only.
 *
 * @example if (isGatewayError(err) && err.name === 'RateLimitError') await sleep(err.retryAfterMs ?? 1000)
 */
export function isGatewayError(value: unknown): value is AnyGatewayError {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[ERROR_BRAND] === true
  );
}

/**
 * Whether `value` is an `APIError` (the service answered with a non-2xx status) of any copy of the SDK.
 *
 * @example if (isAPIError(err) && err.status === 404) return undefined
 */
export function isAPIError(value: unknown): value is AnyAPIError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[API_ERROR_BRAND] === true
  );
}
