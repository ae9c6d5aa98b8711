// The kit: what the engine shares with the first load, as one list in the order the engine's kit
// files keep it (core/engine-kit.ts, then internal/engine-kit.ts), which their types check. The
// loader (resources/resource.ts) hands it to the engine when it loads; the batch helpers
// (campaigns/pool.ts) and the test setup hand it too (docs/decisions/engine-kit.md).
import { UNPARSED_ANSWERS } from '../core/api-promise.js';
import {
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
} from '../core/client-errors.js';
import { ConfigurationError, GatewayError } from '../core/errors.js';
import { errorFields, isIdempotencyKeyReuse, withheldNote } from '../core/error-body.js';
import {
  CursorPage,
  PagePromise,
  afterOf,
  guardErrors,
  installWalker,
  quoted,
  rejectedPage,
  walkOn,
} from '../core/pagination.js';
import { cleanText } from '../core/text.js';
import { isServiceVersion } from '../core/version.js';
import {
  LOG_LEVELS,
  MAX_RETRIES_RANGE,
  RESERVED,
  SERVICE_VERSION_RULE,
  TIMEOUT_RANGE,
  UNREADABLE,
  envOf,
  headerProblem,
  hooksProblemOf,
  invalidOption,
  isIntIn,
  ownProperties,
  quoted as quotedName,
  withCause,
} from './settings.js';
import { now } from './runtime.js';
import { attachCallSite } from './call-site.js';
import { nameHint } from './near-miss.js';
import type { EngineKit } from './engine-kit.js';

/** What the engine shares with the first load, built from the first load's own files. */
export const KIT: EngineKit = [
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
  ],
  [
    LOG_LEVELS,
    MAX_RETRIES_RANGE,
    RESERVED,
    SERVICE_VERSION_RULE,
    TIMEOUT_RANGE,
    UNREADABLE,
    envOf,
    headerProblem,
    hooksProblemOf,
    invalidOption,
    isIntIn,
    ownProperties,
    quotedName,
    withCause,
    now,
    attachCallSite,
    nameHint,
  ],
];
