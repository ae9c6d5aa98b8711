// The names in createWebhookHandler's `on`, checked once at construction. A near miss of a known
// event type ('message.delivred') would never be called, and its deliveries would be answered
// `unsubscribed` and lost, so it is refused with the name meant. A name far from every known one may
// be an event type newer than this SDK, so it is kept, with one warning.

import type { Logger } from '../core/logger.js';
import { editDistance } from '../internal/near-miss.js';
import { EVENT_TYPES } from './events.js';
import { fn, invalidOption } from './options.js';

/** The known event type `name` is a typo of: at most two edits away, case aside. */
export function typoOf(name: string): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const known of EVENT_TYPES) {
    const d = editDistance(lower, known, 2);
    if (d < bestDistance) [best, bestDistance] = [known, d];
  }
  return best;
}

/**
 * Throws a `ConfigurationError` for the first name in `on` that is a typo of a known event type,
 * or whose handler is not a function (its events would be acknowledged and lost); warns once, naming
 * them all, about names that are unknown and far from every known one.
 */
export function checkEventNames(on: object, warn: Logger['warn']): void {
  const unknown: string[] = [];
  for (const name of Object.keys(on)) {
    fn('on', (on as Record<string, unknown>)[name], `on[${JSON.stringify(name)}]`);
    if ((EVENT_TYPES as readonly string[]).includes(name)) continue;
    const meant = typoOf(name);
    if (meant !== undefined)
      throw invalidOption(
        'on',
        `on[${JSON.stringify(name)}] is not an event type; did you mean ${JSON.stringify(meant)}? ` +
          '(A new type this close to a known one: use onEvent.)',
      );
    unknown.push(JSON.stringify(name));
  }
  if (unknown.length)
    warn(
      `gateway-sdk: createWebhookHandler: on has event types this SDK does not know: ${unknown.join(', ')} ` +
        '(called only if the service sends them)',
    );
}
