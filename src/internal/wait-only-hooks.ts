// A mark the batch helpers put on request options whose only hooks are their pacing ones: hooks
// that wait before an attempt and never change the request nor read the answer. A call with such
// hooks need not re-assert its host and headers after them, nor copy each answer for them to read.

/**
 * Internal: set to `true` on request options whose `hooks` only wait (the pacer's). Options with
 * any hook of the caller's must not carry it.
 * @internal
 */
export const WAIT_ONLY_HOOKS: unique symbol = Symbol();

/** @internal Request options that may carry the mark. */
export interface WaitOnlyHooksOptions {
  [WAIT_ONLY_HOOKS]?: true | undefined;
}
