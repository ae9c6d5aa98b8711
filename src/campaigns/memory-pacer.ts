// The pacer of one process: a gate that a 429's Retry-After closes for everyone, and, when a rate
// is given, a token bucket in the GCRA form (one "next free slot" time), which hands each caller a
// slot instead of making it poll.
import { ConfigurationError } from '../core/errors.js';
import { Gate } from './pool.js';
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

/** Waits `ms` on the timers; rejects with the signal's reason if it fires first. */
export function wait(ms: number, signal: AbortSignal | undefined): Promise<void> | undefined {
  const timer = new Gate();
  timer.closeFor(ms);
  return timer.wait(signal);
}

/** @internal memoryPacer over a given interval (ms between sends; 0: no limit). */
export function localPacer(interval: number): LocalPacer {
  const gate = new Gate();
  let next = 0; // the next free slot, ms since the epoch
  const acquire = (signal?: AbortSignal): Promise<void> | undefined => {
    const held = gate.wait(signal);
    if (held !== undefined) return held.then(() => acquire(signal));
    if (interval === 0) return undefined;
    const now = Date.now();
    const slot = Math.max(next, now);
    next = slot + interval;
    if (slot <= now) return undefined;
    // A hold that arrived while this caller waited for its slot still applies.
    return wait(slot - now, signal)?.then(() => (gate.remaining() > 0 ? acquire(signal) : undefined));
  };
  return { gate, acquire, hold: (ms) => gate.closeFor(ms) };
}

/**
 * Paces the requests of one process: a 429's `Retry-After` holds every request that shares this
 * pacer (retries included) until it has passed, and `maxPerSecond` spaces them evenly. What
 * `createMany` uses when given no pacer (a new one per call); share one between calls
 * to share the pace. For several processes, use `redisPacer`.
 *
 * @example
 * const pacer = memoryPacer({ maxPerSecond: 50 });
 * for await (const r of createMany(client, rows, { pacer })) { … }
 */
export function memoryPacer(options: MemoryPacerOptions = {}): Pacer {
  const { gate: _gate, ...pacer } = localPacer(intervalOf(options.maxPerSecond, 'memoryPacer'));
  return pacer;
}
