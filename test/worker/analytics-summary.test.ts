import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { AnalyticsEvent } from "~/shared/schemas/analytics";
import { DAY_MS, dayOf, isoDay } from "../../worker/analytics/analytics-days";
import { recordEvents } from "../../worker/analytics/events";
import { writeFlush } from "../../worker/analytics/flush-writer";
import { ShardCounts } from "../../worker/analytics/shard-counts";
import { summarize } from "../../worker/analytics/summary";
import {
  bucketOf,
  bucketValue,
  type Histogram,
  p75Of,
  SMALLEST_TRACKED,
  VITAL_RELATIVE_ERROR,
} from "../../worker/analytics/vital-histogram";
import { clearAnalytics, drainShards, exactP75, shard, viewsWaitingInShards, vital } from "./support/analytics";

const NOW = new Date();
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
const views = (path: string, count: number): AnalyticsEvent[] =>
  Array.from({ length: count }, () => ({ type: "page_view", path }));

/** A fixed pseudo-random sequence (mulberry32), so a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

beforeEach(async () => {
  await clearAnalytics();
});

describe("the analytics summary", () => {
  it("adds the shards' unflushed counts to D1's, per day and per path, counting each event once", async () => {
    await recordEvents([...views("/", 10), ...views("/a", 5)], daysAgo(2));
    await recordEvents(views("/", 7), daysAgo(1));
    await drainShards();
    await recordEvents([...views("/", 3), ...views("/b", 2)], NOW);
    // A shard that wrote a flush to D1 and stopped before clearing it: D1 and the shard both hold it.
    await shard(9).record({ day: dayOf(NOW.getTime()), views: [{ path: "/c", views: 4 }], vitals: [] });
    await runInDurableObject(shard(9), async (_instance, state) => {
      const flush = new ShardCounts(state.storage).take();
      if (!flush) throw new Error("nothing to flush");
      await writeFlush(env.DB, flush, Date.now());
    });
    // A day past the 30 days, still in D1 until the cron runs.
    await env.DB.prepare("INSERT INTO analytics_page_views (day, path, views) VALUES (?, '/old', 50)")
      .bind(dayOf(daysAgo(31).getTime()))
      .run();
    expect((await viewsWaitingInShards()).get("/b")).toBe(2);

    const summary = await summarize(30, NOW);
    expect(summary.pageViewsPerDay).toEqual([
      { day: isoDay(dayOf(daysAgo(2).getTime())), views: 15 },
      { day: isoDay(dayOf(daysAgo(1).getTime())), views: 7 },
      { day: isoDay(dayOf(NOW.getTime())), views: 9 },
    ]);
    expect(summary.pageViewsPerPath).toEqual([
      { path: "/", views: 20 },
      { path: "/a", views: 5 },
      { path: "/c", views: 4 },
      { path: "/b", views: 2 },
    ]);

    // Once everything is flushed the summary is the same.
    await drainShards();
    expect(await summarize(30, NOW)).toEqual(summary);
  });

  it("counts a flush that the D1 it reads does not have yet (a read replica a moment behind)", async () => {
    await shard(11).record({ day: dayOf(NOW.getTime()), views: [{ path: "/lagging", views: 8 }], vitals: [] });
    await drainShards();
    expect((await summarize(30, NOW)).pageViewsPerPath).toEqual([{ path: "/lagging", views: 8 }]);
    // D1 as a replica one flush behind would show it: without that flush's rows and number.
    const { source } = await shard(11).unflushed(0);
    await env.DB.batch([
      env.DB.prepare("DELETE FROM analytics_page_views WHERE path = '/lagging'"),
      env.DB.prepare("UPDATE analytics_flushes SET last_flush = last_flush - 1 WHERE source = ?").bind(source),
    ]);
    expect((await summarize(30, NOW)).pageViewsPerPath).toEqual([{ path: "/lagging", views: 8 }]);
  });

  it("ranks the top 20 paths by their flushed and unflushed views together", async () => {
    const flushed = Array.from({ length: 25 }, (_, i) => views(`/p${i}`, 30 - i)).flat();
    await recordEvents([...flushed, ...views("/late", 6)], daysAgo(1));
    await drainShards();
    // /late has 6 in D1 (below D1's top 20); 30 more unflushed put it first. /new exists only unflushed.
    await recordEvents([...views("/late", 30), ...views("/new", 25)], NOW);

    const { pageViewsPerPath } = await summarize(30, NOW);
    expect(pageViewsPerPath).toEqual([
      { path: "/late", views: 36 },
      { path: "/p0", views: 30 },
      { path: "/p1", views: 29 },
      { path: "/p2", views: 28 },
      { path: "/p3", views: 27 },
      { path: "/p4", views: 26 },
      { path: "/new", views: 25 },
      { path: "/p5", views: 25 },
      ...Array.from({ length: 12 }, (_, i) => ({ path: `/p${i + 6}`, views: 24 - i })),
    ]);
  });

  it("gives each vital's p75 per day within the histograms' stated error, flushed or not", async () => {
    const random = randomFrom(26);
    const samples = new Map<string, number[]>();
    const events = (day: Date, flushed: boolean): AnalyticsEvent[] =>
      Array.from({ length: 600 }, (_, i) => {
        // Log-normal-ish timings around 2.5 s; CLS mostly small, a fifth exactly 0.
        const name = i % 2 === 0 ? "LCP" : "CLS";
        const value =
          name === "LCP"
            ? Math.round(2500 * Math.exp((random() - 0.5) * 2))
            : random() < 0.2
              ? 0
              : Number((random() * 0.3).toFixed(4));
        const key = `${name} ${isoDay(dayOf(day.getTime()))}`;
        samples.set(key, [...(samples.get(key) ?? []), value]);
        return vital(name, value, flushed ? "/" : "/chat") as AnalyticsEvent;
      });
    // Half of each day's samples reach D1 before the summary, half wait in the shards.
    await recordEvents(events(daysAgo(1), true), daysAgo(1));
    await recordEvents(events(NOW, true), NOW);
    await drainShards();
    await recordEvents(events(daysAgo(1), false), daysAgo(1));
    await recordEvents(events(NOW, false), NOW);

    const { vitals } = await summarize(30, NOW);
    for (const name of ["LCP", "CLS"] as const) {
      const points = vitals.find((vital) => vital.name === name)?.points ?? [];
      expect(points.map((point) => point.day)).toEqual([
        isoDay(dayOf(daysAgo(1).getTime())),
        isoDay(dayOf(NOW.getTime())),
      ]);
      for (const point of points) {
        const values = samples.get(`${name} ${point.day}`) ?? [];
        expect(point.samples).toBe(values.length);
        const exact = exactP75(values);
        expect(Math.abs(point.p75 - exact), `${name} ${point.day}: ${point.p75} against ${exact}`).toBeLessThanOrEqual(
          exact * VITAL_RELATIVE_ERROR + 1e-12,
        );
      }
    }
    expect(vitals.find((vital) => vital.name === "INP")?.points).toEqual([]);
  });
});

describe("the vital histograms", () => {
  it("count every value in a bucket whose value is within the stated error of it", () => {
    const random = randomFrom(7);
    const values = [
      SMALLEST_TRACKED * 1.0001,
      0.001,
      0.05,
      0.1,
      1,
      199.5,
      200,
      2500,
      599_999,
      600_000,
      ...Array.from(
        { length: 2000 },
        () => Math.exp(random() * Math.log(600_000 / SMALLEST_TRACKED)) * SMALLEST_TRACKED,
      ),
    ];
    for (const value of values) {
      expect(Math.abs(bucketValue(bucketOf(value)) - value) / value, String(value)).toBeLessThanOrEqual(
        VITAL_RELATIVE_ERROR + 1e-9,
      );
    }
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(SMALLEST_TRACKED)).toBe(0);
    expect(bucketValue(0)).toBe(0);
    expect(bucketOf(600_000)).toBeLessThan(1200);
  });

  it("read the 75th percentile the usual way: the ⌈0.75·n⌉-th smallest", () => {
    const histogram: Histogram = new Map();
    for (const value of [100, 200, 300, 400]) histogram.set(bucketOf(value), 1);
    expect(bucketOf(p75Of(histogram))).toBe(bucketOf(300));
    expect(p75Of(new Map([[bucketOf(5), 1]]))).toBeCloseTo(5, 1);
    expect(p75Of(new Map([[0, 3]]))).toBe(0);
    expect(p75Of(new Map())).toBe(0);
  });
});
