// The errors of the client's calls: input refused before sending, the service's answers by status,
// connections, timeouts, aborts and answers that are not what the reference documents. They extend
// GatewayError (core/errors.ts), whose one copy every entry shares; these load with the client.
import { API_ERROR_BRAND } from './brands.js';
import { errorFields, isIdempotencyKeyReuse, withheldNote } from './error-body.js';
import { type APIErrorName, GatewayError, type ValidationIssue } from './errors.js';
import { cleanText } from './text.js';

/** Input broke a rule of the API reference; nothing was sent. `issues` lists every breach. */
export class ValidationError extends GatewayError {
  override readonly name = 'ValidationError' as const;
  /** Every breach found, with its path. */
  declare readonly issues: ValidationIssue[];
  constructor(message: string, issues: ValidationIssue[]) {
    super(message);
    this.issues = issues;
  }
}

/** The fields every API error carries, and what its message is built from. */
export interface APIErrorInit {
  /** HTTP status of the response. */
  status: number;
  /** Response headers. */
  headers: Headers;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  /** The service's error code; read from the body (`{ error: { code } }` or `{ code }`) when omitted. */
  code?: string | undefined;
  /** The service's request id, when it sent one. */
  requestId?: string | undefined;
  /** The `Idempotency-Key` the request carried, if any. */
  idempotencyKey?: string | undefined;
  /** Milliseconds the service asked to wait (`Retry-After`), when it said. */
  retryAfterMs?: number | undefined;
  /** The response's status text, shown when the body says nothing. */
  statusText?: string | undefined;
  /** The client option holding the credential the request used, named by 401 and 403 messages. */
  credentialOption?: string | undefined;
  /** The API area (`sms`, `payment`, `account`), named by 401 and 403 messages. */
  area?: string | undefined;
  /** How many attempts the call made, when more than one. */
  attempts?: number | undefined;
  /** The `Service-Version` the request sent, named by a 4xx about the version. */
  serviceVersion?: string | undefined;
  /** Replaces the message built from the fields above. */
  message?: string | undefined;
  /** The size in bytes of a body too large to keep (`body` is then undefined), which the message gives. */
  bodyWithheld?: number | undefined;
}

/**
 * The service answered with a non-2xx status. Subclasses name the common statuses. The message is
 * built from the fields: status, the service's code and message, and what to do next.
 *
 * @example if (err instanceof APIError && err.status === 400) console.error(err.code, err.body)
 */
export class APIError extends GatewayError {
  override name: APIErrorName = 'APIError';

  /** HTTP status of the response. */
  declare readonly status: number;
  /** Response headers (not serialized by `toJSON()`). */
  declare readonly headers: Headers;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  declare readonly body: unknown;
  /** The service's error code from the body, when it sent one. */
  declare readonly code: string | undefined;
  /** The service's request id, to quote to support. */
  declare readonly requestId: string | undefined;
  /** The `Idempotency-Key` the request carried: retry later with it to stay safe from duplicates. */
  declare readonly idempotencyKey: string | undefined;

  constructor(init: APIErrorInit) {
    const fields = errorFields(init.body);
    const code = init.code ?? fields.code;
    super(init.message ?? APIError.makeMessage({ ...init, code }, fields.message));
    // Set here, not as a computed class key, which would keep bundlers from dropping the class
    // from apps that never use it (core/brands.ts says why brands).
    Object.defineProperty(this, API_ERROR_BRAND, { value: true });
    this.status = init.status;
    this.headers = init.headers;
    this.body = init.body;
    this.code = code;
    this.requestId = init.requestId;
    this.idempotencyKey = init.idempotencyKey;
  }

  /** `'<status> <code>: <what the service said>. <what to do next>'`. */
  static makeMessage(init: APIErrorInit, serviceMessage: string | undefined): string {
    const { status, body, code } = init;
    const detail =
      serviceMessage ?? (typeof body === 'string' && body && body.length <= 200 ? body : init.statusText);
    // The service's words are quoted cleaned and cut (core/text.ts): the full text stays on `body`.
    const said = detail ? cleanText(detail) : '';
    const summary = `${status}${code ? ` ${cleanText(code, 100)}` : ''}${said ? `: ${said.replace(/\.$/, '')}` : ''}.`;
    return `${summary} ${nextStep(init, said)}${withheldNote(init.bodyWithheld)}`.trim();
  }
}

/** The option (and its environment variable) holding an area's address, as messages name it. */
export function addressOption(area: string | undefined): string {
  if (area === 'payment') return 'sandboxBaseURL (GATEWAY_SANDBOX_BASE_URL)';
  if (area === 'sms' || area === 'account') return 'baseURL (GATEWAY_BASE_URL)';
  return 'baseURL (GATEWAY_BASE_URL) or sandboxBaseURL (GATEWAY_SANDBOX_BASE_URL)';
}

/** What to do next, by status; `said` is the service's message, so advice it gave is not repeated. */
function nextStep(init: APIErrorInit, said = ''): string {
  const { status, idempotencyKey, retryAfterMs, attempts = 1 } = init;
  const tries = attempts > 1 ? ` (after ${attempts} attempts)` : '';
  const sameKey = idempotencyKey ? ' with the same idempotencyKey, which cannot send twice' : '';
  if (status >= 400 && status < 500 && init.serviceVersion !== undefined && isAboutVersion(init.code, said))
    return (
      `The request sent Service-Version ${init.serviceVersion}: set the \`serviceVersion\` option ` +
      `(per call, on the client, or GATEWAY_SERVICE_VERSION) to a version the service supports ` +
      `(docs/versioning.md).`
    );
  if (status >= 300 && status < 400)
    return (
      `Redirects are not followed, so credentials stay on the configured host: ` +
      `update ${addressOption(init.area)} to the address it redirects to.`
    );
  if (status === 401 || status === 403) {
    return init.credentialOption === undefined
      ? 'Check the credential.'
      : `Check the \`${init.credentialOption}\` option for client.${init.area ?? ''}.`;
  }
  if (status === 404)
    // The mock's 404 already says to check the id; say each piece of advice once.
    return /\bcheck the id\b/i.test(said)
      ? `Check that ${addressOption(init.area)} points at the gateway API.`
      : `Check the id, and that ${addressOption(init.area)} points at the gateway API.`;
  if (status === 409) {
    // The service already said the key belongs to another body; say what follows, not that again.
    if (isIdempotencyKeyReuse(init.body))
      return (
        'Not retried, as waiting cannot change it: send a different body with a new idempotencyKey. ' +
        'Retrying the first body with the same key is safe: it cannot send twice.'
      );
    return (
      `The Idempotency-Key was reused with another body, or its first request is still running${tries}: ` +
      `use a new key for a new request.`
    );
  }
  if (status === 429)
    return (
      `Rate limited${tries}: ` +
      `wait${retryAfterMs === undefined ? '' : ` ${Math.ceil(retryAfterMs / 1000)}s`}, then retry.`
    );
  if (status >= 500 || status === 408) return `The service failed${tries}: retry later${sameKey}.`;
  return 'Fix the request: retrying it unchanged fails the same way.';
}

/**
 * Whether the service's code or words are about the `Service-Version` header itself
 * (`unsupported_version`, "Unknown Service-Version"), not any version: a 404 "template version 3
 * not found" is not.
 */
function isAboutVersion(code: string | undefined, said: string): boolean {
  return ABOUT_VERSION.test(code ?? '') || ABOUT_VERSION.test(said);
}
const ABOUT_VERSION =
  /service[-_ ]?version|version header|\b(?:unsupported|unknown|invalid|missing)[_ ](?:service_|api_|api )?version\b/i;

/** 400: the service refused the request as malformed. */
export class BadRequestError extends APIError {
  override readonly name = 'BadRequestError' as const;
  /** Always 400. */
  declare readonly status: 400;
}
/** 401: the credential is missing, wrong or revoked. */
export class AuthenticationError extends APIError {
  override readonly name = 'AuthenticationError' as const;
  /** Always 401. */
  declare readonly status: 401;
}
/** 403: the credential may not do this. */
export class PermissionDeniedError extends APIError {
  override readonly name = 'PermissionDeniedError' as const;
  /** Always 403. */
  declare readonly status: 403;
}
/** 404: no such resource. */
export class NotFoundError extends APIError {
  override readonly name = 'NotFoundError' as const;
  /** Always 404. */
  declare readonly status: 404;
}
/**
 * 409: a conflict, such as a request whose `Idempotency-Key` is still in flight. A key sent again
 * with a different body is its subclass `IdempotencyKeyReusedError`.
 */
export class ConflictError extends APIError {
  override name: 'ConflictError' | 'IdempotencyKeyReusedError' = 'ConflictError';
  /** Always 409. */
  declare readonly status: 409;
}
/**
 * 409 with the code `idempotency_key_reused`: the `Idempotency-Key` was first sent with a different
 * body. Never retried, as no wait changes it: send the different body with a new key; the first
 * body with the same key stays safe to retry.
 *
 * @example
 * catch (err) { if (err instanceof IdempotencyKeyReusedError) opts.idempotencyKey = crypto.randomUUID() }
 */
export class IdempotencyKeyReusedError extends ConflictError {
  override readonly name = 'IdempotencyKeyReusedError' as const;
}
/** 422: the request was well-formed but could not be processed. */
export class UnprocessableEntityError extends APIError {
  override readonly name = 'UnprocessableEntityError' as const;
  /** Always 422. */
  declare readonly status: 422;
}
/** 429: too many requests; `retryAfterMs` says how long the service asked to wait. */
export class RateLimitError extends APIError {
  override readonly name = 'RateLimitError' as const;
  /** Always 429. */
  declare readonly status: 429;
  /** Milliseconds the service asked to wait (`Retry-After`), when it said. */
  declare readonly retryAfterMs: number | undefined;
  constructor(init: APIErrorInit) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/**
 * The class of each status with one of its own, for core/status-error.ts (no prototype: a name set
 * on Object.prototype is not read). Here, beside the classes, so the engine's chunk imports one
 * name for them all.
 *
 * @internal
 */
export const BY_STATUS: Record<number, typeof APIError | undefined> = {
  __proto__: null,
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
} as Record<number, typeof APIError | undefined>;

/** 500 and above: the service failed. Retried automatically before it reaches you. */
export class InternalServerError extends APIError {
  override readonly name = 'InternalServerError' as const;
}

/** What a connection, timeout or abort error's message is built from. */
export interface ConnectionErrorInit {
  /** The `Idempotency-Key` the request carried, if any. */
  idempotencyKey?: string | undefined;
  /** The underlying error (e.g. undici's `TypeError: fetch failed`). */
  cause?: unknown;
  /** The API area that could not be reached (`sms`, `payment`, `account`). */
  area?: string | undefined;
  /** Why, in a few words, with no credential in it (e.g. `fetch failed: ECONNREFUSED`). */
  reason?: string | undefined;
  /** Replaces the message built from the fields above. */
  message?: string | undefined;
  /** The size in bytes of a body too large to keep (`body` is then undefined), which the message gives. */
  bodyWithheld?: number | undefined;
}

const sameKeyHint = (key: string | undefined) =>
  key ? '; retrying with the same idempotencyKey cannot send twice' : '';

/** The request never got a response: DNS, refused or reset connection, unreadable body. */
export class APIConnectionError extends GatewayError {
  override name: 'APIConnectionError' | 'APIConnectionTimeoutError' = 'APIConnectionError';
  /** The `Idempotency-Key` the request carried, if any. */
  declare readonly idempotencyKey: string | undefined;
  constructor(init: ConnectionErrorInit = {}) {
    super(
      init.message ??
        `Could not reach the ${init.area ?? 'gateway'} API (${init.reason ?? 'unknown error'}). ` +
          `Check the network and ${addressOption(init.area)}${sameKeyHint(init.idempotencyKey)}.`,
      { cause: init.cause },
    );
    this.idempotencyKey = init.idempotencyKey;
  }
}

/** What a timeout's message is built from. */
export interface TimeoutErrorInit extends ConnectionErrorInit {
  /** The limit that ran out, in milliseconds. */
  timeoutMs: number;
  /** `'timeout'`: one attempt ran out; `'totalTimeout'`: the whole call did. */
  limit: 'timeout' | 'totalTimeout';
}

/**
 * An attempt took longer than `timeout` ms on its last try, or the whole call longer than
 * `totalTimeout` ms; `limit` says which.
 */
export class APIConnectionTimeoutError extends APIConnectionError {
  override readonly name = 'APIConnectionTimeoutError' as const;
  /** Which limit ran out: `'timeout'` (one attempt) or `'totalTimeout'` (the whole call). */
  declare readonly limit: 'timeout' | 'totalTimeout';
  /** That limit, in milliseconds. */
  declare readonly timeoutMs: number;
  constructor(init: TimeoutErrorInit) {
    super({
      ...init,
      message:
        init.message ??
        `${
          init.limit === 'timeout'
            ? `No complete response within ${init.timeoutMs}ms. Raise \`timeout\` if the service is slow`
            : `The call did not complete within its totalTimeout of ${init.timeoutMs}ms, ` +
              `retries and waits included; nothing more will be attempted. ` +
              `Raise \`totalTimeout\` or retry later`
        }${sameKeyHint(init.idempotencyKey)}.`,
    });
    this.limit = init.limit;
    this.timeoutMs = init.timeoutMs;
  }
}

/** The caller's `AbortSignal` fired; nothing more is attempted. */
export class APIUserAbortError extends GatewayError {
  override readonly name = 'APIUserAbortError' as const;
  /** The `Idempotency-Key` the request carried, if any. */
  declare readonly idempotencyKey: string | undefined;
  constructor(init: ConnectionErrorInit = {}) {
    super(init.message ?? 'The request was aborted by its AbortSignal; nothing more will be attempted.', {
      cause: init.cause,
    });
    this.idempotencyKey = init.idempotencyKey;
  }
}

/**
 * A 2xx answer could not be used: empty where the reference documents one (the call may have
 * happened: retry with the same `idempotencyKey`), not JSON, without the structure the SDK reads,
 * or (with `responseValidation: 'strict'`) drifted from the documented shape. `data` holds it parsed.
 */
export class ResponseValidationError extends GatewayError {
  override readonly name = 'ResponseValidationError' as const;
  /** Every mismatch, with its path in the body. */
  declare readonly issues: ValidationIssue[];
  /** The raw response text. */
  declare readonly body: string;
  /** HTTP status of the response. */
  declare readonly status: number;
  /** The service's request id, when it sent one. */
  declare readonly requestId: string | undefined;
  /** The `Idempotency-Key` the request carried, if any. */
  declare readonly idempotencyKey: string | undefined;
  /**
   * The answer parsed as JSON, as the service sent it (undefined when it was not JSON or too large
   * to keep): a send the service accepted has its id here (`err.data.id`): check it before sending again.
   */
  declare readonly data: unknown;
  constructor(
    message: string,
    init: {
      issues: ValidationIssue[];
      body: string;
      status: number;
      requestId?: string | undefined;
      idempotencyKey?: string | undefined;
      data?: unknown;
    },
  ) {
    super(message);
    this.issues = init.issues;
    this.body = init.body;
    this.status = init.status;
    this.requestId = init.requestId;
    this.idempotencyKey = init.idempotencyKey;
    this.data = init.data;
  }
}

/**
 * An answer was larger than the client's `maxResponseBytes` (default 10 MiB): it was not read
 * further, and the call was not retried, as every attempt would get the same answer.
 */
export class ResponseTooLargeError extends GatewayError {
  override readonly name = 'ResponseTooLargeError' as const;
  /** The limit in force, in bytes (the `maxResponseBytes` option). */
  declare readonly limit: number;
  /** HTTP status of the response. */
  declare readonly status: number;
  /** The service's request id, when it sent one. */
  declare readonly requestId: string | undefined;
  /** The `Idempotency-Key` the request carried, if any. */
  declare readonly idempotencyKey: string | undefined;
  constructor(
    limit: number,
    status: number,
    requestId?: string | undefined,
    idempotencyKey?: string | undefined,
  ) {
    super(
      `The answer (status ${status}) is over maxResponseBytes (${limit} bytes): not read further, ` +
        `not retried. Check the address, or raise maxResponseBytes${sameKeyHint(idempotencyKey)}.`,
    );
    this.limit = limit;
    this.status = status;
    this.requestId = requestId;
    this.idempotencyKey = idempotencyKey;
  }
}
