/**
 * Log-spaced buckets, so a day's p75 comes from aggregates that add up across shards and flushes:
 * bucket k ≥ 1 holds (S·γ^(k-1), S·γ^k], γ = (1 + α) / (1 − α), and its stand-in 2·S·γ^k / (1 + γ)
 * is within α of every value in it. Values at or under S are bucket 0, read as 0.
 * migrations/0007_analytics_aggregates.sql repeats `bucketOf` in SQL.
 */
export const VITAL_RELATIVE_ERROR = 0.01;
export const SMALLEST_TRACKED = 0.0001;
const GROWTH = (1 + VITAL_RELATIVE_ERROR) / (1 - VITAL_RELATIVE_ERROR);
const LOG_GROWTH = Math.log(GROWTH);

export function bucketOf(value: number): number {
  if (value <= SMALLEST_TRACKED) return 0;
  return Math.ceil(Math.log(value / SMALLEST_TRACKED) / LOG_GROWTH);
}

export function bucketValue(bucket: number): number {
  if (bucket <= 0) return 0;
  return (2 * SMALLEST_TRACKED * GROWTH ** bucket) / (1 + GROWTH);
}

export type Histogram = Map<number, number>;

export function addToHistogram(histogram: Histogram, bucket: number, count: number): void {
  histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
}

/** web.dev's measure: the ⌈0.75·n⌉-th smallest sample; 0 for none. */
export function p75Of(histogram: Histogram): number {
  const samples = samplesIn(histogram);
  const rank = Math.max(1, Math.ceil(samples * 0.75));
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket) ?? 0;
    if (seen >= rank) return bucketValue(bucket);
  }
  return 0;
}

export function samplesIn(histogram: Histogram): number {
  let samples = 0;
  for (const count of histogram.values()) samples += count;
  return samples;
}
