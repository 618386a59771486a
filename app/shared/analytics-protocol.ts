/** Apart from the zod schema, so the sink every page loads never pulls the validation library into the landing page. */

/** Spec section 7; INP replaces the retired FID. */
export const WEB_VITAL_NAMES = ["CLS", "INP", "FCP", "LCP", "TTFB"] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];
export const WEB_VITALS_CATEGORY = "Web Vitals";

export const MAX_EVENTS_BODY_BYTES = 8 * 1024;
export const MAX_EVENTS_PER_BODY = 20;
