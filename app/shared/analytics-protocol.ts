/**
 * The plain values of the analytics protocol. They live apart from its zod schema
 * (app/schemas/analytics.ts) so that the analytics sink, which every page loads, never pulls the
 * validation library into the landing page: only the server validates events.
 */

/** The web vitals recorded (spec section 7; FID is retired, INP replaces it). */
export const WEB_VITAL_NAMES = ["CLS", "INP", "FCP", "LCP", "TTFB"] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];
export const WEB_VITALS_CATEGORY = "Web Vitals";

/** A body larger than this is refused before it is read. */
export const MAX_EVENTS_BODY_BYTES = 8 * 1024;
export const MAX_EVENTS_PER_BODY = 20;
