import type { WebVitalName } from "~/shared/analytics-protocol";

/**
 * The published thresholds of each web vital (web.dev, "Web Vitals"): at or under `good` is good,
 * over `poor` is poor, between needs improvement. Milliseconds, except CLS (a unitless score).
 * The admin dashboard draws them on each chart.
 */
export const WEB_VITAL_THRESHOLDS: Record<WebVitalName, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

/** At most `digits` decimals, without trailing zeros: 0.05, 2.5, 4. */
function trimmed(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

/** A vital's value as people read it: CLS as a score, times in ms below a second, else in s. */
export function formatVital(name: WebVitalName, value: number): string {
  if (name === "CLS") return trimmed(value, 3);
  return value < 1000 ? `${Math.round(value)} ms` : `${trimmed(value / 1000, 2)} s`;
}

export const THRESHOLD_TEXTS = {
  good: (value: string) => `good ≤ ${value}`,
  poor: (value: string) => `poor > ${value}`,
  /** What the chart's text alternative says about its lines. */
  summary: (good: string, poor: string) => `Good up to ${good}, poor above ${poor}.`,
} as const;
