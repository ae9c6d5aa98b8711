// The checks on a call's options, which run with the engine (resources/engine.ts) on the copy the
// resource method made when it was called (settings.ts `copyOptions`): this module loads with the
// first request, not with the Client, and checking the copy later finds what checking the
// caller's object then would have.
import type { RequestOptions } from '../core/options.js';
import { isServiceVersion } from '../core/engine-kit.js';
import { idempotencyKeyFor } from './idempotency.js';
import {
  nameHint,
  headerProblem,
  hooksProblemOf,
  invalidOption,
  isIntIn,
  MAX_RETRIES_RANGE,
  ownProperties,
  quoted,
  RESERVED,
  SERVICE_VERSION_RULE,
  TIMEOUT_RANGE,
} from './engine-kit.js';

/**
 * Every per-call option's name, once, typed so it cannot drift from `RequestOptions`. Symbol keys
 * are not option names and are never read (what the SDK passes a call beside its options goes
 * through internal/channel.ts).
 */
const REQUEST_OPTIONS = {
  timeout: true,
  totalTimeout: true,
  maxRetries: true,
  signal: true,
  headers: true,
  idempotencyKey: true,
  hooks: true,
  serviceVersion: true,
} as const satisfies Record<keyof RequestOptions, true>;

/**
 * The most headers one call may set: far more than any request needs, and a bound on what ky's
 * merge of a call's headers costs (quadratic in their number).
 */
export const HEADERS_MAX = 100;

/**
 * Per-call options from JavaScript callers are unchecked by the types: a `maxRetries` of NaN
 * (e.g. `Number(process.env.RETRIES)` unset) would retry forever, a NaN `timeout` would time out
 * at once, a misspelt name (`idempotency_key`) would be ignored, and a bad header would fail as a
 * connection error and be retried. Same ranges as the client's options; messages name the header,
 * never its value (it may hold a token). `batch` names a batch helper's own options, allowed
 * beside a call's. Returns the options' own properties (`ownProperties`), which the call reads.
 */
export function checkRequestOptions(given: RequestOptions, batch: readonly string[] = []): RequestOptions {
  if (typeof given !== 'object' || given === null)
    throw invalidOption([], 'must be an object such as { timeout: 10000 }');
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(REQUEST_OPTIONS, name) && !batch.includes(name))
      throw invalidOption(
        [quoted(name)],
        `is not an option${nameHint(name, [...Object.keys(REQUEST_OPTIONS), ...batch])}`,
      );
  }
  const opts = ownProperties(given);
  const { maxRetries, signal, headers, hooks } = opts;
  for (const name of ['timeout', 'totalTimeout'] as const) {
    const value = opts[name];
    if (value !== undefined && !isIntIn(value, TIMEOUT_RANGE)) {
      throw invalidOption(
        [name],
        `must be an integer from ${TIMEOUT_RANGE[0]} to ${TIMEOUT_RANGE[1]} (milliseconds)`,
      );
    }
  }
  if (maxRetries !== undefined && !isIntIn(maxRetries, MAX_RETRIES_RANGE)) {
    throw invalidOption(
      ['maxRetries'],
      `must be an integer from ${MAX_RETRIES_RANGE[0]} to ${MAX_RETRIES_RANGE[1]}`,
    );
  }
  if (
    signal !== undefined &&
    !(
      typeof signal === 'object' &&
      signal !== null &&
      typeof signal.aborted === 'boolean' &&
      typeof signal.addEventListener === 'function' &&
      typeof signal.removeEventListener === 'function'
    )
  ) {
    throw invalidOption(['signal'], 'must be an AbortSignal');
  }
  if (headers !== undefined) checkHeaders(headers, opts.idempotencyKey);
  const hooksProblem = hooksProblemOf(hooks);
  if (hooksProblem !== undefined) throw invalidOption(['hooks'], hooksProblem);
  if (opts.serviceVersion !== undefined && !isServiceVersion(opts.serviceVersion))
    throw invalidOption(['serviceVersion'], SERVICE_VERSION_RULE);
  return opts;
}

/** The checks on a call's `headers`; `key` is its `idempotencyKey`, which one of them may repeat. */
function checkHeaders(headers: unknown, key: string | undefined): void {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
    throw invalidOption(['headers'], 'must be an object of header names to string values');
  const names = Object.keys(headers);
  if (names.length > HEADERS_MAX)
    throw invalidOption(['headers'], `has ${names.length} headers: a call may set at most ${HEADERS_MAX}`);
  for (const name of names) {
    const value = (headers as Record<string, unknown>)[name];
    const lower = name.toLowerCase();
    const reserved = RESERVED.get(lower);
    const problem =
      headerProblem(name, value) ??
      (reserved === undefined
        ? undefined
        : lower === 'service-version'
          ? 'cannot be set as a header: use the serviceVersion option (per call or on the client)'
          : `cannot be set per request${reserved ? `: set ${reserved} on the client` : ' (fetch sets it)'}`);
    if (problem !== undefined) throw invalidOption(['headers', quoted(name)], problem);
    if (lower === 'idempotency-key') {
      // Honoured as the call's key: validated like `idempotencyKey`, and never two different keys.
      idempotencyKeyFor(value as string);
      if (key !== undefined && key !== value)
        throw invalidOption(['headers', name], 'differs from idempotencyKey: give the key once');
      key = value as string;
    }
  }
}
