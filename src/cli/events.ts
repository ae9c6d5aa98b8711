// The event types `gateway-sdk trigger` sends: the reference's list ("Event names"), the same names
// as the WebhookEventType union, which the check below keeps in step with this array.
import type { WebhookEventType } from '../webhooks/events.js';

/** Every event type the service sends, in the reference's order. */
export const EVENT_TYPES = [
  'message.queued',
  'message.sent',
  'message.delivered',
  'message.failed',
  'message.expired',
  'balance.low',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'refund.succeeded',
  'customer.created',
  'payment.succeeded',
  'credential.issued',
  'credential.verified',
  'credential.revoked',
  'badge.earned',
] as const satisfies readonly WebhookEventType[];

// A name added to WebhookEventType but not to the array above fails to compile here.
type Missing = Exclude<WebhookEventType, (typeof EVENT_TYPES)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;

/** Whether `type` is an event type the service sends. */
export function isEventType(type: string): type is WebhookEventType {
  return (EVENT_TYPES as readonly string[]).includes(type);
}

/** The known name closest to `word` (Levenshtein distance), when it is close enough to be a typo. */
export function closest(word: string, names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of names) {
    const d = distance(word, name);
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  // Past a third of the name it is another word, not a typo of this one.
  return bestDistance <= Math.max(2, Math.ceil(word.length / 3)) ? best : undefined;
}

/** Edits (insert, delete, substitute) between `a` and `b`: two rows of the usual table. */
export function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}
