/**
 * The top of a chart's value axis, chosen so that its labels (the top and the middle) are round
 * numbers a reader takes in at once: for the analytics charts (app/components/admin/bar-chart.tsx)
 * and the desk's hourly chart alike. Durations get steps of their own, because 4,000,000 ms is a
 * round number but '1 h 7 min' is not.
 */

const NICE_STEPS = [1, 2, 2.5, 3, 4, 5, 6, 8, 10];

/**
 * The smallest round number (1, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten) at or above every
 * value, so a CLS of 0.05 gets an axis of 0.05, not 1; with `integer`, the smallest whole one (at
 * least 1), for values that are counts.
 */
export function niceAxisMax(values: number[], { integer = false }: { integer?: boolean } = {}): number {
  const top = Math.max(0, ...values);
  if (!(top > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(top));
  const step = NICE_STEPS.find((s) => s * magnitude >= top * (1 - 1e-9)) ?? 10;
  // toPrecision drops the float's tail: 3 × 0.1 is 0.3 on the axis, not 0.30000000000000004.
  const nice = Number((step * magnitude).toPrecision(12));
  return integer ? Math.max(1, Math.ceil(nice)) : nice;
}

/** The smallest whole round number at or above every count. */
export function niceCountAxisMax(values: number[]): number {
  return niceAxisMax(values, { integer: true });
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Axis tops whose halves are round too (the middle label): 30 s over 15 s, 4 min over 2 min. */
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

/** The smallest round duration at or above every value (ms); beyond the steps, whole even days. */
export function niceDurationAxisMax(values: number[]): number {
  const top = Math.max(0, ...values);
  const step = DURATION_STEPS.find((s) => s >= top);
  return step ?? Math.ceil(top / (2 * DAY)) * 2 * DAY;
}
