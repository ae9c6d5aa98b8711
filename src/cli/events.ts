// The event types `gateway-sdk trigger` sends: the webhooks entry's list, which its type check keeps
// in step with the WebhookEventType union; and the "did you mean" of the CLI's words.
import { editDistance } from '../internal/near-miss.js';
import { EVENT_TYPES } from '../webhooks/events.js';
import type { WebhookEventType } from '../webhooks/events.js';

export { EVENT_TYPES };

/** Whether `type` is an event type the service sends. */
export function isEventType(type: string): type is WebhookEventType {
  return (EVENT_TYPES as readonly string[]).includes(type);
}

/** The known name closest to `word` (edits, a swap of neighbours counting as one), when it is close enough to be a typo. */
export function closest(word: string, names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of names) {
    const d = editDistance(word, name);
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  // Past a third of the name it is another word, not a typo of this one.
  return bestDistance <= Math.max(2, Math.ceil(word.length / 3)) ? best : undefined;
}
