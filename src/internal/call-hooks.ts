// What the SDK's own ky hook and retry check ask of the call they run for, and that hook. A module
// of its own, next to the call that implements it, so that transport.ts, call.ts and retry.ts, which
// reach the call through ky's `context`, need not import the call, nor each other.
import type * as Ky from 'ky';
import type { BeforeRetryState, Hooks as KyHooks } from 'ky';
import type { Hooks } from '../core/hooks.js';

/** ky's `stop` symbol's type. */
export type KyStop = (typeof Ky)['default']['stop'];

/** What the SDK's own hook asks of the call it runs for; each call passes itself as ky's `context.call`. */
export interface CallHooks {
  /** Runs before each retry, ahead of the user's `beforeRetry` hooks. */
  beforeRetry(state: BeforeRetryState): KyStop | undefined;
  /** The parsed body of a response this call read (ky may hand on a consumed one), else undefined. */
  bodyOf(response: Response): unknown;
}

/**
 * `hooks` with the SDK's own `beforeRetry` hook ahead of theirs; it hands each retry to the call
 * it belongs to (ky's `context.call`). The user's hooks have the types of core/hooks.ts, which
 * describe ky 2's without naming it.
 */
export function withOwnHook(hooks: Hooks | undefined): KyHooks {
  return {
    ...hooks,
    beforeRetry: [
      (state: BeforeRetryState) => (state.options.context['call'] as CallHooks).beforeRetry(state),
      ...(hooks?.beforeRetry ?? []),
    ],
  } as KyHooks;
}
