import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../worker/analytics/analytics-days";
import { bucketOf } from "../../worker/analytics/vital-histogram";

/** The queries of one migration file, by part of its name. */
function queriesOf(name: string): string[] {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes(name));
  if (!migration) throw new Error(`no migration named like ${name}`);
  return migration.queries;
}

async function run(queries: string[]) {
  for (const query of queries) await env.DB.prepare(query).run();
}

describe("the analytics migrations", () => {
  it("rewrite ids to route patterns (0002), then fold the stored events into daily aggregates and drop their table (0007)", async () => {
    // D1 as it was before 0007: the events table of 0000, and none of the aggregate tables.
    await env.DB.exec("DROP TABLE analytics_page_views");
    await env.DB.exec("DROP TABLE analytics_vitals");
    await env.DB.exec("DROP TABLE analytics_flushes");
    await run(queriesOf("0000_init").filter((query) => query.includes("`analytics_events`")));

    const day1 = Date.UTC(2026, 10, 20);
    const day2 = day1 + DAY_MS;
    const view = env.DB.prepare("INSERT INTO analytics_events (type, path, created_at) VALUES ('page_view', ?, ?)");
    const measured = env.DB.prepare(
      "INSERT INTO analytics_events (type, path, name, value, category, created_at) VALUES ('web_vital', ?, ?, ?, 'Web Vitals', ?)",
    );
    // Values across the whole range, each on a path of its own so its bucket can be read back.
    const values = [0, 0.00005, 0.0001, 0.00011, 0.003, 0.05, 0.1, 0.25, 1, 17.5, 199.9, 200, 1234.5, 2500, 600_000];
    await env.DB.batch([
      ...["/chat/kindred-support", "/chat/abc123", "/users/abc123", "/", "/"].map((path) => view.bind(path, day1 + 5)),
      view.bind("/", day2 + 1000),
      view.bind("/", day2 + DAY_MS - 1),
      ...values.map((value, i) => measured.bind(`/v${i}`, "CLS", value, day1 + i)),
      measured.bind("/", "LCP", 2000, day2),
      measured.bind("/", "LCP", 2000, day2 + 60_000),
      measured.bind("/", "LCP", 4000, day2 + 120_000),
      // A vital no longer recorded: left out.
      measured.bind("/", "FID", 12, day2),
    ]);

    await run(queriesOf("analytics_route_patterns"));
    await run(queriesOf("analytics_aggregates"));

    const views = await env.DB.prepare("SELECT day, path, views FROM analytics_page_views ORDER BY day, path").all();
    expect(views.results).toEqual([
      { day: day1, path: "/", views: 2 },
      { day: day1, path: "/chat/:userId", views: 2 },
      { day: day1, path: "/users/:userId", views: 1 },
      { day: day2, path: "/", views: 2 },
    ]);
    const vitals = await env.DB.prepare("SELECT day, path, name, samples, histogram FROM analytics_vitals").all<{
      day: number;
      path: string;
      name: string;
      samples: number;
      histogram: string;
    }>();
    expect(vitals.results).toHaveLength(values.length + 1);
    // The SQL bucket is the app's bucket, for every value.
    values.forEach((value, i) => {
      const row = vitals.results.find((r) => r.path === `/v${i}`);
      expect(row?.day).toBe(day1);
      expect(JSON.parse(row?.histogram ?? "{}"), String(value)).toEqual({ [bucketOf(value)]: 1 });
    });
    const lcp = vitals.results.find((r) => r.name === "LCP");
    expect(lcp).toMatchObject({ day: day2, path: "/", samples: 3 });
    expect(JSON.parse(lcp?.histogram ?? "{}")).toEqual({ [bucketOf(2000)]: 2, [bucketOf(4000)]: 1 });
    const table = await env.DB.prepare("SELECT name FROM sqlite_master WHERE name = 'analytics_events'").all();
    expect(table.results).toEqual([]);
  });
});
