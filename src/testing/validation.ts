// The request rules of the API reference ("Endpoints" request tables and "Limits"), checked the way
// the service would see them on the wire. Where the client enforces a rule itself (the numbers, the
// enums), the mock reads it from the same place (resources/models/sms-rules.ts, LIMITS), so a call the
// client lets through is never refused here for a rule the two read differently.
import { LIMITS } from '../limits.js';
import { isListedNumber, LISTED_NUMBER_MAX } from '../resources/models/sms-rules.js';
import { invalid, missing, MockApiError } from './errors.js';
import type { MockRoute } from './types.js';

export { BULK_ROUTES, MESSAGE_STATUSES, ROUTES, SMS_WEBHOOK_EVENTS } from '../resources/models/sms-rules.js';

/** A parsed JSON request body. */
export type Body = Record<string, unknown>;

/** Recipient numbers as they must arrive: the SDK strips a leading `+`, so one on the wire is a bug. */
export const PHONE_PATTERN = new RegExp(LIMITS.phoneNumber.pattern);

const DAY_MS = 86_400_000;
/** Scheduling horizon: at most 7 days ahead (Limits). */
export const SCHEDULE_HORIZON_MS = 7 * DAY_MS;

/** Length in Unicode code points, so an emoji counts as one character. */
export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Parses a POST body: it must be JSON, and a JSON object. */
export function parseJsonObject(text: string): Body {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MockApiError('invalid_request_error', 'invalid_json', 'The request body is not valid JSON.');
  }
  if (!isObject(value)) {
    throw new MockApiError(
      'invalid_request_error',
      'invalid_body',
      'The request body must be a JSON object.',
    );
  }
  return value;
}

/** A plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

/** A string field; `undefined` when optional and absent. */
export function string(body: Body, param: string, rule: { required: true; what: string }): string;
export function string(
  body: Body,
  param: string,
  rule?: { required?: false; what?: string },
): string | undefined;
export function string(
  body: Body,
  param: string,
  rule: { required?: boolean; what?: string } = {},
): string | undefined {
  const value = body[param];
  if (value === undefined) {
    if (rule.required) throw missing(param, rule.what ?? 'a string');
    return undefined;
  }
  if (typeof value !== 'string') throw invalid(param, `must be a string, not ${typeName(value)}.`);
  return value;
}

/** A recipient number matching `^[1-9][0-9]{7,14}$` exactly. */
export function phone(value: unknown, param: string): string {
  if (typeof value !== 'string') throw invalid(param, `must be a string of digits, not ${typeName(value)}.`);
  if (!PHONE_PATTERN.test(value)) {
    const hint = value.startsWith('+')
      ? ' (no plus sign on the wire: strip it)'
      : /[\s-]/.test(value)
        ? ' (no spaces or dashes)'
        : '';
    throw invalid(param, `must match ^[1-9][0-9]{7,14}$: 8 to 15 digits in international format${hint}.`);
  }
  return value;
}

/**
 * A bulk recipient or template `to`: the reference gives no pattern beyond "phone numbers", so the
 * client's looser reading, 1 to 20 digits (`07700900123` passes); a `+` never reaches the wire.
 */
export function listedNumber(value: unknown, param: string): string {
  if (typeof value !== 'string') throw invalid(param, `must be a string of digits, not ${typeName(value)}.`);
  if (value.startsWith('+') || !isListedNumber(value))
    throw invalid(
      param,
      `must be 1 to ${LISTED_NUMBER_MAX} digits, without spaces or dashes` +
        `${value.startsWith('+') ? ' (no plus sign on the wire: strip it)' : ''}.`,
    );
  return value;
}

/** Message content: 1 to 1000 characters (Limits). */
export function messageText(body: Body, param = 'message'): string {
  const text = string(body, param, { required: true, what: 'the message content, 1 to 1000 characters' });
  const n = codePoints(text);
  if (n < 1 || n > 1000) throw invalid(param, `must be 1 to 1000 characters (got ${n}).`);
  return text;
}

/** Sender ID: 1 to 11 characters (Limits: max 11; an empty sender is never an approved one). */
export function senderId(body: Body): string | undefined {
  const from = string(body, 'from');
  if (from === undefined) return undefined;
  const n = codePoints(from);
  if (n < 1 || n > 11) throw invalid('from', `must be 1 to 11 characters (got ${n}).`);
  return from;
}

/** One of `values`. */
export function oneOf<const T extends readonly string[]>(
  value: unknown,
  param: string,
  values: T,
  extra = '',
): T[number] {
  if (typeof value !== 'string' || !values.includes(value)) {
    throw invalid(param, `must be one of ${values.join(', ')}${extra} (got ${JSON.stringify(value)}).`);
  }
  return value as T[number];
}

/** An optional route, with its default. */
export function route<const T extends readonly MockRoute[]>(
  body: Body,
  values: T,
  fallback: T[number],
  extra = '',
): T[number] {
  const value = body['route'];
  return value === undefined ? fallback : oneOf(value, 'route', values, extra);
}

// RFC 3339 date-time (the reference's "date-time"): seconds required, fractions optional, a `Z`
// or `±hh:mm` offset; `T` and `Z` may be lower case (RFC 3339, 5.6 note); second 60 is a leap second.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/** Milliseconds of an RFC 3339 date-time; a 400 naming `param` otherwise. */
export function dateTime(value: unknown, param: string): number {
  const m = typeof value === 'string' ? DATE_TIME.exec(value) : null;
  if (m === null || !validFields(m)) {
    throw invalid(
      param,
      'must be an RFC 3339 date-time with seconds and a time zone, such as 2026-01-01T09:00:00Z or ' +
        '2026-01-01T10:00:00+01:00.',
    );
  }
  const n = (group: number) => Number(m[group] ?? 0);
  const fraction = Number(`0${m[7] ?? ''}`) * 1000;
  const offset = m[8] === undefined ? 0 : (m[8] === '-' ? -1 : 1) * (n(9) * 60 + n(10)) * 60_000;
  return Date.UTC(n(1), n(2) - 1, n(3), n(4), n(5), n(6)) + Math.floor(fraction) - offset;
}

// Real calendar dates only: 2026-02-31 is refused rather than rolled over into March.
function validFields(m: RegExpExecArray): boolean {
  const n = (group: number) => Number(m[group] ?? 0);
  const daysInMonth = new Date(Date.UTC(n(1), n(2), 0)).getUTCDate();
  return (
    n(2) >= 1 &&
    n(2) <= 12 &&
    n(3) >= 1 &&
    n(3) <= daysInMonth &&
    n(4) <= 23 &&
    n(5) <= 59 &&
    n(6) <= 60 &&
    n(9) <= 23 &&
    n(10) <= 59
  );
}

/** `schedule_at`: null or a date-time at most 7 days after `now`; bulk also requires the future. */
export function scheduleAt(body: Body, now: number, options: { future: boolean }): string | null {
  const value = body['schedule_at'];
  if (value === undefined || value === null) return null;
  const ms = dateTime(value, 'schedule_at');
  if (options.future && ms <= now) throw invalid('schedule_at', 'must be in the future.');
  if (ms > now + SCHEDULE_HORIZON_MS) throw invalid('schedule_at', 'must be at most 7 days ahead.');
  return new Date(ms).toISOString();
}

/**
 * An absolute HTTPS URL with a host: webhook and callback URLs must be HTTPS (Events, Delivery 2).
 * The text itself must start with `https://` and a host, because URL parsers repair
 * `https:hooks.example.com` and `https:///hooks.example.com` into a URL the sender never wrote.
 */
export function httpsUrl(value: unknown, param: string): string {
  if (typeof value !== 'string') throw invalid(param, `must be an HTTPS URL string, not ${typeName(value)}.`);
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'https:' || !/^https:\/\/[^/\\?#\s]/i.test(value) || url.hostname === '')
    throw invalid(
      param,
      'must be an absolute https:// URL with a host, such as https://example.com/webhooks (plain HTTP ' +
        'is not supported).',
    );
  return value;
}

/**
 * Refuses body fields the reference's request table does not list (its tables for send, bulk,
 * template send and attach are complete). A name that differs from a documented one only by case,
 * `-` or `_` (`scheduleAt`) is named with the field it was meant to be.
 */
export function knownFields(body: Body, fields: readonly string[], operation: string): void {
  const squash = (name: string) => name.toLowerCase().replace(/[-_]/g, '');
  for (const name of Object.keys(body)) {
    if (fields.includes(name)) continue;
    const meant = fields.find((field) => squash(field) === squash(name));
    throw new MockApiError(
      'invalid_request_error',
      'unknown_parameter',
      `${name} is not a field of ${operation}${meant ? `; did you mean ${meant}?` : ''} The fields are ` +
        `${fields.join(', ')}.`,
      name,
    );
  }
}

/** An optional boolean. */
export function boolean(body: Body, param: string): boolean | undefined {
  const value = body[param];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalid(param, `must be a boolean, not ${typeName(value)}.`);
  return value;
}

/** An integer of at least 0. */
export function nonNegativeInteger(value: unknown, param: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw invalid(param, 'must be a whole number of 0 or more.');
  return value;
}

/**
 * The query parameters of a list: only `allowed` names, each at most once. An unknown filter is
 * refused rather than ignored, because ignoring it would answer with the wrong items.
 */
export function queryParams(query: URLSearchParams, allowed: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of query) {
    if (!allowed.includes(name)) {
      throw new MockApiError(
        'invalid_request_error',
        'unknown_parameter',
        `${name} is not a query parameter of this list; use ${allowed.join(', ')}.`,
        name,
      );
    }
    if (out.has(name)) throw invalid(name, 'must be given at most once.');
    out.set(name, value);
  }
  return out;
}

/** A page size: an integer from 1 to 100, default 20 (Limits). */
export function pageLimit(value: string | undefined): number {
  if (value === undefined) return 20;
  const n = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= 100))
    throw invalid('limit', `must be an integer from 1 to 100 (got ${JSON.stringify(value)}).`);
  return n;
}
