// How the mock counts segments and prices messages. The reference gives only "1 segment = 160
// characters" and "cost in the account currency"; the rest is the mock's documented choice.
import { codePoints } from './validation.js';

/** Characters per segment, as the reference states it (Limits). */
export const SEGMENT_LENGTH = 160;
/** The mock's price of one segment, in the account currency. */
export const PRICE_PER_SEGMENT = 0.05;

/**
 * Segments of a text: one per started 160 characters (code points). Real carriers use 153 per
 * part once a text is split, and 70 for non-GSM alphabets; the mock keeps the reference's rule.
 *
 * @example segmentsOf('x'.repeat(161)) // 2
 */
export function segmentsOf(text: string): number {
  return Math.max(1, Math.ceil(codePoints(text) / SEGMENT_LENGTH));
}

/** The cost of `segments` segments, rounded to 4 decimals so sums stay exact in tests. */
export function costOf(segments: number): number {
  return round(segments * PRICE_PER_SEGMENT);
}

/** Rounds to 4 decimals. */
export function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
