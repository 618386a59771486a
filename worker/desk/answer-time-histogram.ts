import { EXACT_ANSWER_TIMES_MS, LONG_ANSWER_TIME_ERROR } from "~/shared/desk-operations";

/**
 * Times to answer kept as counts per bucket, so an hour's openings are one row whatever their
 * number, and a period's percentiles are read from the sum of its hours.
 *
 * Up to EXACT_ANSWER_TIMES_MS a bucket is one second as the figures show it (under 1 s, then each
 * second, rounded as `formatDuration` rounds): a percentile read there is what the openings' own
 * percentile shows. Past it the buckets are log-spaced: bucket k holds (S·γ^(k−1), S·γ^k] past
 * S = the first time not shown as the last exact second, and stands for 2·S·γ^k / (1 + γ), within
 * LONG_ANSWER_TIME_ERROR of every time in it (as web vitals are kept), so about 950 buckets reach a
 * week (an hour's row holds only those its openings used). The page marks such a figure as approximate.
 */
const SECOND = 1000;
const EXACT_SECONDS = EXACT_ANSWER_TIMES_MS / SECOND;
const LOG_START = (EXACT_SECONDS + 0.5) * SECOND;
const GROWTH = (1 + LONG_ANSWER_TIME_ERROR) / (1 - LONG_ANSWER_TIME_ERROR);
const LOG_GROWTH = Math.log(GROWTH);

/** The bucket a time to answer (ms) is counted in. */
export function answerTimeBucket(ms: number): number {
  if (ms < SECOND) return 0;
  const seconds = Math.round(ms / SECOND);
  if (seconds <= EXACT_SECONDS) return seconds;
  return EXACT_SECONDS + Math.max(1, Math.ceil(Math.log(ms / LOG_START) / LOG_GROWTH));
}

/** The time (ms) a bucket stands for: its second, or within LONG_ANSWER_TIME_ERROR past the exact range. */
export function answerTimeOf(bucket: number): number {
  if (bucket <= EXACT_SECONDS) return bucket * SECOND;
  return (2 * LOG_START * GROWTH ** (bucket - EXACT_SECONDS)) / (1 + GROWTH);
}

/** Counts per bucket, as a row keeps them (JSON: bucket → count). */
export type AnswerTimes = Map<number, number>;

/** Counts kept as a JSON object in a row (a bucket or a name → its count); {} if unreadable. */
export function parseCounts(json: string | null): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(json ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Adds a row's counts (its JSON) to `into`. */
export function addAnswerTimes(into: AnswerTimes, json: string | null): void {
  for (const [bucket, count] of Object.entries(parseCounts(json))) {
    const key = Number(bucket);
    if (Number.isInteger(key) && typeof count === "number") into.set(key, (into.get(key) ?? 0) + count);
  }
}

/**
 * The nearest-rank percentile (`p` 0 to 1) of the counted times, as `nearestRank` reads it from the
 * times themselves: the bucket holding the ⌈p·n⌉-th smallest, as its time (null: none counted).
 */
export function answerTimePercentile(times: AnswerTimes, p: number): number | null {
  let total = 0;
  for (const count of times.values()) total += count;
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const bucket of [...times.keys()].sort((a, b) => a - b)) {
    seen += times.get(bucket) ?? 0;
    if (seen >= rank) return answerTimeOf(bucket);
  }
  return null;
}
