// The names in createWebhookHandler's `on`, checked once at construction. A near miss of a known
// event type ('message.delivred') would never be called, and its deliveries would be answered
// `unsubscribed` and lost, so it is refused with the name meant. A name far from every known one may
// be an event type newer than this SDK, so it is kept, with one warning.

import type { Logger } from '../core/logger.js';
import { EVENT_TYPES } from './events.js';
import { invalidOption } from './options.js';

/** Edits between `a` and `b`, a swap of two neighbours counting as one (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  // Three rows of the usual table: the one before the previous is what a swap looks back to.
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] as number) + 1);
      row.push(d);
    }
    [before, previous] = [previous, row];
  }
  return previous[b.length] as number;
}

/** The known event type `name` is a typo of: at most two edits away, case aside. */
export function typoOf(name: string): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const known of EVENT_TYPES) {
    const d = editDistance(lower, known);
    if (d < bestDistance) [best, bestDistance] = [known, d];
  }
  return best;
}

/**
 * Throws a `ConfigurationError` for the first name in `on` that is a typo of a known event type;
 * warns once, naming them all, about names that are unknown and far from every known one.
 */
export function checkEventNames(on: object, logger: Pick<Logger, 'warn'>): void {
  const unknown: string[] = [];
  for (const name of Object.keys(on)) {
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
    logger.warn(
      `gateway-sdk: createWebhookHandler: on has event types this SDK does not know: ${unknown.join(', ')} ` +
        '(called only if the service sends them)',
    );
}
