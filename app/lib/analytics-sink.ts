import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import { onPageView } from "~/lib/analytics";
import { MAX_EVENTS_PER_BODY, WEB_VITALS_CATEGORY, type WebVitalName } from "~/shared/analytics-protocol";
import { routePatternOf } from "~/shared/routes";
// A type only: zod stays on the server.
import type { AnalyticsEvent } from "~/shared/schemas/analytics";

/** Leaving the page sends them at once. */
const BATCH_DELAY_MS = 1000;

const batch: AnalyticsEvent[] = [];
let timer: number | undefined;
let started = false;

function flush() {
  window.clearTimeout(timer);
  timer = undefined;
  while (batch.length > 0) {
    const body = JSON.stringify({ events: batch.splice(0, MAX_EVENTS_PER_BODY) });
    // sendBeacon survives the page closing; a keepalive fetch where it refuses.
    if (!navigator.sendBeacon?.("/api/events", body)) {
      fetch("/api/events", { method: "POST", body, keepalive: true }).catch(() => {});
    }
  }
}

function queue(event: AnalyticsEvent) {
  batch.push(event);
  timer ??= window.setTimeout(flush, BATCH_DELAY_MS);
}

/** Spec section 7. The server counts each document itself; route patterns only, no user id, no cookie of its own. */
export function startAnalytics() {
  if (started) return;
  started = true;
  // The server makes sure of it again.
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
