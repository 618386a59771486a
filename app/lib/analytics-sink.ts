import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import { onPageView } from "~/lib/analytics";
import { MAX_EVENTS_PER_BODY, WEB_VITALS_CATEGORY, type WebVitalName } from "~/shared/analytics-protocol";
import { routePatternOf } from "~/shared/routes";
// A type only: the schema itself (and zod with it) stays on the server.
import type { AnalyticsEvent } from "~/shared/schemas/analytics";

/** Events wait this long to travel together; leaving the page sends them at once. */
const BATCH_DELAY_MS = 1000;

const batch: AnalyticsEvent[] = [];
let timer: number | undefined;
let started = false;

function flush() {
  window.clearTimeout(timer);
  timer = undefined;
  while (batch.length > 0) {
    const body = JSON.stringify({ events: batch.splice(0, MAX_EVENTS_PER_BODY) });
    // sendBeacon survives the page closing; where it refuses, a keepalive fetch does the same.
    if (!navigator.sendBeacon?.("/api/events", body)) {
      fetch("/api/events", { method: "POST", body, keepalive: true }).catch(() => {});
    }
  }
}

function queue(event: AnalyticsEvent) {
  batch.push(event);
  timer ??= window.setTimeout(flush, BATCH_DELAY_MS);
}

/**
 * First-party, anonymous analytics (spec section 7), started on every page by its analytics script
 * (app/page-scripts/page-analytics.ts): the web vitals, and a page view per client-side route change
 * of a hydrated page (the server counts each document itself), posted to /api/events. Route patterns
 * only (no query, no id), no user id, no cookie of its own.
 */
export function startAnalytics() {
  if (started) return;
  started = true;
  // Route patterns, never ids, leave the browser (the server makes sure of it again).
  onPageView(({ path }) => queue({ type: "page_view", path: routePatternOf(path) }));
  const report = (metric: Metric) =>
    queue({
      type: "web_vital",
      path: routePatternOf(window.location.pathname),
      name: metric.name as WebVitalName,
      value: Math.max(0, metric.value),
      category: WEB_VITALS_CATEGORY,
    });
  onCLS(report);
  onFCP(report);
  onINP(report);
  onLCP(report);
  onTTFB(report);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  window.addEventListener("pagehide", flush);
}
