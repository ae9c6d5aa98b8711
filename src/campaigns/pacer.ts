// What a pacer is, and how the batch helpers (createMany, createAll) put one in front
// of every attempt of every request: through the call's channel (internal/channel.ts), the call
// waits for the pacer in ky hooks of its own (before each attempt, retries included, and outside
// the attempt's timeout), or, for sends whose first attempt found the pacer open, before each
// retry in ky's `shouldRetry` (`retryWait`), and its response observer tells the pacer about each
// 429 that names a wait.
import type { HookState, Hooks } from '../core/hooks.js';
import type { CallChannel, Pace } from '../internal/channel.js';
import { invalidOption } from '../internal/settings.js';
import { parseRetryAfter, RETRY_AFTER_CAP_MS } from '../internal/retry.js';
import { wait } from './gate.js';

/**
 * Decides when each request of a batch may go out. `memoryPacer()` paces one process;
 * `redisPacer(redis)` paces every process that shares its Redis key.
 */
export interface Pacer {
  /**
   * Resolves when one request may be sent (`undefined`: at once); rejects with the signal's reason
   * if it fires first. Called before every attempt, retries included.
   */
  acquire(signal?: AbortSignal): Promise<void> | undefined;
  /**
   * The service asked for a pause (a 429's `Retry-After`): no request of any sharer goes out for
   * `ms`, capped at 60 s. The SDK's pacers take any finite `ms` from 0 up and refuse anything else
   * by returning a promise rejected with a ValidationError, never by throwing.
   */
  hold(ms: number): void | Promise<void>;
}

/** A ValidationError unless `value` is a pacer (or absent). */
export function checkPacer(value: unknown): Pacer | undefined {
  if (value === undefined) return undefined;
  const p = value as Partial<Pacer> | null;
  if (p === null || typeof p !== 'object' || typeof p.acquire !== 'function' || typeof p.hold !== 'function')
    throw invalidOption('pacer', 'must be a pacer such as memoryPacer() or redisPacer(redis)');
  return p as Pacer;
}

/**
 * The channel's part that puts `pacer` in front of every attempt and tells it of every 429 that
 * names a wait. `retriesOnly` leaves the first attempt to the caller, who has already found the
 * pacer open, and waits before each retry in the call's `shouldRetry` (`retryWait`), with no hook.
 */
export function pacing(pacer: Pacer, retriesOnly = false): Pick<CallChannel, 'observe' | 'pace'> {
  const observe = (response: Response) => {
    if (response.status !== 429) return;
    const ms = parseRetryAfter(response.headers.get('retry-after'), Date.now());
    if (ms === undefined) return;
    // A failing shared store (or a pacer of the user's own that throws) must not fail the send:
    // the pacer handles its own errors.
    try {
      void Promise.resolve(pacer.hold(Math.min(ms, RETRY_AFTER_CAP_MS))).catch(() => {});
    } catch {
      // As above, for a hold that throws instead of rejecting.
    }
  };
  const acquire = (signal?: AbortSignal) => pacer.acquire(signal);
  if (retriesOnly)
    return {
      observe,
      pace: {
        acquire,
        hooks: (user) => user,
        // A method over `this.acquire`: a pace copied with its own `acquire` (gateway-sdk/otel
        // times the waits) waits through that one.
        retry(ms, signal, left) {
          return retryWait(this, ms, signal, left);
        },
      },
    };
  // The last hooks built, for the pace and the user's hooks they were built on: a batch's sends
  // share them.
  let built: { pace: Pace; user: Hooks | undefined; hooks: Hooks } | undefined;
  return {
    observe,
    pace: {
      acquire,
      // `user` with the pacer's waits after them, outside the attempt's timeout, where a wait
      // inside `fetch` would not be; over `this.acquire`, as `retry` is.
      hooks(user) {
        if (built?.pace !== this || built.user !== user) {
          const wait = ({ request }: HookState) => this.acquire(request.signal);
          const hooks: Hooks = {
            ...user,
            beforeRequest: [...(user?.beforeRequest ?? []), wait],
            beforeRetry: [...(user?.beforeRetry ?? []), wait],
          };
          built = { pace: this, user, hooks };
        }
        return built.hooks;
      },
    },
  };
}

/** Why a retry's wait was given up when the call's time ran out, told from the caller's abort. */
const PAST_DEADLINE = Symbol('past the deadline');

/**
 * A retries-only pace's wait before a retry (internal/channel.ts `Pace.retry`): `ms`, then the
 * pacer, both on one signal. The caller's signal rejects it at once; at `left` ms it stops
 * waiting, the pacer's wait given up, and never settles (nor when a pacer that ignores the signal
 * answers later), as the call's totalTimeout ends the call.
 */
async function retryWait(
  pace: Pace,
  ms: number,
  signal: AbortSignal | undefined,
  left: number | undefined,
): Promise<void> {
  const stop = new AbortController();
  const abort = () => stop.abort(signal?.reason);
  if (signal?.aborted) abort();
  else signal?.addEventListener('abort', abort, { once: true });
  const deadline =
    left === undefined ? undefined : setTimeout(() => stop.abort(PAST_DEADLINE), Math.max(0, left));
  try {
    await wait(ms, stop.signal);
    // Awaited here, so that an `acquire` that throws rejects the wait instead of throwing in a timer.
    await pace.acquire(stop.signal);
  } catch (error) {
    if (!stop.signal.aborted) throw error;
  } finally {
    clearTimeout(deadline);
    signal?.removeEventListener('abort', abort);
  }
  if (!stop.signal.aborted) return;
  if (stop.signal.reason === PAST_DEADLINE) return new Promise<void>(() => undefined);
  throw stop.signal.reason;
}
