// The pacer of one process: a gate that a 429's Retry-After closes for everyone, and, when a rate
// is given, a token bucket in the GCRA form (one "next free slot" time), which hands each caller a
// slot instead of making it poll. A slot is a promise about one moment: a process that stalls (a
// garbage collection, a busy core) wakes late with many slots due at once, and sending on all of
// them would bunch the sends past the rate. So a slot used late is not used (its caller takes a new
// one, once), and a log of the last second's sends lets no more than the rate go in any second.
// Every wait is on a monotonic clock (gate.ts).
import { ConfigurationError } from '../core/errors.js';
import { checkedHold, Gate, monotonic, wait } from './gate.js';
import type { Pacer } from './pacer.js';

/** Options of `memoryPacer`. */
export interface MemoryPacerOptions {
  /** Most requests per second this process sends, retries included. @default no limit */
  maxPerSecond?: number | undefined;
}

/** @internal A memory pacer with its gate exposed, for redisPacer's local mirror and fallback. */
export interface LocalPacer extends Pacer {
  /** Closed by every hold. */
  readonly gate: Gate;
}

/** Checks a rate option; returns the interval between sends in ms (0: no limit). */
export function intervalOf(maxPerSecond: unknown, who: string): number {
  if (maxPerSecond === undefined) return 0;
  if (typeof maxPerSecond !== 'number' || !(maxPerSecond > 0) || !Number.isFinite(maxPerSecond))
    throw new ConfigurationError(
      `${who}: maxPerSecond must be a positive number, e.g. 200 (got ${String(maxPerSecond)}).`,
      'maxPerSecond',
    );
  return 1000 / maxPerSecond;
}

/** The most sends the log keeps (80 KB); a faster rate is kept over a shorter span. */
const LOG_MAX = 10_000;

/** A slot used more than this late (and more than one interval late) is not used. */
const LATE_MS = 10;

/**
 * The times of the last sends, so that no span of one second (on the monotonic clock) lets more
 * than the rate go. A rate under 1 a second keeps one send a second; one over LOG_MAX a second
 * keeps LOG_MAX sends over the span they take at that rate.
 */
class SendLog {
  readonly #times: Float64Array;
  readonly #span: number;
  #at = 0;

  constructor(perSecond: number) {
    const size = Math.max(1, Math.min(LOG_MAX, Math.floor(perSecond)));
    this.#times = new Float64Array(size).fill(-Infinity);
    this.#span = perSecond > LOG_MAX ? (1000 * LOG_MAX) / perSecond : 1000;
  }

  /** Milliseconds from `now` until one more send fits (0: it fits now). */
  full(now: number): number {
    return Math.max(0, (this.#times[this.#at] ?? -Infinity) + this.#span - now);
  }

  /** Records a send at `now`. */
  record(now: number): void {
    this.#times[this.#at] = now;
    this.#at = (this.#at + 1) % this.#times.length;
  }
}

/** @internal memoryPacer over a given interval (ms between sends; 0: no limit), held by `gate`. */
export function localPacer(interval: number, who = 'memoryPacer', gate = new Gate()): LocalPacer {
  const log = interval === 0 ? undefined : new SendLog(1000 / interval);
  const late = Math.max(LATE_MS, interval);
  let next = 0; // the next free slot, on the monotonic clock

  const acquire = (signal?: AbortSignal, retaken = false): Promise<void> | undefined => {
    const held = gate.wait(signal);
    if (held !== undefined) return held.then(() => acquire(signal, retaken));
    if (log === undefined) return undefined;
    const now = monotonic();
    const slot = Math.max(next, now + log.full(now));
    next = slot + interval;
    if (slot <= now) {
      log.record(now);
      return undefined;
    }
    return wait(slot - now, signal)?.then(() => use(slot, signal, retaken));
  };

  // The slot came: a hold that arrived meanwhile still applies, a slot used late is given up for a
  // new one (once, so a process that is always late still sends), and the log has the last word.
  const use = (
    slot: number,
    signal: AbortSignal | undefined,
    retaken: boolean,
  ): Promise<void> | undefined => {
    const now = monotonic();
    if (gate.remaining() > 0 || (!retaken && now - slot > late)) return acquire(signal, true);
    const full = log?.full(now) ?? 0;
    if (full > 0) return wait(full, signal)?.then(() => use(monotonic(), signal, true));
    log?.record(now);
    return undefined;
  };

  return {
    gate,
    acquire: (signal) => acquire(signal),
    hold: (ms) => {
      const checked = checkedHold(ms, who);
      if (typeof checked !== 'number') return Promise.reject(checked);
      gate.closeFor(checked);
    },
  };
}

/**
 * Paces the requests of one process: a 429's `Retry-After` holds every request that shares this
 * pacer (retries included) until it has passed (at most 60 s), and `maxPerSecond` spaces them
 * evenly, with no more than `maxPerSecond` in any second even after the process stalled. What
 * `createMany` uses when given no pacer (a new one per call); share one between calls to share
 * the pace. For several processes, use `redisPacer`.
 *
 * @example
 * const pacer = memoryPacer({ maxPerSecond: 50 });
 * for await (const r of createMany(client, rows, { pacer })) { … }
 */
export function memoryPacer(options: MemoryPacerOptions = {}): Pacer {
  const { gate: _gate, ...pacer } = localPacer(intervalOf(options.maxPerSecond, 'memoryPacer'));
  return pacer;
}
