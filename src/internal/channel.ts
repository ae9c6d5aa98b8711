// What the SDK hands a call beside the user's options, in one named object that never rides on
// them: the batch helpers (createMany, createAll) pass each send the site of their caller, the
// observer and the pacer of the batch, and whether the batch's options were checked whole. A user
// cannot forge it: it reaches the call only through `withChannel`, keyed by the options object the
// helper built, so no key a user can put on options means anything (docs/decisions/internal-call-channel.md).
// A helper hands out only each call's value, never its response: a call with a channel keeps
// neither the response nor its text (resources/engine.ts), so thousands of sends promote none.
import type { Hooks } from '../core/hooks.js';
import type { CallSite } from './call-site.js';

/**
 * What a call waits for before its attempts. Without `retry`, ky hooks of the call's own wait for
 * `acquire` (`beforeRequest` before the first attempt, `beforeRetry` before each retry), outside
 * each attempt's timeout. With it, the first attempt goes without waiting (its sender found the
 * pacer open), and the call has no hook for it: ky merges a call's hooks into its options on every
 * call, a cost each send of a batch would pay for a wait that only a retry has. Built by the batch
 * helpers (campaigns/pacer.ts), so that none of it loads with the Client.
 */
export interface Pace {
  /** Resolves when an attempt may go (`undefined`: at once); rejects if `signal` fires first. */
  acquire(signal?: AbortSignal): Promise<void> | undefined;
  /** The call's ky hooks: `user`'s, then the waits for `acquire` (none with `retry`). */
  hooks(user: Hooks | undefined): Hooks | undefined;
  /**
   * The wait before a retry, which the call runs in ky's `shouldRetry`: `ms` (the wait ky would
   * make, and then makes none), then `acquire`. Resolves when both are over; rejects when `signal`
   * fires; once `left` ms have passed it stops, its timers cleared, and never settles: ky's
   * totalTimeout, which counts from a moment later, ends the call.
   */
  retry?(ms: number, signal: AbortSignal | undefined, left: number | undefined): Promise<void>;
}

/** What the SDK passes one call beside the user's options; every part optional. */
export interface CallChannel {
  /** Where the app called the batch helper, for the call's error (internal/call-site.ts). */
  readonly site?: CallSite | undefined;
  /** Sees every answer, each attempt's, before ky decides to retry; never reads its body. */
  readonly observe?: ((response: Response) => void) | undefined;
  /** Waited for before every attempt, or before the retries only. */
  readonly pace?: Pace | undefined;
  /** The options were checked whole for the batch and hold nothing the caller can change later. */
  readonly checked?: true | undefined;
}

const channels = new WeakMap<object, CallChannel>();

/** `options`, registered with `channel`: pass this very object to the resource method. */
export function withChannel<O extends object>(options: O, channel: CallChannel): O {
  channels.set(options, channel);
  return options;
}

/** The channel registered with `options` by `withChannel`, if any. */
export function channelOf(options: unknown): CallChannel | undefined {
  // A primitive is never a key: `get` answers undefined for it.
  return channels.get(options as object);
}
