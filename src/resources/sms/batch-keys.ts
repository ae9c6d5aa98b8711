// One key, one message (issue 26): in a createMany run no two items may carry the same
// Idempotency-Key, own or derived (`${base}:${index}`), or a service that replays by key would
// report the second message sent when it never was.
//
// The rule, checkable as items stream in without holding them: derived keys are unique by
// construction; an item's own key may not have the derived form `${base}:<digits>` (it could be
// another item's derived key, whatever the run's length); and own keys must differ, which is
// checked against every own key seen so far (each costs its length in memory until the run ends).
// An array is checked whole before anything is sent; any other iterable as it is read, each item
// before it is sent, and a breach ends the run: no item after it is sent.
import { ValidationError } from '../../core/errors.js';

/** How to rerun some items of a batch without reusing a key for another message. */
const RERUN =
  'To rerun part of a batch safely, pass the same items in the same order with the same idempotencyKey ' +
  '(items already sent are replayed, not sent twice), or give every item its own key.';

/** Checks each item's own key against the run's; returns the refusal for a key another item has or could have. */
export function keyGuard(base: string): (own: string, index: number) => ValidationError | undefined {
  const seen = new Map<string, number>();
  const prefix = `${base}:`;
  return (own, index) => {
    let problem: string | undefined;
    const earlier = seen.get(own);
    if (earlier !== undefined) problem = `is also item ${earlier}'s: one key would carry two messages`;
    else if (own.startsWith(prefix) && /^\d+$/.test(own.slice(prefix.length)))
      problem = `has the form \`${base}:<index>\` that createMany gives items without a key of their own: another item may carry it`;
    seen.set(own, earlier ?? index);
    if (problem === undefined) return undefined;
    return new ValidationError(
      `Item ${index}'s idempotencyKey ${problem}. Nothing more of this run is sent. ${RERUN}`,
      [{ path: [index, 'idempotencyKey'], message: problem }],
    );
  };
}

/** An item's own key, if it has one. */
export function ownKey(item: unknown): string | undefined {
  const own =
    item !== null && typeof item === 'object'
      ? (item as { idempotencyKey?: unknown }).idempotencyKey
      : undefined;
  return own === undefined ? undefined : String(own);
}

/** The first refusal among an array's own keys, found before anything is sent. */
export function checkKeys(items: unknown, base: string): ValidationError | undefined {
  if (!Array.isArray(items)) return undefined;
  const check = keyGuard(base);
  for (let i = 0; i < items.length; i++) {
    const own = ownKey(items[i]);
    const refused = own === undefined ? undefined : check(own, i);
    if (refused !== undefined) return refused;
  }
  return undefined;
}
