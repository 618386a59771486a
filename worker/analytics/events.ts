import { env } from "cloudflare:workers";
import { and, eq, gte, sql } from "drizzle-orm";
import { routePatternOf } from "~/shared/routes";
import {
  type AnalyticsEvent,
  type AnalyticsSummary,
  WEB_VITAL_NAMES,
  type WebVitalName,
} from "~/shared/schemas/analytics";
import { createDb } from "../db/client";
import { analyticsEvents } from "../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;
/** D1's 100 bound values per statement, over the 6 an event's row binds. */
const ROWS_PER_STATEMENT = 16;

/**
 * Stores events: a route pattern, a metric, a value and the time. No address, user, cookie or id:
 * the path becomes its route pattern here, whatever the page sent.
 */
export async function recordEvents(events: AnalyticsEvent[], now = new Date()): Promise<void> {
  const rows = events.map((event) =>
    event.type === "page_view"
      ? { type: event.type, path: routePatternOf(event.path), createdAt: now }
      : {
          type: event.type,
          path: routePatternOf(event.path),
          name: event.name,
          value: event.value,
          category: event.category,
          createdAt: now,
        },
  );
  const db = createDb(env.DB);
  // D1 binds at most 100 values per statement and a row binds 6: a full batch (20 events) is
  // written as a few statements, in one round trip.
  const statements = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    statements.push(db.insert(analyticsEvents).values(rows.slice(start, start + ROWS_PER_STATEMENT)));
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The 75th percentile: the value three quarters of visits are at or under (web.dev's measure). */
export function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.75) - 1)] ?? 0;
}

/** Page views per day and per path, and each web vital's p75 per day, over the last `days` days. */
export async function summarize(days = 30, now = new Date()): Promise<AnalyticsSummary> {
  const db = createDb(env.DB);
  const since = new Date(now.getTime() - days * DAY_MS);
  const day = sql<string>`strftime('%Y-%m-%d', ${analyticsEvents.createdAt} / 1000, 'unixepoch')`;
  const views = and(eq(analyticsEvents.type, "page_view"), gte(analyticsEvents.createdAt, since));
  const [perDay, perPath, vitalRows] = await Promise.all([
    db.select({ day, views: sql<number>`count(*)` }).from(analyticsEvents).where(views).groupBy(day).orderBy(day),
    db
      .select({ path: analyticsEvents.path, views: sql<number>`count(*)` })
      .from(analyticsEvents)
      .where(views)
      .groupBy(analyticsEvents.path)
      .orderBy(sql`count(*) desc`, analyticsEvents.path)
      .limit(20),
    db
      .select({ name: analyticsEvents.name, value: analyticsEvents.value, createdAt: analyticsEvents.createdAt })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.type, "web_vital"), gte(analyticsEvents.createdAt, since))),
  ]);

  const samples = new Map<string, number[]>();
  for (const row of vitalRows) {
    if (row.value === null || !WEB_VITAL_NAMES.includes(row.name as WebVitalName)) continue;
    const key = `${row.name}|${dayOf(row.createdAt)}`;
    samples.set(key, [...(samples.get(key) ?? []), row.value]);
  }
  const vitals = WEB_VITAL_NAMES.map((name) => ({
    name,
    points: [...samples.entries()]
      .filter(([key]) => key.startsWith(`${name}|`))
      .map(([key, values]) => ({ day: key.slice(name.length + 1), p75: p75(values), samples: values.length }))
      .sort((a, b) => a.day.localeCompare(b.day)),
  }));
  return { days, pageViewsPerDay: perDay, pageViewsPerPath: perPath, vitals };
}
