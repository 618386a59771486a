/**
 * A module on every page (scripts/page-scripts-plugin.ts builds it): web vitals, and the page views
 * of a hydrated page's client-side route changes, to /api/events (app/lib/analytics-sink.ts).
 */
import { startAnalytics } from "~/lib/analytics-sink";

startAnalytics();
