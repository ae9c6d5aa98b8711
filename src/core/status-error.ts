// The class for a status: used where a response becomes an error (internal/call.ts), never by the
// webhooks entry, so it stays out of the module every entry shares (core/errors.ts).
import {
  APIError,
  type APIErrorInit,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  IdempotencyKeyReusedError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from './client-errors.js';
import { isIdempotencyKeyReuse } from './error-body.js';

/** Builds the `APIError` subclass that matches a status. */
export function errorForStatus(init: APIErrorInit): APIError {
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
      return isIdempotencyKeyReuse(init.body) ? new IdempotencyKeyReusedError(init) : new ConflictError(init);
    case 422:
      return new UnprocessableEntityError(init);
    case 429:
      return new RateLimitError(init);
    default:
      return init.status >= 500 ? new InternalServerError(init) : new APIError(init);
  }
}
