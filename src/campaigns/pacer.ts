// What a pacer is, and how the batch helpers (createMany, createAll) put one in front
// of every attempt of every request: through the call's channel (internal/channel.ts), the call
// waits for the pacer in ky hooks of its own (before each attempt, retries included, and outside
// the attempt's timeout), and its response observer tells the pacer about each 429 that names a wait.
import type { CallChannel } from '../internal/channel.js';
import { invalidOption } from '../internal/settings.js';
import { parseRetryAfter, RETRY_AFTER_CAP_MS } from '../internal/retry.js';

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
 * pacer open.
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
  return { observe, pace: { acquire: (signal) => pacer.acquire(signal), retriesOnly } };
}
