// The mock's error answers. The reference shows no error body and no failure status codes
// (the API reference's Errors); this shape and these statuses are the mock's documented
// choice (docs/mock-service.md, "Error body").

/** The `type` of a mock error body, one per status the mock answers with. */
export type MockErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'not_found'
  | 'idempotency_error'
  | 'rate_limit_error'
  | 'api_error';

/** The body of every error the mock answers. */
export interface MockErrorBody {
  /** What went wrong. */
  error: {
    /** The kind of error, one per status. */
    type: MockErrorType;
    /** A stable, machine-readable reason, e.g. `parameter_invalid` or `idempotency_key_reused`. */
    code: string;
    /** What is wrong and how to fix it. */
    message: string;
    /** The field, query parameter, path parameter or header at fault; null when none is. */
    param: string | null;
  };
}

const STATUS: Record<MockErrorType, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  not_found: 404,
  idempotency_error: 409,
  rate_limit_error: 429,
  api_error: 500,
};

/** Thrown inside a route to answer with an error body; the router turns it into a response. */
export class MockApiError extends Error {
  override name = 'MockApiError';
  readonly status: number;
  constructor(
    readonly type: MockErrorType,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
    status?: number,
  ) {
    super(message);
    this.status = status ?? STATUS[type];
  }

  /** The JSON body of the answer. */
  toBody(): MockErrorBody {
    return { error: { type: this.type, code: this.code, message: this.message, param: this.param } };
  }
}

/** 400 for a field that breaks a rule of the reference. */
export function invalid(param: string, message: string, code = 'parameter_invalid'): MockApiError {
  return new MockApiError('invalid_request_error', code, `${param} ${message}`, param);
}

/** 400 for a required field that is absent. */
export function missing(param: string, what: string): MockApiError {
  return new MockApiError(
    'invalid_request_error',
    'parameter_missing',
    `${param} is required (${what}).`,
    param,
  );
}

/** 404 for an id the store does not hold. */
export function notFound(code: string, param: string, what: string, id: string): MockApiError {
  return new MockApiError(
    'not_found',
    code,
    `No ${what} with id ${JSON.stringify(id)} (${param}); check the id, or create the ${what} first.`,
    param,
  );
}
