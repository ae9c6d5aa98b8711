// Every error the package exports is a GatewayError, so one `instanceof` check catches them all,
// and each carries the fields the contract promises.
import { describe, expectTypeOf, it } from 'vitest';
import type * as sdk from 'gateway-sdk';
import { isAPIError, isGatewayError } from 'gateway-sdk';
import type {
  AnyGatewayError,
  APIErrorName,
  GatewayErrorName,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ConflictError,
  GatewayError,
  IdempotencyKeyReusedError,
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

/** Every export of the main entry whose name ends in `Error`, less the guards (`isGatewayError`, …). */
type ErrorExports = {
  [
    K in keyof typeof sdk as K extends `is${string}` ? never : K extends `${string}Error` ? K : never
  ]: (typeof sdk)[K];
};

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
      | 'IdempotencyKeyReusedError'
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
    expectTypeOf<IdempotencyKeyReusedError>().toExtend<ConflictError>();
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

  it('have a literal status per status class, and an honest number where a class covers several', () => {
    expectTypeOf<BadRequestError['status']>().toEqualTypeOf<400>();
    expectTypeOf<AuthenticationError['status']>().toEqualTypeOf<401>();
    expectTypeOf<PermissionDeniedError['status']>().toEqualTypeOf<403>();
    expectTypeOf<NotFoundError['status']>().toEqualTypeOf<404>();
    expectTypeOf<ConflictError['status']>().toEqualTypeOf<409>();
    expectTypeOf<IdempotencyKeyReusedError['status']>().toEqualTypeOf<409>();
    expectTypeOf<UnprocessableEntityError['status']>().toEqualTypeOf<422>();
    expectTypeOf<RateLimitError['status']>().toEqualTypeOf<429>();
    expectTypeOf<InternalServerError['status']>().toEqualTypeOf<number>();
    expectTypeOf<ResponseValidationError['status']>().toEqualTypeOf<number>();
  });

  it('have a literal name per class; a base class names itself or a subclass', () => {
    expectTypeOf<NotFoundError['name']>().toEqualTypeOf<'NotFoundError'>();
    expectTypeOf<RateLimitError['name']>().toEqualTypeOf<'RateLimitError'>();
    expectTypeOf<InternalServerError['name']>().toEqualTypeOf<'InternalServerError'>();
    expectTypeOf<ConfigurationError['name']>().toEqualTypeOf<'ConfigurationError'>();
    expectTypeOf<ValidationError['name']>().toEqualTypeOf<'ValidationError'>();
    expectTypeOf<APIConnectionTimeoutError['name']>().toEqualTypeOf<'APIConnectionTimeoutError'>();
    expectTypeOf<APIUserAbortError['name']>().toEqualTypeOf<'APIUserAbortError'>();
    expectTypeOf<ResponseValidationError['name']>().toEqualTypeOf<'ResponseValidationError'>();
    expectTypeOf<WebhookVerificationError['name']>().toEqualTypeOf<'WebhookVerificationError'>();
    expectTypeOf<IdempotencyKeyReusedError['name']>().toEqualTypeOf<'IdempotencyKeyReusedError'>();
    expectTypeOf<ConflictError['name']>().toEqualTypeOf<'ConflictError' | 'IdempotencyKeyReusedError'>();
    expectTypeOf<APIConnectionError['name']>().toEqualTypeOf<
      'APIConnectionError' | 'APIConnectionTimeoutError'
    >();
    expectTypeOf<APIError['name']>().toEqualTypeOf<APIErrorName>();
    expectTypeOf<GatewayError['name']>().toEqualTypeOf<GatewayErrorName>();
    expectTypeOf<AnyGatewayError['name']>().toEqualTypeOf<GatewayErrorName>();
    // Every class name is a GatewayErrorName (no class left out of the union).
    type Names = { [K in keyof ErrorExports]: InstanceType<ErrorExports[K]>['name'] };
    expectTypeOf<Names[keyof Names]>().toEqualTypeOf<GatewayErrorName>();
  });

  it('narrow by name after isGatewayError, and by status after isAPIError', () => {
    const err: unknown = undefined;
    if (isGatewayError(err)) {
      switch (err.name) {
        case 'RateLimitError':
          expectTypeOf(err).toEqualTypeOf<RateLimitError>();
          expectTypeOf(err.retryAfterMs).toEqualTypeOf<number | undefined>();
          break;
        case 'ValidationError':
          expectTypeOf(err.issues).toEqualTypeOf<ValidationIssue[]>();
          break;
        case 'APIConnectionTimeoutError':
          expectTypeOf(err.limit).toEqualTypeOf<'timeout' | 'totalTimeout'>();
          break;
        case 'WebhookVerificationError':
          expectTypeOf(err.reason).toEqualTypeOf<WebhookVerificationReason>();
          break;
      }
    }
    if (isAPIError(err)) {
      expectTypeOf(err).toExtend<APIError>();
      if (err.name === 'NotFoundError') expectTypeOf(err.status).toEqualTypeOf<404>();
      if (err.name === 'IdempotencyKeyReusedError') {
        expectTypeOf(err).toEqualTypeOf<IdempotencyKeyReusedError>();
        expectTypeOf(err.status).toEqualTypeOf<409>();
      }
      // @ts-expect-error A ValidationError is not an APIError.
      if (err.name === 'ValidationError') return;
    }
    expectTypeOf(isGatewayError).guards.toEqualTypeOf<AnyGatewayError>();
  });
});
