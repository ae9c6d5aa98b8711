// Every check on the options a user can pass, in one place (their types: core/options.ts): the
// Client's options (a breach is a ConfigurationError at construction) and each call's (a breach is
// a ValidationError, and nothing is sent). Both share the same ranges and header rules.
import { ConfigurationError } from '../core/errors.js';
import { ValidationError } from '../core/client-errors.js';
import type { Hooks } from '../core/hooks.js';
import type { LogLevel } from '../core/logger.js';
import { type ClientOptions, DEFAULT_SERVICE_VERSION, type ResponseValidation } from '../core/options.js';
import { cleanText } from '../core/text.js';
import { isServiceVersion } from '../core/version.js';
import { nameHint, optionError } from './near-miss.js';
import { isBrowserPage, missingGlobal, readEnv } from './runtime.js';

/** `timeout` and `totalTimeout` in ms: at least 1, at most setTimeout's largest delay. */
export const TIMEOUT_RANGE: readonly [number, number] = [1, 2_147_483_647];
/** `maxRetries`: a bounded count, so a typo cannot retry for hours. */
export const MAX_RETRIES_RANGE: readonly [number, number] = [0, 10];
/** The default `maxResponseBytes`: 10 MiB, far above the largest documented answer (a 100-item page). */
export const DEFAULT_MAX_RESPONSE_BYTES = 10_485_760;
/** `maxResponseBytes`: up to 256 MiB, below what one string (and its parse) can hold. */
export const MAX_RESPONSE_BYTES_RANGE: readonly [number, number] = [1, 268_435_456];

/** The longest credential taken, in characters: a longer one is a file or an environment pasted whole. */
export const CREDENTIAL_MAX = 4_096;

/** The words of a list written as one string, one space between words, as a type. */
type Words<S extends string> = S extends `${infer W} ${infer R}` ? W | Words<R> : S;

/** The words of `list`, one space between each (as a string, a list costs the bundle fewer bytes). */
const words = <S extends string>(list: S): Words<S>[] => list.split(' ') as Words<S>[];

/**
 * Every Client option's name, once: an unknown one is refused with the closest of these. Typed so
 * it cannot drift from `ClientOptions`: an extra name fails `satisfies`, a missing one the check
 * below (a type, and a constant the bundle drops).
 */
export const CLIENT_OPTION_NAMES = words(
  'apiKey testApiKey accessToken baseURL sandboxBaseURL serviceVersion timeout totalTimeout maxRetries fetch defaultHeaders maxResponseBytes hooks logger logLevel dangerouslyAllowBrowser responseValidation',
) satisfies readonly (keyof ClientOptions)[];

type _EveryClientOptionNamed = [Exclude<keyof ClientOptions, (typeof CLIENT_OPTION_NAMES)[number]>] extends [
  never,
]
  ? true
  : never;
const _everyClientOptionNamed: _EveryClientOptionNamed = true;

/**
 * A copy of `value`'s own properties (symbol keys included) on an object without a prototype: a
 * name set on `Object.prototype` by other code (prototype pollution) is then not read as an
 * option, and a copy made once cannot change under the call.
 */
export function ownProperties<T extends object>(value: T): T {
  return Object.assign(Object.create(null) as T, value);
}

/**
 * `given`'s own properties (`ownProperties`), and the header and hook maps in it one level deeper,
 * each read once: what the caller changes afterwards, or a getter answers the next time, is never
 * read. Anything but an object is returned as it is, for its check to refuse. Throws what reading
 * the caller's value throws.
 */
export function copyOptions<T>(given: T): T {
  if (typeof given !== 'object' || given === null) return given;
  const copy = ownProperties(given) as Record<string, unknown>;
  for (const name of words('headers defaultHeaders hooks')) {
    const map = copy[name];
    // `fromEntries` keeps a `__proto__` name a name.
    if (typeof map === 'object' && map !== null && !Array.isArray(map))
      copy[name] = Object.fromEntries(
        Object.entries(map).map(([key, value]) => [key, Array.isArray(value) ? [...value] : value]),
      );
  }
  return copy as T;
}

/**
 * A call's options, copied (`copyOptions`); options that cannot be read are a ValidationError with
 * what was thrown as its cause.
 */
export function copyCallOptions<T>(given: T): T {
  try {
    return copyOptions(given);
  } catch (cause) {
    throw withCause(invalidOption([], UNREADABLE), cause);
  }
}

/** What a `serviceVersion` must be, as the client's check and a call's say it. */
export const SERVICE_VERSION_RULE = `must be a date as YYYY-MM-DD on the calendar, such as '${DEFAULT_SERVICE_VERSION}'`;

/** `error` with `cause`, set as `new Error(message, { cause })` sets it. */
export function withCause<E extends Error>(error: E, cause: unknown): E {
  return Object.defineProperty(error, 'cause', { value: cause, writable: true, configurable: true });
}

/** What an error says of the caller's options or parameters when reading them threw. */
export const UNREADABLE =
  "could not be read: reading them threw (this error's cause). Pass plain data: no getter that throws, no Proxy";

/** A name the caller gave, as a message quotes it: 64 printable characters at most. */
export const quoted = (name: string): string => cleanText(name, 64);

/**
 * The Client's options as given, copied once (`copyOptions`) and checked for shape and names
 * before anything reads them: a `ConfigurationError` for a non-object, options that cannot be
 * read, or an unknown name (naming the closest known one).
 */
export function clientOptionsOf(options: unknown): ClientOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    if (options === undefined) return ownProperties({});
    throw new ConfigurationError('Client options must be an object such as { apiKey, baseURL }.', 'options');
  }
  let copy: ClientOptions;
  try {
    copy = copyOptions(options);
  } catch (cause) {
    throw withCause(new ConfigurationError(`Client options ${UNREADABLE}.`, 'options'), cause);
  }
  for (const name of Object.keys(copy)) {
    if (!(CLIENT_OPTION_NAMES as readonly string[]).includes(name))
      throw new ConfigurationError(
        `${quoted(name)} is not a Client option${nameHint(name, CLIENT_OPTION_NAMES)}.`,
        quoted(name),
      );
  }
  return copy;
}

/** The log levels, least to most verbose. */
export const LOG_LEVELS: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** The environment variable behind `serviceVersion`. */
export const SERVICE_VERSION_ENV = 'GATEWAY_SERVICE_VERSION';

/** A check that a value is one of `values`, and the rule a message then says. */
const oneOf = (values: readonly string[]): [(value: string) => boolean, string] => [
  (value) => values.includes(value),
  `must be one of '${values.join("', '")}'`,
];

/**
 * The option `name`, else the environment variable `env` ('': none), else `fallback`; a
 * ConfigurationError saying `rule` (and where a value not given came from) unless `valid`.
 */
function chosen<T extends string>(
  options: ClientOptions,
  name: 'serviceVersion' | 'responseValidation' | 'logLevel',
  env: string,
  fallback: string,
  valid: (value: string) => boolean,
  rule: string,
): T {
  const given = options[name];
  const value = given ?? (env ? readEnv(env) : undefined) ?? fallback;
  if (!valid(value))
    throw new ConfigurationError(
      `${name}${given === undefined && env ? ` (from ${env})` : ''} ${rule}.`,
      name,
    );
  // `valid` accepted it: one of the values `T` names.
  return value as T;
}

/** The values of `responseValidation`. */
const RESPONSE_VALIDATION: readonly string[] = words('warn strict off') satisfies ResponseValidation[];

/** Option names that hold a credential. */
export type CredentialOption = 'apiKey' | 'testApiKey' | 'accessToken';
/** Option names that hold an address. */
export type AddressOption = 'baseURL' | 'sandboxBaseURL';

/** The environment variable behind each option: `GATEWAY_` and its name in snake case (`GATEWAY_SANDBOX_BASE_URL`). */
export const envOf = (name: CredentialOption | AddressOption): string =>
  `GATEWAY${name.replace(/[A-Z]+|^/g, (m) => `_${m}`).toUpperCase()}`;

/**
 * Each of `names` (credentials or addresses), in their order, as an object keyed by name: the
 * option, else its environment variable (`envOf`), checked by `check`. An option given as '' is
 * unset, and the environment is not read for it: `withOptions` passes what its parent did not have
 * as ''.
 */
function each<N extends CredentialOption | AddressOption>(
  options: ClientOptions,
  names: N[],
  check: (value: string, name: N) => string,
): Record<N, string | undefined> {
  return Object.fromEntries(
    names.map((name) => {
      const value = options[name] ?? readEnv(envOf(name));
      return [name, value === undefined || value === '' ? undefined : check(value, name)];
    }),
  ) as Record<N, string | undefined>;
}

/** The Client's options once checked, with defaults and environment applied. */
export interface ClientSettings {
  credentials: Record<CredentialOption, string | undefined>;
  addresses: Record<AddressOption, string | undefined>;
  serviceVersion: string;
  responseValidation: ResponseValidation;
  timeout: number;
  totalTimeout: number | undefined;
  maxRetries: number;
  fetch: typeof globalThis.fetch | undefined;
  defaultHeaders: Record<string, string>;
  hooks: Hooks | undefined;
  logLevel: LogLevel;
  maxResponseBytes: number;
}

/**
 * Checks the runtime (the globals the Client needs; in a browser page, `dangerouslyAllowBrowser`)
 * and the Client's options, as `clientOptionsOf` copied them; throws `ConfigurationError` naming
 * the option (never a secret's value) or the missing global.
 */
export function clientSettings(options: ClientOptions): ClientSettings {
  const missing = missingGlobal();
  if (missing)
    throw new ConfigurationError(
      `This runtime has no global ${missing}, which gateway-sdk needs: load a polyfill for it ` +
        'before constructing the Client (docs/getting-started.md lists the globals it needs).',
      missing,
    );
  if (isBrowserPage() && options.dangerouslyAllowBrowser !== true) {
    throw new ConfigurationError(
      'A Client in a browser page exposes its API key to every visitor. Call the API from your ' +
        'server instead, or pass dangerouslyAllowBrowser: true if the key is meant to be public ' +
        '(e.g. a test key in a demo).',
      'dangerouslyAllowBrowser',
    );
  }
  const serviceVersion = chosen(
    options,
    'serviceVersion',
    SERVICE_VERSION_ENV,
    DEFAULT_SERVICE_VERSION,
    isServiceVersion,
    SERVICE_VERSION_RULE,
  );
  const responseValidation = chosen<ResponseValidation>(
    options,
    'responseValidation',
    '',
    'warn',
    ...oneOf(RESPONSE_VALIDATION),
  );
  const logLevel = chosen<LogLevel>(
    options,
    'logLevel',
    'GATEWAY_LOG',
    'warn',
    ...oneOf(Object.keys(LOG_LEVELS)),
  );
  // A copy, checked once: headers added to the caller's object later (a framing header among
  // them) would otherwise reach the wire unchecked. `fromEntries` keeps a `__proto__` name a name.
  const defaultHeaders: Record<string, string> = Object.fromEntries(
    Object.entries(options.defaultHeaders ?? {}),
  );
  for (const [name, value] of Object.entries(defaultHeaders)) {
    const problem = headerProblem(name, value) ?? defaultHeaderProblem(name.toLowerCase());
    if (problem) throw new ConfigurationError(`defaultHeaders['${name}'] ${problem}.`, 'defaultHeaders');
  }
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new ConfigurationError('fetch must be a function with the signature of the global fetch.', 'fetch');
  }
  const hooksProblem = hooksProblemOf(options.hooks);
  if (hooksProblem) throw new ConfigurationError(`hooks ${hooksProblem}.`, 'hooks');
  return {
    credentials: each(options, words('apiKey testApiKey accessToken'), credential),
    addresses: each(options, words('baseURL sandboxBaseURL'), address),
    serviceVersion,
    responseValidation,
    timeout: count(options, 'timeout', 60_000, TIMEOUT_RANGE),
    totalTimeout: count(options, 'totalTimeout', undefined, TIMEOUT_RANGE),
    maxRetries: count(options, 'maxRetries', 2, MAX_RETRIES_RANGE),
    fetch: options.fetch,
    defaultHeaders,
    // Lists already copied by `clientOptionsOf` (the only way options reach here): a hook pushed
    // onto the caller's list later (or onto another client's, after withOptions) changes neither.
    hooks: options.hooks,
    logLevel,
    maxResponseBytes: count(
      options,
      'maxResponseBytes',
      DEFAULT_MAX_RESPONSE_BYTES,
      MAX_RESPONSE_BYTES_RANGE,
    ),
  };
}

/** A credential (`each` has read it), as it is if it is one. */
function credential(value: string, name: CredentialOption): string {
  // The message names the option, never the value: it is a secret. A caller without types may
  // pass anything, so the type is checked here too.
  if (typeof value === 'string' && value.length > CREDENTIAL_MAX) {
    throw new ConfigurationError(
      `${name} is longer than ${CREDENTIAL_MAX} characters, which no credential is: check that it ` +
        'holds the key alone, not a file or a whole environment.',
      name,
    );
  }
  if (typeof value !== 'string' || !/^[\x21-\x7e]+$/.test(value)) {
    throw new ConfigurationError(
      `${name} must be a string of printable characters without spaces (check for a stray newline or quote).`,
      name,
    );
  }
  return value;
}

/** An address (`each` has read it), as it is if it is one. */
function address(value: string, name: AddressOption): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // Not a URL: refused below, as `url` is left undefined.
  }
  if (
    url === undefined ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    // Credentials, query and fragment all absent: each is '' when absent.
    url.username + url.password + url.search + url.hash !== ''
  ) {
    throw new ConfigurationError(
      `${name} must be an absolute http(s) URL without credentials, query or fragment, ` +
        `such as 'https://api.example.com'.`,
      name,
    );
  }
  return value;
}

/** The option `name`, an integer within `range`; `fallback` when it is not given. */
function count<F extends number | undefined>(
  options: ClientOptions,
  name: 'timeout' | 'totalTimeout' | 'maxRetries' | 'maxResponseBytes',
  fallback: F,
  range: readonly [number, number],
): number | F {
  const value = options[name];
  if (value === undefined) return fallback;
  if (!isIntIn(value, range))
    throw new ConfigurationError(`${name} must be an integer from ${range[0]} to ${range[1]}.`, name);
  return value;
}

/**
 * A ValidationError for one option, in the words every option check uses: `option` is the option's
 * name, or its path (`['headers', name]`; `[]` for the options object itself).
 */
export function invalidOption(option: string | readonly string[], problem: string): ValidationError {
  const path = [option].flat();
  return optionError(
    ValidationError,
    path.length ? `options.${path.join('.')}` : 'request options',
    `${problem}. Nothing was sent.`,
    [{ path, message: problem }],
  );
}

/**
 * Framing headers: fetch and the connection set them from the request itself. Set by hand they
 * make every attempt fail (a body whose length disagrees, a foreign Host, `Expect: 100-continue`)
 * as a connection error that would be retried, so they are refused before anything is sent.
 */
const FRAMING = words(
  'content-length transfer-encoding host connection expect upgrade te trailer keep-alive',
);

/** Headers a call may not set, and what to do instead ('': fetch sets it). */
export const RESERVED = new Map([
  ['authorization', 'apiKey, testApiKey or accessToken'],
  ['service-version', 'serviceVersion'],
  ...FRAMING.map((name) => [name, ''] as const),
]);

/** Why a header (lower-cased) cannot be one of `defaultHeaders`, or undefined. */
function defaultHeaderProblem(lower: string): string | undefined {
  const reserved = lower === 'idempotency-key' ? 'idempotencyKey (per call)' : RESERVED.get(lower);
  return reserved === undefined
    ? undefined
    : reserved
      ? `cannot be a default header: use the ${reserved} option`
      : 'is set by fetch: remove it';
}

const HOOK_NAMES: readonly string[] = words('beforeRequest beforeRetry afterResponse beforeError');

/** ky would fail later, inside the call, on a hook that is not a function: say so up front. */
export function hooksProblemOf(hooks: unknown): string | undefined {
  if (hooks === undefined) return undefined;
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks))
    return 'must be an object such as { beforeRequest: [fn] }';
  for (const [name, list] of Object.entries(hooks)) {
    if (!HOOK_NAMES.includes(name)) return `has an unknown hook '${name}' (known: ${HOOK_NAMES.join(', ')})`;
    if (list !== undefined && (!Array.isArray(list) || !list.every((f) => typeof f === 'function')))
      return `.${name} must be an array of functions`;
  }
  return undefined;
}

/** Whether `value` is an integer within `[min, max]` (NaN and strings are not). */
export function isIntIn(value: unknown, [min, max]: readonly [number, number]): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Fetch refuses NUL, CR and LF in a value (header injection), and anything above U+00FF.
const HEADER_VALUE = /^[^\0\r\n\u0100-\uffff]*$/;

/**
 * What is wrong with one header, or undefined. Caught here rather than by fetch, where it would
 * fail every attempt as a connection error and be retried. Never mentions the value: it may hold
 * a token.
 */
export function headerProblem(name: string, value: unknown): string | undefined {
  if (!HEADER_NAME.test(name)) return 'is not a valid HTTP header name';
  if (typeof value !== 'string' || !HEADER_VALUE.test(value))
    return 'must be a string without line breaks, NUL or characters above U+00FF';
  return undefined;
}
