// Request field rules the SMS resources share, each from the API reference's request tables
// and Limits. Where the reference is ambiguous the looser reading wins (a leading `+` stripped,
// code points counted), so the SDK never refuses what the service accepts.
import type * as z from 'zod/mini';
import type { UnknownEnumValue } from '../../core/open-enum.js';
import { inputDateTime, maxChars, oneOf, type OpenEnum, rule, wireString } from '../../internal/schema.js';
import { LIMITS } from '../../limits.js';
import { isListedNumber, LISTED_NUMBER_MAX, type MESSAGE_STATUSES, ROUTES } from './sms-rules.js';

/** A message's delivery status: `queued`, `sent`, `delivered`, `failed`, `expired`, or one added later. */
export type MessageStatus = (typeof MESSAGE_STATUSES)[number] | UnknownEnumValue<'MessageStatus'>;
/**
 * The route a message travels: `otp` (under 5 s), `transactional` (30 s), `promotional` (2 min), or one
 * added later.
 */
export type Route = (typeof ROUTES)[number] | UnknownEnumValue<'Route'>;

/** A message's delivery status; unknown future values still parse. */
export const messageStatus = wireString as OpenEnum<MessageStatus>;
/** A route as returned by the service; unknown future values still parse. */
export const route = wireString as OpenEnum<Route>;

const { minDigits, maxDigits } = LIMITS.phoneNumber;
// The reference's pattern with one optional leading `+`, built from LIMITS so the two cannot drift.
const PHONE = new RegExp(`^\\+?[1-9][0-9]{${minDigits - 1},${maxDigits - 1}}$`);

// A check that rewrites the value, not a pipe into a transform (nor an overwrite check): zod then
// loads no code for them. A plain function, which zod/mini's `check` takes as it is (no superRefine
// to load). It runs only on a string, and a failed rule makes the parse fail anyway.
const withoutPlus = (ctx: z.core.ParsePayload<string>): void => {
  if (ctx.value.startsWith('+')) ctx.value = ctx.value.slice(1);
};

/** `^[1-9][0-9]{7,14}$`, with a leading `+` accepted and stripped (the contract's looser reading). */
export const phone = wireString.check(
  rule(
    (value: string) => PHONE.test(value),
    `must be an international number of ${minDigits} to ${maxDigits} digits, without spaces or ` +
      'dashes, such as 447700900123 (a leading + is allowed)',
  ),
  withoutPlus,
);

/**
 * A number of a bulk send or a template send: the reference gives its pattern for single sends
 * only, so these take the looser reading of sms-rules.ts `isListedNumber`, which the mock applies too.
 */
export const loosePhone = wireString.check(
  rule(
    isListedNumber,
    `must be a number of digits, at most ${LISTED_NUMBER_MAX} characters, without spaces or dashes, ` +
      'such as 447700900123 (a leading + is allowed)',
  ),
  withoutPlus,
);

/** Message content: 1 to 1000 characters (code points). */
export const messageText = maxChars(LIMITS.message.max, LIMITS.message.min);

/** Sender ID: at most 11 characters. */
export const senderId = maxChars(LIMITS.senderId.max);

/** `reference_id`: at most 100 characters. */
export const referenceId = maxChars(LIMITS.referenceId.max);

/**
 * A URL the service will POST events to: HTTPS only (Events, Delivery 2). The text must start with
 * `https://` and a host: URL parsers repair `https:hooks.example.com`, but the string is sent as given.
 */
export const httpsUrl = wireString.check(
  rule((value: string) => {
    if (!/^https:\/\/[^/\\?#\s]/i.test(value)) return false;
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an absolute https:// URL with a host (plain HTTP is not supported)'),
);

const HORIZON_MS = LIMITS.scheduleAheadDays * 86_400_000;
const TOO_FAR = `must be at most ${LIMITS.scheduleAheadDays} days ahead`;
/** Client clocks drift; a schedule a few minutes past the limit is left to the service to judge. */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** `schedule_at` of a single send: at most 7 days ahead, or null (sends at once). */
export const scheduleAt = inputDateTime(
  (ms) => (ms > Date.now() + HORIZON_MS + CLOCK_SKEW_MS ? TOO_FAR : undefined),
  true,
);

/** `schedule_at` of a bulk send: in the future and at most 7 days ahead, or null. */
export const futureScheduleAt = inputDateTime((ms) => {
  const now = Date.now();
  if (ms < now - CLOCK_SKEW_MS) return 'must be in the future';
  return ms > now + HORIZON_MS + CLOCK_SKEW_MS ? TOO_FAR : undefined;
}, true);

/** A route in a request: one of the three (a `Route` read from a response is accepted by the types). */
export const routeParam = oneOf<Route>(ROUTES);
