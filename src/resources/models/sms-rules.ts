// The SMS request rules the client and the mock both enforce, written once: the mock imports them
// (src/testing/validation.ts), so a call the client lets through is never refused by the mock for
// a rule the two read differently. Plain data and functions, no zod: the testing entry loads it too.

/** Message status values the reference names (Message table; the list filter's enum). */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'expired'] as const;
/** Routes the reference names (Message table; the list filter's enum). */
export const ROUTES = ['otp', 'transactional', 'promotional'] as const;
/** Routes a bulk send takes: `otp` is not offered for bulk (Limits). */
export const BULK_ROUTES = ['transactional', 'promotional'] as const;
/** Events an SMS webhook can subscribe to (SMS webhook table). */
export const SMS_WEBHOOK_EVENTS = [
  'message.queued',
  'message.sent',
  'message.delivered',
  'message.failed',
  'message.expired',
] as const;

/** The longest bulk recipient or template `to`, in characters, a leading `+` included. */
export const LISTED_NUMBER_MAX = 20;

/**
 * Whether `value` is a bulk recipient or template `to` as the client takes it: the reference gives
 * these no pattern beyond "phone numbers", so the looser reading (a national `07700900123`, 1 to 20
 * digits) with one leading `+`, which the client strips before sending. Spaces and dashes are refused.
 */
export function isListedNumber(value: string): boolean {
  return value.length <= LISTED_NUMBER_MAX && /^\+?[0-9]+$/.test(value);
}
