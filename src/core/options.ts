// The rules the Client's options and every call's options share, in one place: the Client reports
// a breach as ConfigurationError, a call as ValidationError, but both check the same thing.

/** `timeout` in ms: at least 1, at most setTimeout's largest delay. */
export const TIMEOUT_RANGE: readonly [number, number] = [1, 2_147_483_647];
/** `maxRetries`: a bounded count, so a typo cannot retry for hours. */
export const MAX_RETRIES_RANGE: readonly [number, number] = [0, 10];

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
