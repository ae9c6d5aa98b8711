// Every error the package exports is a GatewayError, so one `instanceof` check catches them all,
// and each carries the fields the contract promises.
import { describe, expectTypeOf, it } from 'vitest';
import type * as sdk from 'gateway-sdk';
import type {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ConflictError,
  GatewayError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  UnprocessableEntityError,
  ValidationError,
  WebhookVerificationError,
  ValidationIssue,
  WebhookVerificationReason,
} from 'gateway-sdk';

/** Every export of the main entry whose name ends in `Error`. */
type ErrorExports = { [K in keyof typeof sdk as K extends `${string}Error` ? K : never]: (typeof sdk)[K] };

describe('errors', () => {
  it('exports exactly the errors of the contract', () => {
    expectTypeOf<keyof ErrorExports>().toEqualTypeOf<
      | 'GatewayError'
      | 'ConfigurationError'
      | 'ValidationError'
      | 'APIError'
      | 'BadRequestError'
      | 'AuthenticationError'
      | 'PermissionDeniedError'
      | 'NotFoundError'
      | 'ConflictError'
      | 'UnprocessableEntityError'
      | 'RateLimitError'
      | 'InternalServerError'
      | 'APIConnectionError'
      | 'APIConnectionTimeoutError'
      | 'APIUserAbortError'
      | 'ResponseValidationError'
      | 'ResponseTooLargeError'
      | 'WebhookVerificationError'
    >();
  });

  it('are all GatewayErrors, and Errors', () => {
    type Instances = { [K in keyof ErrorExports]: InstanceType<ErrorExports[K]> };
    expectTypeOf<Instances[keyof Instances]>().toExtend<GatewayError>();
    expectTypeOf<GatewayError>().toExtend<Error>();
  });

  it('put each HTTP status class under APIError', () => {
    expectTypeOf<BadRequestError>().toExtend<APIError>();
    expectTypeOf<AuthenticationError>().toExtend<APIError>();
    expectTypeOf<PermissionDeniedError>().toExtend<APIError>();
    expectTypeOf<NotFoundError>().toExtend<APIError>();
    expectTypeOf<ConflictError>().toExtend<APIError>();
    expectTypeOf<UnprocessableEntityError>().toExtend<APIError>();
    expectTypeOf<RateLimitError>().toExtend<APIError>();
    expectTypeOf<InternalServerError>().toExtend<APIError>();
    expectTypeOf<APIConnectionTimeoutError>().toExtend<APIConnectionError>();
    expectTypeOf<ValidationError>().not.toExtend<APIError>();
  });

  it('carry the fields the contract names', () => {
    expectTypeOf<APIError['status']>().toEqualTypeOf<number>();
    expectTypeOf<APIError['headers']>().toEqualTypeOf<Headers>();
    expectTypeOf<APIError['body']>().toEqualTypeOf<unknown>();
    expectTypeOf<APIError['code']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<APIError['requestId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<APIError['idempotencyKey']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<APIConnectionError['idempotencyKey']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<APIUserAbortError['idempotencyKey']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ResponseValidationError['idempotencyKey']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RateLimitError['retryAfterMs']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ConfigurationError['option']>().toEqualTypeOf<string>();
    expectTypeOf<ValidationError['issues']>().toEqualTypeOf<ValidationIssue[]>();
    expectTypeOf<ValidationIssue['path']>().toEqualTypeOf<(string | number)[]>();
    expectTypeOf<WebhookVerificationError['reason']>().toEqualTypeOf<WebhookVerificationReason>();
    expectTypeOf<GatewayError['toJSON']>().returns.toEqualTypeOf<Record<string, unknown>>();
  });
});
