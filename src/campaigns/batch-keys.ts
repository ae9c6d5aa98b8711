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

/** The first refusal among an array's own keys, found before anything is sent. */
export function checkKeys(items: unknown, base: string): ValidationError | undefined {
  if (!Array.isArray(items)) return undefined;
  const check = keyGuard(base);
  for (let i = 0; i < items.length; i++) {
    const own = (items[i] as { idempotencyKey?: unknown } | null)?.idempotencyKey;
    const refused = own === undefined ? undefined : check(String(own), i);
    if (refused) return refused;
  }
  return undefined;
}
