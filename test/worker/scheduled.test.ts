import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { ANALYTICS_RETENTION_MS, INACTIVITY_RECORD_RETENTION_MS } from "../../worker/jobs/housekeeping";

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
/** The UTC midnight 29.5 days before NOW: the oldest day of analytics the 30 days keep. */
const OLDEST_DAY_KEPT = Date.UTC(2026, 9, 23);

describe("the scheduled housekeeping", () => {
  it("deletes analytics older than 30 days, expired sessions and expired tokens, and keeps the rest", async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, name, email, username) VALUES ('u1', 'U', 'u@example.com', 'Gentle1234')"),
      // NOW is noon: the day that began 30.5 days ago goes whole, the one that began 29.5 days ago stays.
      ...[
        ["/old", OLDEST_DAY_KEPT - DAY],
        ["/recent", OLDEST_DAY_KEPT],
      ].flatMap(([path, day]) => [
        env.DB.prepare("INSERT INTO analytics_page_views (day, path, views) VALUES (?, ?, 3)").bind(day, path),
        env.DB.prepare(
          "INSERT INTO analytics_vitals (day, path, name, samples, histogram) VALUES (?, ?, 'LCP', 1, '{\"800\":1}')",
        ).bind(day, path),
      ]),
      env.DB.prepare(
        "INSERT INTO analytics_flushes (source, last_flush, flushed_at) VALUES ('gone-shard', 9, ?), ('live-shard', 4, ?)",
      ).bind(NOW - ANALYTICS_RETENTION_MS - 1, NOW - 60_000),
      env.DB.prepare("INSERT INTO sessions (id, token, user_id, expires_at) VALUES ('s-old', 't1', 'u1', ?)").bind(
        NOW - 1,
      ),
      env.DB.prepare("INSERT INTO sessions (id, token, user_id, expires_at) VALUES ('s-live', 't2', 'u1', ?)").bind(
        NOW + DAY,
      ),
      env.DB.prepare(
        "INSERT INTO verifications (id, identifier, value, expires_at) VALUES ('v-old', 'reset', 'x', ?)",
      ).bind(NOW - 1),
    ]);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: NOW, cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const views = await env.DB.prepare("SELECT path FROM analytics_page_views").all<{ path: string }>();
    expect(views.results.map((r) => r.path)).toEqual(["/recent"]);
    const vitals = await env.DB.prepare("SELECT path FROM analytics_vitals").all<{ path: string }>();
    expect(vitals.results.map((r) => r.path)).toEqual(["/recent"]);
    const marks = await env.DB.prepare("SELECT source FROM analytics_flushes").all<{ source: string }>();
    expect(marks.results.map((r) => r.source)).toEqual(["live-shard"]);
    const sessions = await env.DB.prepare("SELECT id FROM sessions").all<{ id: string }>();
    expect(sessions.results.map((r) => r.id)).toEqual(["s-live"]);
    const tokens = await env.DB.prepare("SELECT count(*) AS n FROM verifications").first<{ n: number }>();
    expect(tokens?.n).toBe(0);
  });

  it("deletes inactivity records, rate-limit counters and sign-up records nobody needs any more", async () => {
    const old = NOW - INACTIVITY_RECORD_RETENTION_MS - DAY;
    const insertUser = (id: string) =>
      env.DB.prepare("INSERT INTO users (id, name, email, username) VALUES (?, ?, ?, ?)").bind(
        id,
        id,
        `${id}@e.com`,
        id,
      );
    await env.DB.batch([
      insertUser("gone"),
      insertUser("forced"),
      insertUser("recent"),
      insertUser("active"),
      env.DB.prepare("INSERT INTO user_sessions (user_id, last_activity, timestamp) VALUES ('gone', ?, ?)").bind(
        old,
        old,
      ),
      env.DB.prepare(
        "INSERT INTO user_sessions (user_id, last_activity, timestamp, logged_out_at, reason) VALUES ('forced', 0, ?, ?, 'inactivity_timeout')",
      ).bind(old, old),
      env.DB.prepare(
        "INSERT INTO user_sessions (user_id, last_activity, timestamp, logged_out_at, reason) VALUES ('recent', 0, ?, ?, 'inactivity_timeout')",
      ).bind(NOW - DAY, NOW - DAY),
      env.DB.prepare("INSERT INTO user_sessions (user_id, last_activity, timestamp) VALUES ('active', ?, ?)").bind(
        NOW - 60_000,
        NOW - 60_000,
      ),
      env.DB.prepare("INSERT INTO rate_limits (id, key, count, last_request) VALUES ('r1', 'old', 3, ?)").bind(
        NOW - 2 * DAY,
      ),
      env.DB.prepare("INSERT INTO rate_limits (id, key, count, last_request) VALUES ('r2', 'new', 3, ?)").bind(
        NOW - 1000,
      ),
      env.DB.prepare("INSERT INTO sign_up_attempts (network_hash, at) VALUES ('old', ?), ('new', ?)").bind(
        NOW - DAY - 1000,
        NOW - DAY + 60_000,
      ),
      env.DB.prepare("INSERT INTO sign_up_minutes (minute, count) VALUES (?, 3), (?, 4)").bind(
        Math.floor((NOW - 2 * DAY) / 60_000),
        Math.floor(NOW / 60_000),
      ),
    ]);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: NOW, cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const records = await env.DB.prepare("SELECT user_id FROM user_sessions ORDER BY user_id").all<{
      user_id: string;
    }>();
    expect(records.results.map((r) => r.user_id)).toEqual(["active", "recent"]);
    const limits = await env.DB.prepare("SELECT key FROM rate_limits").all<{ key: string }>();
    expect(limits.results.map((r) => r.key)).toEqual(["new"]);
    const signUps = await env.DB.prepare("SELECT network_hash FROM sign_up_attempts").all<{ network_hash: string }>();
    expect(signUps.results.map((r) => r.network_hash)).toEqual(["new"]);
    const minutes = await env.DB.prepare("SELECT count FROM sign_up_minutes").all<{ count: number }>();
    expect(minutes.results.map((r) => r.count)).toEqual([4]);
  });
});
