// zod/mini glue: turning schema failures into the SDK's errors, and the few schema shapes
// every resource repeats. zod/mini ships no locale, so messages are written here from each
// issue's code instead of loading one (a locale would cost bundle size and a side effect).
import * as z from 'zod/mini';
import { ResponseValidationError, ValidationError, type ValidationIssue } from './errors.js';

type Issue = z.core.$ZodIssue;

/** A readable rule for one zod issue, e.g. "must be at most 1000 characters"; `root` tells missing from mistyped. */
export function describeIssue(issue: Issue, root: unknown): string {
  if (issue.message && issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(root, issue.path) === undefined
        ? `is required (${issue.expected})`
        : `must be ${article(issue.expected === 'int' ? 'integer' : issue.expected)}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}${unit(issue.origin)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}${unit(issue.origin)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown ${issue.keys.length > 1 ? 'keys' : 'key'} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_format':
      return `must be a valid ${issue.format}`;
    default:
      return 'is invalid';
  }
}

// zod/mini leaves `input` off its issues, so the value is looked up where the issue points.
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function article(noun: string): string {
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

function unit(origin: string): string {
  return origin === 'string' ? ' characters' : origin === 'array' ? ' items' : '';
}

function toIssues(issues: readonly Issue[], root: unknown): ValidationIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'number' ? p : String(p))),
    message: describeIssue(issue, root),
  }));
}

function describeAll(issues: ValidationIssue[]): string {
  return issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : 'value'} ${i.message}`).join('; ');
}

/** Parses user input, or throws `ValidationError` naming every field at fault and its rule. */
export function parseInput<S extends z.ZodMiniType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toIssues(result.error.issues, value);
  throw new ValidationError(`Invalid ${what}: ${describeAll(issues)}. Nothing was sent.`, issues);
}

/** What a response parse needs to build a useful error. */
export interface ResponseContext {
  status: number;
  text: string;
  requestId: string | undefined;
  idempotencyKey: string | undefined;
}

/** Parses a 2xx body, or throws `ResponseValidationError` with the paths and the raw body. */
export function parseOutput<S extends z.ZodMiniType>(
  schema: S,
  json: unknown,
  ctx: ResponseContext,
): z.output<S> {
  if (json === undefined || typeof json === 'string') {
    throw new ResponseValidationError(
      `The service answered ${ctx.status} with ${json === undefined ? 'an empty body' : 'a body that is not JSON'} where JSON was expected. ` +
        'Check that the address option points at the gateway API; the raw text is in `body`.',
      {
        issues: [{ path: [], message: 'must be JSON' }],
        body: ctx.text,
        status: ctx.status,
        requestId: ctx.requestId,
        idempotencyKey: ctx.idempotencyKey,
      },
    );
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issues = toIssues(result.error.issues, json);
  throw new ResponseValidationError(
    `The service's response does not have the documented shape: ${describeAll(issues)}. ` +
      'Check that baseURL points at the gateway API; if it does, report this with the request id.',
    {
      issues,
      body: ctx.text,
      status: ctx.status,
      requestId: ctx.requestId,
      idempotencyKey: ctx.idempotencyKey,
    },
  );
}

/**
 * A string enum that stays open: known values autocomplete, new values from the service still
 * parse. Requests are checked against the known values separately, with `oneOf`.
 */
export function openEnum<const T extends readonly string[]>(
  _values: T,
): z.ZodMiniType<T[number] | (string & {})> {
  return z.string();
}

// The helpers below are written with `refine`, which every schema already pulls in, instead of
// z.enum, z.int, z.gte or z.maxLength: each of those adds its own code to the browser bundle.

/** A string that must be one of `values` (requests only; responses use `openEnum`). */
export function oneOf<const T extends readonly string[]>(
  values: T,
  error = `must be one of ${values.join(', ')}`,
) {
  return z.string().check(z.refine((value: string) => values.includes(value), { error })) as z.ZodMiniType<
    T[number],
    T[number]
  >;
}

/** An integer from `min` to `max`. */
export function intRange(min: number, max: number, error = `must be an integer from ${min} to ${max}`) {
  return z.number().check(z.refine((n: number) => Number.isInteger(n) && n >= min && n <= max, { error }));
}

/** Counts Unicode code points, so an emoji is one character, as a person counts it. */
export function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * A string of `min` to `max` characters, counted as code points: where the reference does not
 * say how it counts, the looser reading wins (sdk-contract.md, Validation).
 */
export function maxChars(max: number, min = 0) {
  const error = min > 0 ? `must be ${min} to ${max} characters` : `must be at most ${max} characters`;
  return z.string().check(
    z.refine(
      (s: string) => {
        const n = codePoints(s);
        return n >= min && n <= max;
      },
      { error },
    ),
  );
}

/** A response date-time: kept as the wire string. */
export const wireDateTime = (): z.ZodMiniString => z.string();

// ISO 8601 date-time with a time zone; Date.parse then rejects impossible dates (month 13).
// One regex instead of z.iso.datetime: the same rule for a fraction of the bundle.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A request date-time: a `Date` or an ISO 8601 string with a time zone, sent as ISO 8601.
 * `check` adds a rule on the instant (e.g. the scheduling horizon).
 */
export function inputDateTime(check?: (ms: number) => string | undefined) {
  return z.pipe(
    z.custom<string | Date>((value) => typeof value === 'string' || value instanceof Date, {
      error: 'must be a Date or an ISO 8601 date-time string',
    }),
    z.transform((value: string | Date, ctx) => {
      const fail = (message: string) => {
        ctx.issues.push({ code: 'custom', input: value, message });
        return z.NEVER;
      };
      if (typeof value === 'string' && !ISO_DATE_TIME.test(value)) {
        return fail('must be an ISO 8601 date-time with a time zone, e.g. 2026-01-01T09:00:00Z');
      }
      const ms = typeof value === 'string' ? Date.parse(value) : value.getTime();
      if (Number.isNaN(ms)) return fail('must be a valid date');
      const problem = check?.(ms);
      if (problem !== undefined) return fail(problem);
      return typeof value === 'string' ? value : value.toISOString();
    }),
  );
}
