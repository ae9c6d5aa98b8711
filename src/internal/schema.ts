// zod/mini glue: turning schema failures into the SDK's errors, and the few schema shapes
// every resource repeats. zod/mini ships no locale, so messages are written here from each
// issue's code, in the SDK's own words (loading a locale is a side effect on zod's global config).
// Part of the engine (resources/engine.ts): it loads with the first request.
import * as z from 'zod/mini';
import { $constructor } from 'zod/v4/core';
import type { ValidationIssue } from '../core/errors.js';
import { addressOption, ResponseValidationError, ValidationError, withheldNote } from '../core/engine-kit.js';
import type { ResponseValidation } from '../core/options.js';
import { type DriftLog, structureProblem } from './drift.js';
import { parseJson } from './encoding.js';
import { driftedFields, exactCheck, isObject } from './exact-check.js';

type Issue = z.core.$ZodIssue;

// zod keeps its configuration on globalThis, shared with every other copy of zod in the process: an
// app that imports classic `zod` installs its English locale for ours too. A parse-level error map
// outranks that locale (and is outranked by a schema's own message), so every issue without a
// message of our own comes back as GENERIC and is described below, whatever the app configured.
const GENERIC = 'Invalid input';
const OWN_MESSAGES_ONLY = { error: () => GENERIC };

/** `schema.safeParse(value)` with only the SDK's own messages on its issues (see GENERIC). */
export function safeParse<S extends z.ZodMiniType>(schema: S, value: unknown) {
  return schema.safeParse(value, OWN_MESSAGES_ONLY);
}

/**
 * A readable rule for one zod issue; `root` tells missing from mistyped. Every rule past a field's
 * type is a `rule` carrying the SDK's own message (see `oneOf` below), and objects are loose (the key
 * check names unknown keys): so zod's own issues are only a missing or mistyped value.
 */
export function describeIssue(issue: Issue, root: unknown): string {
  if (issue.message && issue.message !== GENERIC) return issue.message;
  if (issue.code !== 'invalid_type') return 'is invalid';
  return valueAt(root, issue.path) === undefined
    ? `is required (${issue.expected})`
    : `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
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

function toIssues(issues: readonly Issue[], root: unknown): ValidationIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'number' ? p : String(p))),
    message: describeIssue(issue, root),
  }));
}

/**
 * How many of a kind a validation message describes before it counts the rest: the positions of a
 * grouped breach (then "…"), the sentences of a message, the faulty items of an invalid list.
 */
const LISTED = 10;

/**
 * One sentence per breach, except that items of one list breaking the same rule are grouped
 * ("recipients has 57 invalid entries, at 7, 8, 9, …: each must be …"): a 10,000-number bulk send
 * with a bad column would otherwise repeat one sentence thousands of times. `issues` keeps every path.
 */
function describeAll(issues: ValidationIssue[]): string {
  // A sentence, or a group: the list's path, the rule, and the positions breaking it.
  const parts: (string | [string, string, number[]])[] = [];
  const groups = new Map<string, number[]>();
  for (const { path, message } of issues) {
    const last = path[path.length - 1];
    if (typeof last !== 'number') {
      parts.push(`${path.length > 0 ? path.join('.') : 'value'} ${message}`);
      continue;
    }
    const parent = path.slice(0, -1).join('.') || 'value';
    const key = `${parent}\n${message}`;
    const at = groups.get(key);
    if (at !== undefined) at.push(last);
    else {
      const created = [last];
      groups.set(key, created);
      parts.push([parent, message, created]);
    }
  }
  // Past the first LISTED sentences the rest are counted; each is cut to PART_MAX characters.
  const described = parts.slice(0, LISTED).map((part) => {
    if (typeof part !== 'string') {
      const [parent, message, at] = part;
      const listed = at.slice(0, LISTED).join(', ') + (at.length > LISTED ? ', …' : '');
      part =
        at.length === 1
          ? `${parent}.${String(at[0])} ${message}`
          : `${parent} has ${at.length} invalid entries, at ${listed}: each ${message}`;
    }
    return part.length > PART_MAX ? `${part.slice(0, PART_MAX)}…` : part;
  });
  if (parts.length > LISTED) described.push(`… and ${parts.length - LISTED} more`);
  return described.join('; ');
}

/** The longest sentence of a validation message: a path or a rule may quote what was sent. */
const PART_MAX = 300;

/** The parts of a zod definition the key check walks (zod's own `def`, read-only). */
interface WalkedDef {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  element?: z.core.$ZodType;
}
const defOf = (schema: z.core.$ZodType): WalkedDef => schema._zod.def as unknown as WalkedDef;

const CLOSED = new WeakSet<z.core.$ZodType>();

/**
 * A request object whose fields the reference lists completely: `parseInput` refuses any other
 * property by name. A loose object underneath, so zod's strict mode (and its code) is not needed:
 * the key check above it does the refusing, before anything is sent.
 */
export function closedObject<Shape extends z.core.$ZodLooseShape>(
  shape: Shape,
): z.ZodMiniObject<Shape, z.core.$strict> {
  const schema = z.looseObject(shape);
  CLOSED.add(schema);
  // Typed as strict: after the key check, no property outside the shape gets through.
  return schema as unknown as z.ZodMiniObject<Shape, z.core.$strict>;
}

/** A key as compared for near misses: `scheduleAt`, `Schedule-At` and `SCHEDULE_AT` all fold to `scheduleat`. */
const fold = (key: string): string => key.toLowerCase().replace(/[-_]/g, '');

/**
 * Checks the property names of `value` against the object schemas in `schema`, before zod
 * parses it. A name that differs from a documented field only by case, `-` or `_` is refused
 * in every object, open ones included: sent as is, the service would ignore it and the field it
 * meant would silently keep its default (`scheduleAt` sending at once). Any other unknown name is
 * refused by a closed object (`closedObject`) and passed through by an open one (`looseObject`),
 * whose request table the reference leaves open (docs/decisions/property-names.md). `path` is one
 * array the whole walk shares, pushed and popped: a valid input costs no array per field, and an
 * issue copies the path it is found at.
 */
function keyIssues(
  schema: z.core.$ZodType,
  value: unknown,
  path: (string | number)[],
  out: ValidationIssue[],
): void {
  // A part is told by what it holds: an optional's or a nullable's innerType (any wrapper's, walked
  // through alike), an array's element, an object's shape. Other parts hold no property names.
  const def = defOf(schema);
  const { innerType, element, shape } = def;
  if (innerType) keyIssues(innerType, value, path, out);
  else if (element && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      keyIssues(element, value[i], path, out);
      path.pop();
    }
  } else if (shape && isObject(value)) {
    for (const key of Object.keys(value)) {
      const field = Object.hasOwn(shape, key) && shape[key];
      if (field) {
        path.push(key);
        keyIssues(field, value[key], path, out);
        path.pop();
        continue;
      }
      const known = Object.keys(shape);
      const meant = known.find((name) => fold(name) === fold(key));
      // No catchall strips unknown keys, which would lose them silently: treated as closed too.
      if (meant !== undefined || def.catchall === undefined || CLOSED.has(schema))
        out.push({
          path: [...path, key],
          message:
            meant === undefined
              ? `is not a field (the fields are ${known.join(', ')})`
              : `is not a field: did you mean ${meant}? (fields are spelt as the API spells them)`,
        });
    }
  }
}

/** Parses user input, or throws `ValidationError` naming every field at fault and its rule. */
export function parseInput<S extends z.ZodMiniType>(schema: S, value: unknown, what: string): z.output<S> {
  const keys: ValidationIssue[] = [];
  keyIssues(schema, value, [], keys);
  const result = safeParse(schema, value);
  if (result.success && keys.length === 0) return result.data;
  const issues = result.success ? keys : keys.concat(toIssues(result.error.issues, value));
  throw new ValidationError(`Invalid ${what}: ${describeAll(issues)}. Nothing was sent.`, issues);
}

/** What a response parse needs to build a useful error. */
export interface ResponseContext {
  status: number;
  /** The raw text, scrubbed; `''` when it was withheld. */
  body: string;
  /** The size in bytes of a body too large to keep in the error, if it was withheld. */
  bodyWithheld: number | undefined;
  requestId: string | undefined;
  idempotencyKey: string | undefined;
}

/** The answers the reference does not show (`answerNotShown`). */
const NOT_SHOWN = new WeakSet<z.core.$ZodType>();

/**
 * The answer of an operation whose answer the reference does not show: any 2xx resolves, with the
 * object the service sent, read as `schema` says, or `undefined` when the body is empty, not JSON
 * or not an object (docs/errors-and-retries.md).
 */
export function answerNotShown<T>(schema: z.ZodMiniType<T>): z.ZodMiniType<T | undefined> {
  const answer = optional(schema);
  NOT_SHOWN.add(answer);
  return answer;
}

/**
 * Parses a 2xx body as `mode` (the client's `responseValidation`) says; throws
 * `ResponseValidationError` with the paths, the raw body and the parsed answer (`data`); `context`
 * is asked for only then. In every mode a body that is not JSON, or lacks the structure the SDK
 * reads (internal/drift.ts), fails. Past that, `'off'` hands the answer over as sent, `'warn'`
 * does too after telling `drift` which fields drifted, and `'strict'` throws. The work is
 * bounded whatever the body: a valid body passes the exact check (internal/exact-check.ts) without
 * zod; under `'warn'`, an answer whose drifted fields were all warned about already is handed over
 * without zod; of an invalid list, every item is checked but only the first LISTED faulty
 * ones go to zod for their issues (zod collects every issue of every item, which a list of 40,000
 * faults made seconds and a RangeError); anything thrown inside validation is a drift too.
 */
export function parseOutput<S extends z.ZodMiniType>(
  schema: S,
  json: unknown,
  context: () => ResponseContext,
  mode: ResponseValidation = 'strict',
  drift?: () => DriftLog,
): z.output<S> {
  if (NOT_SHOWN.has(schema) && !isObject(json)) return undefined as z.output<S>;
  if (json === undefined) {
    // An empty 2xx where the reference documents an answer: the request reached the service, which
    // may have done what was asked, so the error says how to find out or retry safely, not to check
    // the address.
    const { status, idempotencyKey } = context();
    throw responseError(
      `The service answered ${status} with no body, where the reference documents one. The call ` +
        `reached the service, which may have done what was asked: ` +
        (idempotencyKey === undefined
          ? 'retry it, or report this with the request id.'
          : `retry with the same idempotencyKey (error.idempotencyKey), which cannot send twice, ` +
            `or look the resource up before sending again.`),
      [{ path: [], message: 'is empty' }],
      context,
    );
  }
  if (typeof json === 'string') {
    throw responseError(
      `The service answered ${context().status} with a body that is not JSON where JSON was expected. ` +
        `Check that ${addressOption('sms')}, or ${addressOption('payment')} for client.payment, points ` +
        'at the gateway API; the raw text is in `body`.',
      [{ path: [], message: 'must be JSON' }],
      context,
    );
  }
  let issues: ValidationIssue[];
  let more = 0;
  let log: DriftLog | undefined;
  try {
    if (exactCheck(schema)?.(json) === true) return json as z.output<S>;
    // Paging fields read as what they name, under 'warn' and 'off': drift like any other field.
    const paging: ValidationIssue[] = [];
    const structure = structureProblem(defOf(schema), json, mode === 'strict' ? undefined : paging);
    if (structure !== undefined) {
      throw responseError(
        `The service's answer lacks the structure the SDK reads: ${describeAll([structure])}. ` +
          `Nothing could be read from it; report this with the request id (the parsed answer is in \`data\`).`,
        [structure],
        context,
      );
    }
    if (mode === 'off') return json as z.output<S>;
    // Under 'warn', when every field that drifted (paging included) was warned about already, zod
    // need not name them again.
    const fields = mode === 'warn' && (log = drift?.()) !== undefined ? driftedFields(schema, json) : null;
    if (fields !== null) {
      for (const issue of paging) fields.add(String(issue.path[0]));
      if (fields.size > 0 && log?.known(fields) === true) return json as z.output<S>;
    }
    const found = faults(schema, json);
    if (found.issues === undefined && paging.length === 0) return found.data as z.output<S>;
    issues = paging.concat(found.issues ?? []);
    more = found.issues === undefined ? 0 : found.more;
  } catch (error) {
    if (error instanceof ResponseValidationError) throw error;
    issues = [{ path: [], message: `could not be validated (${String(error)})` }];
  }
  if (mode === 'warn') {
    log?.warn(issues);
    return json as z.output<S>;
  }
  throw responseError(
    `The service's answer changed shape: ${describeAll(issues)}` +
      `${more > 0 ? `; and ${more} more invalid items` : ''}. ` +
      `The call reached the service, which may have done what was asked: the parsed answer is in ` +
      `\`data\`. Pass responseValidation: 'warn' to accept it as sent, and report this with the request id.`,
    issues.slice(0, 100),
    context,
  );
}

/**
 * The error for an answer the call cannot resolve with. Its `data` is parsed from the scrubbed text,
 * never from the answer as read: the service may echo the credential anywhere in it.
 */
function responseError(
  message: string,
  issues: ValidationIssue[],
  context: () => ResponseContext,
): ResponseValidationError {
  const ctx = context();
  const parsed = parseJson(ctx.body);
  const data = typeof parsed === 'string' ? undefined : parsed;
  return new ResponseValidationError(message + withheldNote(ctx.bodyWithheld), { ...ctx, issues, data });
}

/**
 * zod's issues for `json`, an invalid body. Of a list (the body, or a page's `data`) whose items
 * the exact check can take one by one, only the first LISTED faulty items are given to zod (their paths
 * then mapped back to the list's positions), and `more` counts the others.
 */
function faults(
  schema: z.ZodMiniType,
  json: unknown,
): { issues: ValidationIssue[]; more: number } | { issues: undefined; data: unknown } {
  const def = defOf(schema);
  const inPage = def.type !== 'array';
  const data = def.shape?.['data'];
  const check = exactCheck(inPage ? data && defOf(data).element : def.element);
  const items = inPage ? (json as { data?: unknown } | null)?.data : json;
  const faulty: number[] = [];
  let root = json;
  if (check && Array.isArray(items)) {
    items.forEach((item, i) => {
      if (!check(item)) faulty.push(i);
    });
    const described = faulty.slice(0, LISTED).map((i) => items[i]);
    root = inPage ? { ...(json as object), data: described } : described;
  }
  let result = safeParse(schema, root);
  // Only if the exact check and zod disagree on the whole: zod's word on all of it.
  if (result.success && root !== json) result = safeParse(schema, (root = json));
  if (result.success) return { issues: undefined, data: result.data };
  const issues = toIssues(result.error.issues, root);
  // Still the described items: a path's position in them, mapped back to the item's position in the list.
  if (root !== json) {
    const at = inPage ? 1 : 0;
    for (const { path } of issues) {
      const position = path[at];
      if (typeof position === 'number' && (!inPage || path[0] === 'data')) path[at] = faulty[position] ?? 0;
    }
  }
  return { issues, more: Math.max(0, faulty.length - LISTED) };
}

/**
 * A response enum that stays open, as a string schema is cast (`wireString as OpenEnum<E>`): `E` is
 * the exported type (known values plus `UnknownEnumValue<…>`), and any string parses, so a value the
 * service adds later never throws. A cast, not a helper, so no alias of wireString is left in the bundle.
 */
export type OpenEnum<E extends string> = z.ZodMiniType<E, E>;

// The helpers below are written with `rule` and carry the SDK's message for the rule, which
// names the allowed values or range in the words of the API reference.

/**
 * A refine as zod/mini's `check` takes a plain function: when `test` fails, an issue with the SDK's
 * `error`, which later checks still follow, as a refine's. No refine schema is built for it, so zod
 * loads no code for one.
 */
export function rule<T>(test: (value: T) => boolean, error: string): z.core.CheckFn<T> {
  return (ctx) => {
    if (!test(ctx.value)) fail(ctx, error);
  };
}

/**
 * Adds an issue with the SDK's `message` to a check's payload, for `input` at `path` under the value
 * checked. Later checks still follow, as a refine's: no check of ours relies on stopping them.
 */
export function fail(
  ctx: z.core.ParsePayload,
  message: string,
  input: unknown = ctx.value,
  path: PropertyKey[] = [],
): void {
  ctx.issues.push({ code: 'custom', input, path, message, continue: true });
}

/**
 * A request string that must be one of `values`. `E` is the type the param accepts: the exported
 * enum, so a value read from a response goes back without a cast (its `UnknownEnumValue` member
 * is still refused here at run time, by name, when this SDK version does not list it).
 */
export function oneOf<E extends string>(
  values: readonly string[],
  error = `must be one of ${values.join(', ')}`,
): z.ZodMiniType<E, E> {
  return wireString.check(rule((value: string) => values.includes(value), error)) as z.ZodMiniType<E, E>;
}

/** An integer from `min` to `max`. */
export function intRange(min: number, max: number, error = `must be an integer from ${min} to ${max}`) {
  return wireNumber.check(rule((n: number) => Number.isInteger(n) && n >= min && n <= max, error));
}

/**
 * A string of `min` to `max` characters, counted as code points: where the reference does not
 * say how it counts, the looser reading wins: an emoji is one character. Each surrogate pair
 * counts once (a lone surrogate once too), as a person counts the emoji it makes.
 */
export function maxChars(max: number, min = 0) {
  const error = min > 0 ? `must be ${min} to ${max} characters` : `must be at most ${max} characters`;
  return wireString.check(
    rule((s: string) => {
      const n = s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '_').length;
      return n >= min && n <= max;
    }, error),
  );
}

/** A stand-in's def: its kind's (`type` and parts) and the parse it is made with. */
interface StandInDef extends Partial<WalkedDef> {
  parse: (payload: z.core.ParsePayload, ctx: z.core.ParseContext<z.core.$ZodIssue>) => z.core.ParsePayload;
}

/**
 * zod's kind for a stand-in for one of its own kinds (`def.type`), whose code zod then need not
 * load: the def's `parse` parses as that kind does, and the def reads as the kind's (`type` and
 * its parts), so the key, exact and structure checks walk it as the kind. A kind of zod's making
 * ($constructor, as zod makes its own), so a clone (a rule `.check`ed on) is one too, and zod runs
 * its parse as directly as a kind's own.
 */
const miniType: { init(inst: z.ZodMiniType, def: StandInDef): void } = z.ZodMiniType as never;
const StandIn = $constructor('StandIn', (inst: z.ZodMiniType, def: StandInDef) => {
  miniType.init(inst, def);
  inst._zod.parse = def.parse as never;
});
const standIn = <T>(def: StandInDef): T => new StandIn(def) as T;

/**
 * Adds zod's issue for a value not of type `expected` to a payload: the message is zod's kind's
 * (`must be a string`, `is required (number)`), and it stops the checks after it, as a kind's does.
 */
const typeIssue = (
  payload: z.core.ParsePayload,
  expected: 'string' | 'number' | 'boolean' | 'array',
): z.core.ParsePayload => {
  payload.issues.push({ code: 'invalid_type', expected, input: payload.value });
  return payload;
};

/** A wire value of one JSON type, which `test` tells as zod's kind of that name does. */
const wire = <T>(type: 'string' | 'number' | 'boolean', test: (value: unknown) => boolean) =>
  standIn<z.ZodMiniType<T, T>>({
    type,
    parse: (payload) => (test(payload.value) ? payload : typeIssue(payload, type)),
  });

/** A wire string. */
export const wireString = wire<string>('string', (value) => typeof value === 'string');
/** A wire number: finite (zod's number refuses NaN and the infinities too). */
export const wireNumber = wire<number>('number', Number.isFinite);
/** A wire boolean. */
export const wireBoolean = wire<boolean>('boolean', (value) => typeof value === 'boolean');

/**
 * `inner`, or nothing: what zod's optional takes (undefined, or what `inner` takes), and read as
 * optional by an object (`optin`, `optout`), a key it lacks left out.
 */
export function optional<S extends z.ZodMiniType>(inner: S): z.ZodMiniOptional<S> {
  const schema = standIn<z.ZodMiniOptional<S>>({
    type: 'optional',
    innerType: inner,
    parse: (payload, ctx) =>
      payload.value === undefined ? payload : (inner._zod.run(payload, ctx) as z.core.ParsePayload),
  });
  schema._zod.optin = schema._zod.optout = 'optional';
  return schema;
}

/**
 * A nullable wire string, optional: the reference's `… or null` fields; anything else is a
 * string's issue (`must be a string`).
 */
export const nullableString = optional(
  standIn<z.ZodMiniType<string | null>>({
    type: 'nullable',
    innerType: wireString,
    parse: (payload, ctx) =>
      payload.value === null ? payload : (wireString._zod.run(payload, ctx) as z.core.ParsePayload),
  }),
);

/**
 * A list of `element`s, parsed as zod's array parses one: each item's issues under its position,
 * the list rebuilt from the items' values.
 */
export function list<S extends z.ZodMiniType>(element: S): z.ZodMiniType<z.output<S>[], z.input<S>[]> {
  return standIn({
    type: 'array',
    element,
    parse: (payload, ctx) => {
      const value = payload.value;
      if (!Array.isArray(value)) return typeIssue(payload, 'array');
      const items: unknown[] = (payload.value = Array(value.length));
      for (let i = 0; i < value.length; i++) {
        const item = element._zod.run({ value: value[i], issues: [] }, ctx) as z.core.ParsePayload;
        for (const issue of item.issues) {
          ((issue as { path?: PropertyKey[] }).path ??= []).unshift(i);
          payload.issues.push(issue);
        }
        items[i] = item.value;
      }
      return payload;
    },
  });
}

/** The list wrapper on the wire: `data`, `has_more`, `next_cursor` (plus `object` on some lists). */
export function cursorPage<S extends z.ZodMiniType>(item: S) {
  return z.looseObject({
    data: list(item),
    has_more: wireBoolean,
    // The reference gives it as string or null; a missing one is read as null.
    next_cursor: nullableString,
  });
}

// ISO 8601 date-time with a time zone; Date.parse then rejects impossible dates (month 13).
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
/** RFC 3339, what the service reads: other ISO 8601 spellings are sent as the same instant in UTC. */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * A request date-time: a `Date` or an ISO 8601 string with a time zone, sent as ISO 8601.
 * `check` adds a rule on the instant (e.g. the scheduling horizon); with `orNull`, null is taken
 * and sent as null (no zod nullable, whose code zod would load for it).
 */
export function inputDateTime<OrNull extends boolean = false>(
  check?: (ms: number) => string | undefined,
  orNull?: OrNull,
): z.ZodMiniType<
  string | (OrNull extends true ? null : never),
  string | Date | (OrNull extends true ? null : never)
> {
  // A check that also sets the value it sends: no transform or pipe, whose code zod would load for
  // it. A plain function, which zod/mini's `check` takes as it is: no superRefine to load either.
  return z.unknown().check((ctx) => {
    const value = ctx.value;
    let ms: number;
    if (value === null && orNull) return;
    if (typeof value === 'string') {
      if (!ISO_DATE_TIME.test(value))
        return fail(ctx, 'must be an ISO 8601 date-time with a time zone, e.g. 2026-01-01T09:00:00Z');
      ms = Date.parse(value);
    } else if (value instanceof Date) ms = value.getTime();
    else return fail(ctx, 'must be a Date or an ISO 8601 date-time string');
    if (Number.isNaN(ms)) return fail(ctx, 'must be a valid date');
    const problem = check?.(ms);
    if (problem !== undefined) return fail(ctx, problem);
    ctx.value = typeof value === 'string' && RFC_3339.test(value) ? value : new Date(ms).toISOString();
  }) as never;
}

/** Declared fields of `T`: its index signature (a loose zod object's `[k: string]: unknown`) left out. */
type Declared<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
/** The optional keys of `T`. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
/** `T` as compared by `Same`: each field's type without `undefined`, and which fields are optional. */
type Normalized<T> = [
  { [K in keyof Declared<T>]-?: Exclude<Declared<T>[K], undefined> },
  OptionalKeys<Declared<T>>,
];
/** Whether `A` and `B` declare the same fields with the same types and optionality (both ways). */
// The outer `infer` defers the check while A or B is still a type parameter: a bare function-type
// comparison is settled early, as false, inside generic code.
export type Same<A, B> = [Normalized<A>, Normalized<B>] extends [infer X, infer Y]
  ? (<G>() => G extends X ? 1 : 2) extends <G>() => G extends Y ? 1 : 2
    ? true
    : false
  : never;

/** Compiles only when `T` is `true`: `type _Tie = Assert<ParsesTo<typeof schema, Interface>>`. */
export type Assert<T extends true> = T;
/** Whether a response schema parses to exactly the fields of the written interface `T` (both ways). */
export type ParsesTo<S extends z.ZodMiniType, T> = Same<z.output<S>, T>;
/** Whether a request schema accepts exactly the fields of the written params interface `T` (both ways). */
export type Accepts<S extends z.ZodMiniType, T> = Same<z.input<S>, T>;

/**
 * A response schema typed by its written interface. Not an annotation: under
 * `exactOptionalPropertyTypes` zod's `field?: T | undefined` would not match the interface's
 * `field?: T`; the `_…Tie` check beside each call proves the two name the same fields.
 */
export function typedAs<T>(schema: z.ZodMiniType): z.ZodMiniType<T> {
  return schema as z.ZodMiniType<T>;
}
