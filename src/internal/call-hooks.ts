// What the SDK's own ky hook and retry check ask of the call they run for. A module of its own,
// next to the call that implements it, so that transport.ts and retry.ts, which both reach the
// call through ky's `context`, need not import the call, nor each other.
import type * as Ky from 'ky';
import type { BeforeRetryState } from 'ky';

/** ky's `stop` symbol's type. */
export type KyStop = (typeof Ky)['default']['stop'];

/** What the SDK's own hook asks of the call it runs for; each call passes itself as ky's `context.call`. */
export interface CallHooks {
  /** Runs before each retry, ahead of the user's `beforeRetry` hooks. */
  beforeRetry(state: BeforeRetryState): KyStop | undefined;
  /** The parsed body of a response this call read (ky may hand on a consumed one), else undefined. */
  bodyOf(response: Response): unknown;
}
