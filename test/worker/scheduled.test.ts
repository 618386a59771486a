import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { ANALYTICS_RETENTION_MS, INACTIVITY_RECORD_RETENTION_MS } from "../../worker/jobs/housekeeping";

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

describe("the scheduled housekeeping", () => {
  it("deletes analytics older than 30 days, expired sessions and expired tokens, and keeps the rest", async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, name, email, username) VALUES ('u1', 'U', 'u@example.com', 'Gentle1234')"),
      env.DB.prepare("INSERT INTO analytics_events (type, path, created_at) VALUES ('page_view', '/old', ?)").bind(
        NOW - ANALYTICS_RETENTION_MS - DAY,
      ),
      env.DB.prepare("INSERT INTO analytics_events (type, path, created_at) VALUES ('page_view', '/recent', ?)").bind(
        NOW - DAY,
      ),
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

    const paths = await env.DB.prepare("SELECT path FROM analytics_events").all<{ path: string }>();
    expect(paths.results.map((r) => r.path)).toEqual(["/recent"]);
    const sessions = await env.DB.prepare("SELECT id FROM sessions").all<{ id: string }>();
    expect(sessions.results.map((r) => r.id)).toEqual(["s-live"]);
    const tokens = await env.DB.prepare("SELECT count(*) AS n FROM verifications").first<{ n: number }>();
    expect(tokens?.n).toBe(0);
  });

  it("deletes inactivity records and rate-limit counters nobody needs any more", async () => {
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
  });
});
