import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { ANALYTICS_RETENTION_MS } from "../../worker/jobs/housekeeping";

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
});
