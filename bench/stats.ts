// Small statistics and formatting helpers shared by the bench sections.

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0
    ? Number.NaN
    : s.length % 2 === 1
      ? (s[mid] as number)
      : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** Triggers a full GC when the process runs with --expose-gc. */
export const gc = (): void => {
  (globalThis as { gc?: () => void }).gc?.();
};

export const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const ratio = (n: number): string => `${n.toFixed(2)}×`;
export const verdict = (met: boolean): string => (met ? '**met**' : '**missed**');

/**
 * Runs each measurement once per round, alternating which goes first so drift (thermal, GC,
 * the other process) hits all alike. Returns every sample, by measurement, in round order.
 */
export async function interleaved<K extends string, T>(
  rounds: number,
  measurements: Record<K, () => Promise<T>>,
): Promise<Record<K, T[]>> {
  const keys = Object.keys(measurements) as K[];
  const out = Object.fromEntries(keys.map((k) => [k, [] as T[]])) as Record<K, T[]>;
  for (let r = 0; r < rounds; r++) {
    for (const k of r % 2 === 0 ? keys : [...keys].reverse()) out[k].push(await measurements[k]());
  }
  return out;
}

/** Median of the per-round ratios a[i] / b[i]. */
export const medianRatio = (a: readonly number[], b: readonly number[]): number =>
  median(a.map((x, i) => x / (b[i] as number)));

/** CPU time of this process spent in `run`, microseconds, after a collection (gc() when exposed). */
export const cpuUs = async (run: () => Promise<void>): Promise<number> => {
  gc();
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return used.user + used.system;
};
