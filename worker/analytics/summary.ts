import { env } from "cloudflare:workers";
import { POLICY } from "~/shared/legal";
import { type AnalyticsSummary, WEB_VITAL_NAMES, type WebVitalName } from "~/shared/schemas/analytics";
import { analyticsShard } from "../objects/shard-service";
import { firstDayWithin, isoDay } from "./analytics-days";
import { ANALYTICS_SHARDS } from "./shard-routing";
import { addToHistogram, type Histogram, p75Of, samplesIn } from "./vital-histogram";

const TOP_PATHS = 20;

/** As SQLite's binary collation, so D1's ranking and this one agree on ties. */
const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** D1's aggregates plus the shards' unflushed counts, so an event recorded a moment ago shows at once. */
export async function summarize(days = POLICY.analyticsRetentionDays, now = new Date()): Promise<AnalyticsSummary> {
  const firstDay = firstDayWithin(now.getTime(), days);
  // The shards first, then D1: a flush landing in between is left out of the shards' copy, so nothing counts twice.
  const shards = await Promise.all(
    Array.from({ length: ANALYTICS_SHARDS }, (_, index) => analyticsShard(index).unflushed(firstDay)),
  );
  const unflushedPaths = [...new Set(shards.flatMap((shard) => shard.views.map((row) => row.path)))];

  // One round trip: drizzle cannot batch a raw query with parameters on D1.
  const d1 = env.DB;
  const [marks, perDay, topPaths, pathsWithUnflushed, vitalRows] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        "SELECT source, last_flush AS lastFlush FROM analytics_flushes WHERE source IN (SELECT value FROM json_each(?1))",
      )
      .bind(JSON.stringify(shards.map((shard) => shard.source))),
    d1.prepare("SELECT day, sum(views) AS views FROM analytics_page_views WHERE day >= ?1 GROUP BY day").bind(firstDay),
    d1
      .prepare(
        `SELECT path, sum(views) AS views FROM analytics_page_views WHERE day >= ?1
         GROUP BY path ORDER BY sum(views) DESC, path LIMIT ?2`,
      )
      .bind(firstDay, TOP_PATHS),
    // A path the shards hold may rank in the top 20 only with its unflushed views added.
    d1
      .prepare(
        `SELECT path, sum(views) AS views FROM analytics_page_views
         WHERE day >= ?1 AND path IN (SELECT value FROM json_each(?2)) GROUP BY path`,
      )
      .bind(firstDay, JSON.stringify(unflushedPaths)),
    d1
      .prepare(
        `SELECT v.day AS day, v.name AS name, b.key AS bucket, sum(b.value) AS samples
         FROM analytics_vitals v, json_each(v.histogram) b WHERE v.day >= ?1 GROUP BY v.day, v.name, b.key`,
      )
      .bind(firstDay),
  ]);
  const rows = <T>(result: D1Result<Record<string, unknown>> | undefined) => (result?.results ?? []) as T[];
  type PathViews = { path: string; views: number };

  const flushedUpTo = new Map(
    rows<{ source: string; lastFlush: number }>(marks).map((mark) => [mark.source, mark.lastFlush]),
  );
  const live = shards.map((shard) => {
    const inD1 = (row: { seq: number }) => row.seq <= (flushedUpTo.get(shard.source) ?? 0);
    return { views: shard.views.filter((row) => !inD1(row)), vitals: shard.vitals.filter((row) => !inD1(row)) };
  });

  const viewsPerDay = new Map(rows<{ day: number; views: number }>(perDay).map((row) => [row.day, row.views]));
  const viewsPerPath = new Map(
    [...rows<PathViews>(topPaths), ...rows<PathViews>(pathsWithUnflushed)].map((row) => [row.path, row.views]),
  );
  const histograms = new Map<string, Histogram>();
  const histogramOf = (day: number, name: WebVitalName) => {
    const key = `${name}|${day}`;
    const histogram = histograms.get(key) ?? new Map();
    histograms.set(key, histogram);
    return histogram;
  };
  for (const row of rows<{ day: number; name: WebVitalName; bucket: string; samples: number }>(vitalRows)) {
    addToHistogram(histogramOf(row.day, row.name), Number(row.bucket), row.samples);
  }
  for (const shard of live) {
    for (const row of shard.views) {
      viewsPerDay.set(row.day, (viewsPerDay.get(row.day) ?? 0) + row.views);
      viewsPerPath.set(row.path, (viewsPerPath.get(row.path) ?? 0) + row.views);
    }
    for (const row of shard.vitals) addToHistogram(histogramOf(row.day, row.name), row.bucket, row.samples);
  }

  return {
    days,
    pageViewsPerDay: [...viewsPerDay]
      .sort(([a], [b]) => a - b)
      .map(([day, count]) => ({ day: isoDay(day), views: count })),
    pageViewsPerPath: [...viewsPerPath]
      .sort(([pathA, a], [pathB, b]) => b - a || byPath(pathA, pathB))
      .slice(0, TOP_PATHS)
      .map(([path, count]) => ({ path, views: count })),
    vitals: WEB_VITAL_NAMES.map((name) => ({
      name,
      points: [...histograms]
        .filter(([key]) => key.startsWith(`${name}|`))
        .map(([key, histogram]) => ({ day: Number(key.slice(name.length + 1)), histogram }))
        .sort((a, b) => a.day - b.day)
        .map(({ day, histogram }) => ({ day: isoDay(day), p75: p75Of(histogram), samples: samplesIn(histogram) })),
    })),
  };
}
