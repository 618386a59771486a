import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { AnalyticsEvent } from "~/shared/schemas/analytics";
import { WEB_VITAL_NAMES } from "~/shared/schemas/analytics";
import { dayOf } from "../../worker/analytics/analytics-days";
import { recordEvents } from "../../worker/analytics/events";
import { writeFlush } from "../../worker/analytics/flush-writer";
import { type ShardBatch, ShardCounts } from "../../worker/analytics/shard-counts";
import { ANALYTICS_SHARDS } from "../../worker/analytics/shard-routing";
import { bucketOf } from "../../worker/analytics/vital-histogram";
import {
  clearAnalytics,
  drainShards,
  shard,
  shardAlarm,
  shardRows,
  viewsInD1,
  viewsWaitingInShards,
  vital,
  vitalSamplesInD1,
} from "./support/analytics";

const today = () => dayOf(Date.now());

/** A recording's worth of counts for one shard: `views` page views of each path, one LCP each. */
function batchOf(paths: string[], views = 1): ShardBatch {
  return {
    day: today(),
    views: paths.map((path) => ({ path, views })),
    vitals: paths.map((path) => ({ path, name: "LCP", bucket: bucketOf(2000), samples: 1 })),
  };
}

/** A D1 binding that notes every batch sent through it: its statements and the rows they wrote. */
function countingD1() {
  const batches: { statements: number; rowsWritten: number }[] = [];
  const d1 = new Proxy(env.DB, {
    get(target, key) {
      if (key === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements);
          const rowsWritten = results.reduce((sum, result) => sum + result.meta.rows_written, 0);
          batches.push({ statements: statements.length, rowsWritten });
          return results;
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { d1, batches };
}

beforeEach(async () => {
  await clearAnalytics();
});

describe("the analytics shards", () => {
  it("count every event exactly when hundreds arrive at once, over many shards and within one", async () => {
    const paths = ["/", "/privacypolicy", "/signup", "/chat/:userId", "/profile", "/desk"];
    const recordings: AnalyticsEvent[][] = Array.from({ length: 300 }, (_, i) => [
      { type: "page_view", path: paths[i % paths.length] as string },
      { type: "page_view", path: paths[(i + 1) % paths.length] as string },
      vital(
        WEB_VITAL_NAMES[i % WEB_VITAL_NAMES.length] as string,
        (i % 50) * 37,
        paths[i % paths.length],
      ) as AnalyticsEvent,
    ]);
    const hot = Array.from({ length: 300 }, () => shard(5).record(batchOf(["/hot"])));
    await Promise.all([...recordings.map((events) => recordEvents(events)), ...hot]);

    const expected = Object.fromEntries([...paths.map((path) => [path, 100]), ["/hot", 300]]);
    expect(Object.fromEntries(await viewsWaitingInShards())).toEqual(expected);
    const [hotRow] = await shardRows<{ views: number }>(
      5,
      "SELECT views FROM view_counts WHERE path = '/hot' AND flush = 0",
    );
    expect(hotRow?.views).toBe(300);
    // The recordings spread over the ring: each pattern over its few neighbouring shards.
    const used = [];
    for (let index = 0; index < ANALYTICS_SHARDS; index++) {
      if ((await shardRows(index, "SELECT 1 FROM view_counts WHERE flush = 0 LIMIT 1")).length > 0) used.push(index);
    }
    expect(used.length).toBeGreaterThan(4);

    await drainShards();
    expect(Object.fromEntries(await viewsInD1())).toEqual(expected);
    const samples = await vitalSamplesInD1();
    expect([...samples.values()].reduce((sum, n) => sum + n, 0)).toBe(300 + 300);
    expect(samples.get("LCP /hot")).toBe(300);
  });

  it("flush a minute's counts as one row per day and pattern (and vital), in one batch of three statements, and clear them", async () => {
    const paths = ["/a", "/b", "/c", "/d", "/e"];
    for (let i = 0; i < 40; i++) await shard(2).record(batchOf(paths));
    await shard(2).record({
      day: today(),
      views: [],
      vitals: WEB_VITAL_NAMES.map((name) => ({ path: "/a", name, bucket: bucketOf(100), samples: 2 })),
    });
    expect(await shardAlarm(2)).not.toBeNull();

    const { d1, batches } = countingD1();
    await runInDurableObject(shard(2), async (instance, state) => {
      // The shard writes through its own env's D1: this one notes what it is sent.
      Object.assign(instance, { env: { ...env, DB: d1 } });
      await state.storage.deleteAlarm();
      await (instance as unknown as { alarm(): Promise<void> }).alarm();
    });

    // 200 page views and 210 vital samples: 5 + 9 rows (the views of 5 patterns, the LCP of 5 and
    // four more vitals of /a), and the flush number: one batch, three statements.
    expect(batches).toHaveLength(1);
    expect(batches[0]?.statements).toBe(3);
    const views = await env.DB.prepare("SELECT day, path, views FROM analytics_page_views ORDER BY path").all();
    expect(views.results).toEqual(paths.map((path) => ({ day: today(), path, views: 40 })));
    const vitals = await env.DB.prepare(
      "SELECT path, name, samples, histogram FROM analytics_vitals ORDER BY path, name",
    ).all<{ path: string; name: string; samples: number; histogram: string }>();
    expect(vitals.results).toHaveLength(9);
    expect(vitals.results.find((row) => row.path === "/b")).toEqual({
      path: "/b",
      name: "LCP",
      samples: 40,
      histogram: JSON.stringify({ [bucketOf(2000)]: 40 }),
    });
    expect(JSON.parse(vitals.results.find((row) => row.path === "/a" && row.name === "LCP")?.histogram ?? "")).toEqual({
      [bucketOf(2000)]: 40,
      [bucketOf(100)]: 2,
    });
    // Nothing waits; the flush is kept, written, until the next one lands (for a lagging replica).
    expect(await shardRows(2, "SELECT DISTINCT flush FROM view_counts WHERE path IN ('/a', '/e')")).toEqual([
      { flush: expect.any(Number) },
    ]);
    expect(await shardRows(2, "SELECT * FROM view_counts WHERE flush = 0")).toEqual([]);
    expect(await shardRows(2, "SELECT * FROM vital_counts WHERE flush = 0")).toEqual([]);
    expect(await shardAlarm(2)).toBeNull();
  });

  it("add a later flush to the rows already there, bucket by bucket", async () => {
    await shard(1).record(batchOf(["/x"], 3));
    await drainShards();
    await shard(1).record({
      day: today(),
      views: [{ path: "/x", views: 4 }],
      vitals: [
        { path: "/x", name: "LCP", bucket: bucketOf(2000), samples: 2 },
        { path: "/x", name: "LCP", bucket: bucketOf(5000), samples: 1 },
      ],
    });
    await drainShards();
    expect((await viewsInD1()).get("/x")).toBe(7);
    const row = await env.DB.prepare("SELECT samples, histogram FROM analytics_vitals WHERE path = '/x'").first<{
      samples: number;
      histogram: string;
    }>();
    expect(row?.samples).toBe(4);
    expect(JSON.parse(row?.histogram ?? "")).toEqual({ [bucketOf(2000)]: 3, [bucketOf(5000)]: 1 });
  });

  it("keep what arrives during a flush for the next one", async () => {
    await shard(3).record(batchOf(["/during"], 5));
    await runInDurableObject(shard(3), async (instance) => {
      const flushing = (instance as unknown as { alarm(): Promise<void> }).alarm();
      // The flush has taken its counts and waits for D1: a recording arrives meanwhile.
      await instance.record(batchOf(["/during"], 2));
      await flushing;
    });
    expect((await viewsInD1()).get("/during")).toBe(5);
    expect(await shardRows(3, "SELECT views FROM view_counts WHERE flush = 0")).toEqual([{ views: 2 }]);
    expect(await shardAlarm(3)).not.toBeNull();
    expect(await runDurableObjectAlarm(shard(3))).toBe(true);
    expect((await viewsInD1()).get("/during")).toBe(7);
    expect(await shardRows(3, "SELECT * FROM view_counts WHERE flush = 0")).toEqual([]);
  });

  it("count a flush once when it is written again after D1 had it (the shard stopped before clearing it)", async () => {
    await shard(4).record(batchOf(["/retried"], 6));
    // What the alarm does, up to the moment D1 has the flush; then the object stops.
    await runInDurableObject(shard(4), async (_instance, state) => {
      const counts = new ShardCounts(state.storage);
      const flush = counts.take();
      if (!flush) throw new Error("nothing to flush");
      await writeFlush(env.DB, flush, Date.now());
    });
    await evictDurableObject(shard(4));
    expect((await viewsInD1()).get("/retried")).toBe(6);
    expect(await shardRows(4, "SELECT views FROM view_counts WHERE path = '/retried'")).toEqual([{ views: 6 }]);

    // The alarm (still set) tries the same flush again: D1 already has its number.
    expect(await runDurableObjectAlarm(shard(4))).toBe(true);
    expect((await viewsInD1()).get("/retried")).toBe(6);
    expect((await vitalSamplesInD1()).get("LCP /retried")).toBe(1);
    expect(await shardAlarm(4)).toBeNull();
    // And the next flush counts as usual.
    await shard(4).record(batchOf(["/retried"], 1));
    await drainShards();
    expect((await viewsInD1()).get("/retried")).toBe(7);
  });

  it("lose nothing when D1 refuses a flush, and write it on a later try", async () => {
    await shard(6).record(batchOf(["/refused"], 3));
    await env.DB.exec("ALTER TABLE analytics_vitals RENAME TO analytics_vitals_away");
    try {
      expect(await runDurableObjectAlarm(shard(6))).toBe(true);
      // The batch failed as a whole: not even the page views went in.
      expect((await viewsInD1()).get("/refused")).toBeUndefined();
      expect(await shardRows(6, "SELECT views FROM view_counts WHERE path = '/refused'")).toEqual([{ views: 3 }]);
      expect(await shardAlarm(6)).not.toBeNull();
      await shard(6).record(batchOf(["/refused"], 2));
    } finally {
      await env.DB.exec("ALTER TABLE analytics_vitals_away RENAME TO analytics_vitals");
    }
    // The next try writes the flush it took, unchanged; the counts that came since follow.
    expect(await runDurableObjectAlarm(shard(6))).toBe(true);
    expect((await viewsInD1()).get("/refused")).toBe(3);
    await drainShards();
    expect((await viewsInD1()).get("/refused")).toBe(5);
    expect((await vitalSamplesInD1()).get("LCP /refused")).toBe(2);
  });

  it("keep their counts through an eviction, and schedule a flush for counts left without one", async () => {
    await shard(7).record(batchOf(["/evicted"], 4));
    await runInDurableObject(shard(7), (_instance, state) => state.storage.deleteAlarm());
    await evictDurableObject(shard(7));
    // Any call starts the object again; it finds counts and no alarm, and sets one.
    const { views } = await shard(7).unflushed(0);
    expect(views.filter((row) => row.path === "/evicted")).toEqual([expect.objectContaining({ views: 4 })]);
    expect(await shardAlarm(7)).not.toBeNull();
    await drainShards();
    expect((await viewsInD1()).get("/evicted")).toBe(4);
  });
});
