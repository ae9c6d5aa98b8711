// What the first load hands the engine's two core files (page-walk.ts, status-error.ts), the
// part of the kit (internal/kit.ts) that is theirs. They import these names from here, never from
// the files that define them, so a bundler that splits the engine off keeps those files in the
// first load's chunk (docs/decisions/engine-kit.md). Each is undefined until the loader has started
// the engine: read them inside functions only, never while a module loads.
import type * as ApiPromise from './api-promise.js';
import type * as ClientErrors from './client-errors.js';
import type * as Errors from './errors.js';
import type * as ErrorBody from './error-body.js';
import type * as Pagination from './pagination.js';
import type * as Text from './text.js';
import type * as Version from './version.js';

/** What the first load hands the engine's core files, in this order (`CoreKit`). */
export type CoreKit = readonly [
  typeof ApiPromise.UNPARSED_ANSWERS,
  typeof ClientErrors.APIConnectionError,
  typeof ClientErrors.APIConnectionTimeoutError,
  typeof ClientErrors.APIError,
  typeof ClientErrors.APIUserAbortError,
  typeof ClientErrors.BY_STATUS,
  typeof ClientErrors.IdempotencyKeyReusedError,
  typeof ClientErrors.InternalServerError,
  typeof ClientErrors.ResponseTooLargeError,
  typeof ClientErrors.ResponseValidationError,
  typeof ClientErrors.ValidationError,
  typeof ClientErrors.addressOption,
  typeof Errors.ConfigurationError,
  typeof Errors.GatewayError,
  typeof ErrorBody.errorFields,
  typeof ErrorBody.isIdempotencyKeyReuse,
  typeof ErrorBody.withheldNote,
  typeof Pagination.CursorPage,
  typeof Pagination.PagePromise,
  typeof Pagination.afterOf,
  typeof Pagination.guardErrors,
  typeof Pagination.installWalker,
  typeof Pagination.quoted,
  typeof Pagination.rejectedPage,
  typeof Pagination.walkOn,
  typeof Text.cleanText,
  typeof Version.isServiceVersion,
];

/** `UNPARSED_ANSWERS` of api-promise.ts, as the first load handed it. */
export let UNPARSED_ANSWERS: typeof ApiPromise.UNPARSED_ANSWERS;
/** `APIConnectionError` of client-errors.ts, as the first load handed it. */
export let APIConnectionError: typeof ClientErrors.APIConnectionError;
/** An instance of `APIConnectionError`. */
export type APIConnectionError = ClientErrors.APIConnectionError;
/** `APIConnectionTimeoutError` of client-errors.ts, as the first load handed it. */
export let APIConnectionTimeoutError: typeof ClientErrors.APIConnectionTimeoutError;
/** An instance of `APIConnectionTimeoutError`. */
export type APIConnectionTimeoutError = ClientErrors.APIConnectionTimeoutError;
/** `APIError` of client-errors.ts, as the first load handed it. */
export let APIError: typeof ClientErrors.APIError;
/** An instance of `APIError`. */
export type APIError = ClientErrors.APIError;
/** `APIUserAbortError` of client-errors.ts, as the first load handed it. */
export let APIUserAbortError: typeof ClientErrors.APIUserAbortError;
/** An instance of `APIUserAbortError`. */
export type APIUserAbortError = ClientErrors.APIUserAbortError;
/** `BY_STATUS` of client-errors.ts, as the first load handed it. */
export let BY_STATUS: typeof ClientErrors.BY_STATUS;
/** `IdempotencyKeyReusedError` of client-errors.ts, as the first load handed it. */
export let IdempotencyKeyReusedError: typeof ClientErrors.IdempotencyKeyReusedError;
/** An instance of `IdempotencyKeyReusedError`. */
export type IdempotencyKeyReusedError = ClientErrors.IdempotencyKeyReusedError;
/** `InternalServerError` of client-errors.ts, as the first load handed it. */
export let InternalServerError: typeof ClientErrors.InternalServerError;
/** An instance of `InternalServerError`. */
export type InternalServerError = ClientErrors.InternalServerError;
/** `ResponseTooLargeError` of client-errors.ts, as the first load handed it. */
export let ResponseTooLargeError: typeof ClientErrors.ResponseTooLargeError;
/** An instance of `ResponseTooLargeError`. */
export type ResponseTooLargeError = ClientErrors.ResponseTooLargeError;
/** `ResponseValidationError` of client-errors.ts, as the first load handed it. */
export let ResponseValidationError: typeof ClientErrors.ResponseValidationError;
/** An instance of `ResponseValidationError`. */
export type ResponseValidationError = ClientErrors.ResponseValidationError;
/** `ValidationError` of client-errors.ts, as the first load handed it. */
export let ValidationError: typeof ClientErrors.ValidationError;
/** An instance of `ValidationError`. */
export type ValidationError = ClientErrors.ValidationError;
/** `addressOption` of client-errors.ts, as the first load handed it. */
export let addressOption: typeof ClientErrors.addressOption;
/** `ConfigurationError` of errors.ts, as the first load handed it. */
export let ConfigurationError: typeof Errors.ConfigurationError;
/** An instance of `ConfigurationError`. */
export type ConfigurationError = Errors.ConfigurationError;
/** `GatewayError` of errors.ts, as the first load handed it. */
export let GatewayError: typeof Errors.GatewayError;
/** An instance of `GatewayError`. */
export type GatewayError = Errors.GatewayError;
/** `errorFields` of error-body.ts, as the first load handed it. */
export let errorFields: typeof ErrorBody.errorFields;
/** `isIdempotencyKeyReuse` of error-body.ts, as the first load handed it. */
export let isIdempotencyKeyReuse: typeof ErrorBody.isIdempotencyKeyReuse;
/** `withheldNote` of error-body.ts, as the first load handed it. */
export let withheldNote: typeof ErrorBody.withheldNote;
/** `CursorPage` of pagination.ts, as the first load handed it. */
export let CursorPage: typeof Pagination.CursorPage;
/** An instance of `CursorPage`. */
export type CursorPage<T> = Pagination.CursorPage<T>;
/** `PagePromise` of pagination.ts, as the first load handed it. */
export let PagePromise: typeof Pagination.PagePromise;
/** An instance of `PagePromise`. */
export type PagePromise<T> = Pagination.PagePromise<T>;
/** `afterOf` of pagination.ts, as the first load handed it. */
export let afterOf: typeof Pagination.afterOf;
/** `guardErrors` of pagination.ts, as the first load handed it. */
export let guardErrors: typeof Pagination.guardErrors;
/** `installWalker` of pagination.ts, as the first load handed it. */
export let installWalker: typeof Pagination.installWalker;
/** `quoted` of pagination.ts, as the first load handed it. */
export let quoted: typeof Pagination.quoted;
/** `rejectedPage` of pagination.ts, as the first load handed it. */
export let rejectedPage: typeof Pagination.rejectedPage;
/** `walkOn` of pagination.ts, as the first load handed it. */
export let walkOn: typeof Pagination.walkOn;
/** `cleanText` of text.ts, as the first load handed it. */
export let cleanText: typeof Text.cleanText;
/** `isServiceVersion` of version.ts, as the first load handed it. */
export let isServiceVersion: typeof Version.isServiceVersion;

/** Keeps what the first load handed; the engine's files read it only inside functions, never at import. */
export function takeCoreKit(kit: CoreKit): void {
  [
    UNPARSED_ANSWERS,
    APIConnectionError,
    APIConnectionTimeoutError,
    APIError,
    APIUserAbortError,
    BY_STATUS,
    IdempotencyKeyReusedError,
    InternalServerError,
    ResponseTooLargeError,
    ResponseValidationError,
    ValidationError,
    addressOption,
    ConfigurationError,
    GatewayError,
    errorFields,
    isIdempotencyKeyReuse,
    withheldNote,
    CursorPage,
    PagePromise,
    afterOf,
    guardErrors,
    installWalker,
    quoted,
    rejectedPage,
    walkOn,
    cleanText,
    isServiceVersion,
  ] = kit;
}
