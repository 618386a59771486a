/**
 * Web vitals are kept as histograms, not samples: each value is counted in a log-spaced
 * bucket, so a day's p75 comes from aggregates that add up across shards and flushes.
 *
 * The bound: bucket k ≥ 1 holds the values in (S·γ^(k-1), S·γ^k], with S = SMALLEST_TRACKED and
 * γ = (1 + α) / (1 − α), and stands for 2·S·γ^k / (1 + γ), which is within α = VITAL_RELATIVE_ERROR
 * of every value in it. A percentile read from the buckets is the stand-in of the bucket holding
 * the true percentile sample, so it is within α (1%) of the percentile of the samples themselves.
 * Values at or under S (a CLS of 0.0001; no timing is that small) are bucket 0 and read as 0.
 *
 * migrations/0007_analytics_aggregates.sql repeats `bucketOf` in SQL for the events it folded in.
 */
export const VITAL_RELATIVE_ERROR = 0.01;
export const SMALLEST_TRACKED = 0.0001;
/** Each bucket's upper bound over its lower bound. */
const GROWTH = (1 + VITAL_RELATIVE_ERROR) / (1 - VITAL_RELATIVE_ERROR);
const LOG_GROWTH = Math.log(GROWTH);

/** The bucket a measurement is counted in (0 to about 1,130 over the range a vital may take). */
export function bucketOf(value: number): number {
  if (value <= SMALLEST_TRACKED) return 0;
  return Math.ceil(Math.log(value / SMALLEST_TRACKED) / LOG_GROWTH);
}

/** The value a bucket stands for: within VITAL_RELATIVE_ERROR of every value counted in it. */
export function bucketValue(bucket: number): number {
  if (bucket <= 0) return 0;
  return (2 * SMALLEST_TRACKED * GROWTH ** bucket) / (1 + GROWTH);
}

/** Counts per bucket. */
export type Histogram = Map<number, number>;

export function addToHistogram(histogram: Histogram, bucket: number, count: number): void {
  histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
}

/**
 * The 75th percentile: the value three quarters of visits are at or under (web.dev's measure), as
 * the ⌈0.75·n⌉-th smallest sample, read from the buckets. 0 for no samples.
 */
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
