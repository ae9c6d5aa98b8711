// The names in createWebhookHandler's `on`, checked once at construction. A near miss of a known
// event type ('message.delivred') would never be called, and its deliveries would be answered
// `unsubscribed` and lost, so it is refused with the name meant. A name far from every known one may
// be an event type newer than this SDK, so it is kept, with one warning.

import type { Logger } from '../core/logger.js';
import { EVENT_TYPES } from './events.js';
import { fn, handlerOptionError, nearest } from './options.js';

/**
 * Throws a `ConfigurationError` for the first name in `on` that is a typo of a known event type,
 * or whose handler is not a function (its events would be acknowledged and lost); warns once, naming
 * them all, about names that are unknown and far from every known one.
 */
export function checkEventNames(on: object, warn: Logger['warn']): void {
  const unknown: string[] = [];
  for (const name of Object.keys(on)) {
    const quoted = JSON.stringify(name);
    fn('on', (on as Record<string, unknown>)[name], `on[${quoted}]`);
    // A known type is its own nearest (no two differ by case alone).
    const meant = nearest(name, EVENT_TYPES);
    if (meant === name) continue;
    if (meant)
      throw handlerOptionError(
        'on',
        `on[${quoted}] is not an event type; did you mean ${JSON.stringify(meant)}? (A new type: use onEvent.)`,
      );
    unknown.push(quoted);
  }
  if (unknown.length)
    warn(
      `gateway-sdk: createWebhookHandler: on has event types this SDK does not know: ${unknown.join(', ')}`,
    );
}
