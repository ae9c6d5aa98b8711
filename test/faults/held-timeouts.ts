// A clock for one kind of timer only: every setTimeout of exactly `ms` (the client's per-attempt
// timeout, given a length no other timer in the process uses) is held until the test fires it,
// while every other timer (the waits between retries, the sockets' own) runs in real time. A slow
// machine then cannot turn a good answer into a timeout, and a hanging attempt times out when
// the test knows it hangs rather than when a small real timeout happens to expire.
import { type MockInstance, vi } from 'vitest';

/** Timers of `ms` held since `holdTimeouts(ms)`; `restore()` puts the real setTimeout back. */
export interface HeldTimeouts {
  /** The timer held last, if it has neither fired nor been cleared. */
  newest(): object | undefined;
  /** Fires `timer` if it is still held; false if it has fired or been cleared. */
  fire(timer: object): boolean;
  restore(): void;
}

export function holdTimeouts(ms: number): HeldTimeouts {
  const held = new Map<object, () => void>();
  let newest: object | undefined;
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const set = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    callback: (...args: unknown[]) => void,
    delay?: number,
    ...args: unknown[]
  ) => {
    if (delay !== ms) return realSet(callback, delay, ...args);
    const handle = { heldFor: ms };
    held.set(handle, () => callback(...args));
    newest = handle;
    return handle;
  }) as unknown as typeof setTimeout) as MockInstance;
  const clear = vi.spyOn(globalThis, 'clearTimeout').mockImplementation((handle) => {
    if (!held.delete(handle as object)) realClear(handle);
  }) as MockInstance;
  return {
    newest: () => (newest !== undefined && held.has(newest) ? newest : undefined),
    fire(timer) {
      const fire = held.get(timer);
      if (fire === undefined) return false;
      held.delete(timer);
      fire();
      return true;
    },
    restore() {
      set.mockRestore();
      clear.mockRestore();
    },
  };
}
