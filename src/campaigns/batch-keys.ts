// One key, one message: in a createMany run no two items may carry the same
// Idempotency-Key, own or derived (`${base}:${index}`), or a service that replays by key would
// report the second message sent when it never was.
//
// The rule, checkable as items stream in without holding them: derived keys are unique by
// construction; an item's own key may not have the derived form `${base}:<digits>` (it could be
// another item's derived key, whatever the run's length); and own keys must differ, which is
// checked against every own key seen so far (each costs its length in memory until the run ends).
// An array is checked whole before anything is sent; any other iterable as it is read, each item
// before it is sent, and a breach ends the run: no item after it is sent.
import { ValidationError } from '../core/client-errors.js';
import { readCaller } from './caller-values.js';

/** Checks each item's own key against the run's; returns the refusal for a key another item has or could have. */
export function keyGuard(base: string): (own: string, index: number) => ValidationError | undefined {
  const seen = new Map<string, number>();
  return (own, index) => {
    const earlier = seen.get(own);
    seen.set(own, earlier ?? index);
    const problem =
      earlier !== undefined
        ? `is also item ${earlier}'s`
        : own.startsWith(`${base}:`) && /^\d+$/.test(own.slice(base.length + 1))
          ? `has the form ${base}:<index> that items without a key get`
          : undefined;
    return problem === undefined
      ? undefined
      : new ValidationError(
          `Item ${index}'s idempotencyKey ${problem}: one key would carry two messages, so the run stops here. ` +
            'To rerun part of a batch, pass the same items in the same order and idempotencyKey, or give every item its own key.',
          [{ path: [index, 'idempotencyKey'], message: problem }],
        );
  };
}

/**
 * An array's own keys, each read once and checked before anything is sent: by index, for the
 * sends to use as read (an item's key is never read a second time, so a getter cannot change it
 * between the check and the send). Throws the first refusal; a key that cannot be read is one.
 */
export function arrayKeys(items: readonly unknown[], base: string): Map<number, string> {
  const check = keyGuard(base);
  const keys = new Map<number, string>();
  const length = readCaller('items', ['items'], () => items.length);
  for (let i = 0; i < length; i++) {
    const own = readCaller(`Item ${i}'s idempotencyKey`, [i, 'idempotencyKey'], () => ownKeyOf(items[i]));
    if (own === undefined) continue;
    const refused = check(own, i);
    if (refused) throw refused;
    keys.set(i, own);
  }
  return keys;
}

/** An item's own idempotencyKey as a string (read once), or undefined when it names none. */
export function ownKeyOf(item: unknown): string | undefined {
  // Its own only: a key on a prototype (one polluted by a dependency) is no item's key.
  if (item === null || typeof item !== 'object' || !Object.hasOwn(item, 'idempotencyKey')) return undefined;
  const own = (item as { idempotencyKey?: unknown }).idempotencyKey;
  return own === undefined ? undefined : String(own);
}
