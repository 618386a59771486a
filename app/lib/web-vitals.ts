import type { WebVitalName } from "~/shared/analytics-protocol";

/** web.dev, "Web Vitals"; milliseconds except CLS. */
export const WEB_VITAL_THRESHOLDS: Record<WebVitalName, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

function trimmed(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

export function formatVital(name: WebVitalName, value: number): string {
  if (name === "CLS") return trimmed(value, 3);
  return value < 1000 ? `${Math.round(value)} ms` : `${trimmed(value / 1000, 2)} s`;
}

export const THRESHOLD_TEXTS = {
  good: (value: string) => `good ≤ ${value}`,
  poor: (value: string) => `poor > ${value}`,
  summary: (good: string, poor: string) => `Good up to ${good}, poor above ${poor}.`,
} as const;
