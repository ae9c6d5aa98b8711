// What every pacer waits on: a monotonic clock (a step of the wall clock, by NTP or by hand, neither
// shortens nor stretches a wait), the gate that a 429's Retry-After closes, and the one check of a
// duration, so that no wait is ever unbounded, negative or past what a timer can hold.
import { ValidationError } from '../core/client-errors.js';
import { RETRY_AFTER_CAP_MS } from '../internal/retry.js';

/** The longest hold or wait a pacer keeps (ms): what a 429's `Retry-After` is capped at. */
export const HOLD_CAP_MS = RETRY_AFTER_CAP_MS;

/** The longest delay a timer takes without firing at once (2^31 - 1 ms). */
const TIMER_MAX_MS = 2 ** 31 - 1;

/** Milliseconds on a clock that only moves forward, for local waits. */
export const monotonic = (): number => performance.now();

/**
 * A duration given by code (`pacer.hold(ms)`), capped at `HOLD_CAP_MS` as a 429's wait is: any
 * finite number from 0 up (a hostile `Retry-After` of years holds for 60 s, no longer); a
 * ValidationError, returned for the pacer to reject with, for anything else (negative, NaN,
 * Infinity, not a number). Returned, not thrown: `hold()` refuses as a rejection, so a caller's
 * `.catch()` sees it.
 */
export function checkedHold(ms: unknown, who: string): number | ValidationError {
  if (typeof ms !== 'number' || !(ms >= 0) || !Number.isFinite(ms)) {
    const problem = `must be a finite number of milliseconds from 0 up (got ${typeof ms === 'number' ? String(ms) : typeof ms})`;
    return new ValidationError(
      `${who}.hold(ms): ms ${problem}; pass the wait a 429 named, e.g. 1000 (holds are capped at ${HOLD_CAP_MS / 1000} s).`,
      [{ path: ['ms'], message: problem }],
    );
  }
  return Math.min(ms, HOLD_CAP_MS);
}

/**
 * A duration from outside the process (a Redis answer): `undefined` unless a finite number from
 * 0 up, capped at `HOLD_CAP_MS`. A caller treats `undefined` as an answer it does not understand.
 */
export function serviceDuration(ms: unknown): number | undefined {
  if (typeof ms !== 'number' || !(ms >= 0) || !Number.isFinite(ms)) return undefined;
  return Math.min(ms, HOLD_CAP_MS);
}

/**
 * Pauses every sender of a pacer until a time the service named (a 429's `Retry-After`): one
 * sender being told to wait means the others would be told the same.
 */
export class Gate {
  #until = 0;

  /** Keeps the gate closed for at least `ms` from now (a checked duration: see checkedHold). */
  closeFor(ms: number): void {
    // NaN would keep the gate's timer firing every millisecond; a caller checks first, this is a floor.
    if (!(ms > 0)) return;
    this.#until = Math.max(this.#until, monotonic() + ms);
  }

  /** Milliseconds until the gate opens; 0 when open. */
  remaining(): number {
    // Never closed: no clock read, as every send of a batch asks.
    return this.#until === 0 ? 0 : Math.max(0, this.#until - monotonic());
  }

  /**
   * Resolves once the gate is open, rejecting with the signal's reason if it fires first; nothing
   * (no promise) while it is open, so the common case costs nothing.
   */
  wait(signal: AbortSignal | undefined): Promise<void> | undefined {
    if (this.remaining() === 0) return undefined;
    return new Promise<void>((resolve, reject) => {
      const check = () => {
        const ms = this.remaining();
        if (ms === 0) {
          signal?.removeEventListener('abort', abort);
          return resolve();
        }
        timer = setTimeout(check, Math.min(ms, TIMER_MAX_MS));
      };
      const abort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      let timer = setTimeout(check, Math.min(this.remaining(), TIMER_MAX_MS));
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
    });
  }
}

/** Waits `ms` on the timers; rejects with the signal's reason if it fires first. */
export function wait(ms: number, signal: AbortSignal | undefined): Promise<void> | undefined {
  const timer = new Gate();
  timer.closeFor(ms);
  return timer.wait(signal);
}
