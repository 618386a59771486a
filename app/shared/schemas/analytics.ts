import {
  MAX_EVENTS_BODY_BYTES,
  MAX_EVENTS_PER_BODY,
  WEB_VITAL_NAMES,
  WEB_VITALS_CATEGORY,
  type WebVitalName,
} from "~/shared/analytics-protocol";
import { z } from "./zod";

export { MAX_EVENTS_BODY_BYTES, MAX_EVENTS_PER_BODY, WEB_VITAL_NAMES, WEB_VITALS_CATEGORY, type WebVitalName };

/** No query or fragment, which could carry search terms or receipt numbers. */
const PathSchema = z
  .string()
  .max(300)
  .regex(/^\/[^?#\s]*$/);

const AnalyticsEventSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("page_view"), path: PathSchema }),
  z.strictObject({
    type: z.literal("web_vital"),
    path: PathSchema,
    name: z.enum(WEB_VITAL_NAMES),
    value: z.number().min(0).max(600_000),
    category: z.literal(WEB_VITALS_CATEGORY),
  }),
]);
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

/** sendBeacon batches them. */
export const AnalyticsBatchSchema = z.strictObject({
  events: z.array(AnalyticsEventSchema).min(1).max(MAX_EVENTS_PER_BODY),
});

export type AnalyticsSummary = {
  days: number;
  pageViewsPerDay: { day: string; views: number }[];
  pageViewsPerPath: { path: string; views: number }[];
  vitals: { name: WebVitalName; points: { day: string; p75: number; samples: number }[] }[];
};
