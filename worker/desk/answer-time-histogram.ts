import { EXACT_ANSWER_TIMES_MS, LONG_ANSWER_TIME_ERROR } from "~/shared/desk-operations";

/**
 * Counts per bucket, so an hour is one row and a period's percentiles come from the sum of its hours. Up to
 * EXACT_ANSWER_TIMES_MS a bucket is one second as the figures round it; past it buckets are log-spaced, each within
 * LONG_ANSWER_TIME_ERROR of every time in it (as web vitals are kept), and the page marks such a figure approximate.
 */
const SECOND = 1000;
const EXACT_SECONDS = EXACT_ANSWER_TIMES_MS / SECOND;
const LOG_START = (EXACT_SECONDS + 0.5) * SECOND;
const GROWTH = (1 + LONG_ANSWER_TIME_ERROR) / (1 - LONG_ANSWER_TIME_ERROR);
const LOG_GROWTH = Math.log(GROWTH);

export function answerTimeBucket(ms: number): number {
  if (ms < SECOND) return 0;
  const seconds = Math.round(ms / SECOND);
  if (seconds <= EXACT_SECONDS) return seconds;
  return EXACT_SECONDS + Math.max(1, Math.ceil(Math.log(ms / LOG_START) / LOG_GROWTH));
}

export function answerTimeOf(bucket: number): number {
  if (bucket <= EXACT_SECONDS) return bucket * SECOND;
  return (2 * LOG_START * GROWTH ** (bucket - EXACT_SECONDS)) / (1 + GROWTH);
}

/** JSON: bucket → count. */
export type AnswerTimes = Map<number, number>;

/** {} if unreadable. */
export function parseCounts(json: string | null): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(json ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function addAnswerTimes(into: AnswerTimes, json: string | null): void {
  for (const [bucket, count] of Object.entries(parseCounts(json))) {
    const key = Number(bucket);
    if (Number.isInteger(key) && typeof count === "number") into.set(key, (into.get(key) ?? 0) + count);
  }
}

/** Nearest rank, as `nearestRank` reads it from the times themselves (null: none counted). */
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
