/**
 * Round labels a reader takes in at once; durations get steps of their own, since 4,000,000 ms is
 * round but '1 h 7 min' is not.
 */

const NICE_STEPS = [1, 2, 2.5, 3, 4, 5, 6, 8, 10];

/** So a CLS of 0.05 gets an axis of 0.05, not 1. */
export function niceAxisMax(values: number[], { integer = false }: { integer?: boolean } = {}): number {
  const top = Math.max(0, ...values);
  if (!(top > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(top));
  const step = NICE_STEPS.find((s) => s * magnitude >= top * (1 - 1e-9)) ?? 10;
  // 3 × 0.1 is 0.3 on the axis, not 0.30000000000000004.
  const nice = Number((step * magnitude).toPrecision(12));
  return integer ? Math.max(1, Math.ceil(nice)) : nice;
}

export function niceCountAxisMax(values: number[]): number {
  return niceAxisMax(values, { integer: true });
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Halves are round too (the middle label). */
const DURATION_STEPS = [
  10 * SECOND,
  20 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  4 * MINUTE,
  6 * MINUTE,
  10 * MINUTE,
  20 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  4 * DAY,
  10 * DAY,
  20 * DAY,
];

/** Beyond the steps, whole even days. */
export function niceDurationAxisMax(values: number[]): number {
  const top = Math.max(0, ...values);
  const step = DURATION_STEPS.find((s) => s >= top);
  return step ?? Math.ceil(top / (2 * DAY)) * 2 * DAY;
}
