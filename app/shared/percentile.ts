/**
 * The nearest-rank percentile: the smallest value with at least `p` (0 to 1) of the values at or
 * below it; always one of the values, never an interpolation (null: no values). The desk's figures
 * and the benchmarks that check them compute it the same way.
 */
export function nearestRank(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? null;
}
