import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_EVENTS_BODY_BYTES, MAX_EVENTS_PER_BODY } from "~/shared/schemas/analytics";
import { p75 } from "../../worker/analytics/events";
import { APP_ORIGIN, freshIp, signUpUser } from "./support/auth-requests";
import { rateLimitOf } from "./support/wrangler-config";

function postEvents(body: string, ip = freshIp()) {
  return exports.default.fetch(`${APP_ORIGIN}/api/events`, {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: APP_ORIGIN, "cf-connecting-ip": ip },
    body,
  });
}

const count = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM analytics_events").first<{ n: number }>())?.n ?? 0;

const vital = (name: string, value: number, path = "/") => ({
  type: "web_vital",
  path,
  name,
  value,
  category: "Web Vitals",
});

describe("POST /api/events", () => {
  it("stores page views and web vitals with nothing that identifies anyone", async () => {
    const { cookie } = await signUpUser();
    const before = await count();
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/events`, {
      method: "POST",
      headers: { Origin: APP_ORIGIN, "cf-connecting-ip": "198.51.100.77", Cookie: cookie },
      body: JSON.stringify({ events: [{ type: "page_view", path: "/privacypolicy" }, vital("LCP", 1234.5)] }),
    });
    expect(response.status).toBe(204);
    expect(await count()).toBe(before + 2);
    const rows = await env.DB.prepare("SELECT * FROM analytics_events ORDER BY id DESC LIMIT 2").all();
    const stored = JSON.stringify(rows.results);
    expect(stored).not.toContain("198.51.100.77");
    expect(stored).not.toContain("kindred.session_token");
    expect(Object.keys(rows.results[0] ?? {}).sort()).toEqual([
      "category",
      "created_at",
      "id",
      "name",
      "path",
      "type",
      "value",
    ]);
  });

  it("stores a full batch of web vitals, however many values they bind", async () => {
    const before = await count();
    const events = Array.from({ length: MAX_EVENTS_PER_BODY }, (_, index) => vital("CLS", index / 100));
    const response = await postEvents(JSON.stringify({ events }));
    expect(response.status).toBe(204);
    expect(await count()).toBe(before + MAX_EVENTS_PER_BODY);
  });

  it("stores route patterns, never the ids in a path", async () => {
    const { cookie } = await signUpUser();
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/events`, {
      method: "POST",
      headers: { Origin: APP_ORIGIN, "cf-connecting-ip": "198.51.100.78", Cookie: cookie },
      body: JSON.stringify({
        events: [
          { type: "page_view", path: "/chat/kindred-support" },
          { type: "page_view", path: "/users/Hx81bQ2mZpLw" },
          { ...vital("LCP", 900), path: "/chat/Hx81bQ2mZpLw" },
          { type: "page_view", path: "/chat" },
        ],
      }),
    });
    expect(response.status).toBe(204);
    const { results } = await env.DB.prepare("SELECT path FROM analytics_events ORDER BY id DESC LIMIT 4").all<{
      path: string;
    }>();
    expect(results.map((r) => r.path).reverse()).toEqual(["/chat/:userId", "/users/:userId", "/chat/:userId", "/chat"]);
  });

  it("stores the support desk's conversation pages without the visitor's id", async () => {
    const { cookie } = await signUpUser();
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/events`, {
      method: "POST",
      headers: { Origin: APP_ORIGIN, "cf-connecting-ip": "198.51.100.79", Cookie: cookie },
      body: JSON.stringify({
        events: [
          { type: "page_view", path: "/desk/Hx81bQ2mZpLw" },
          { type: "page_view", path: "/desk" },
        ],
      }),
    });
    expect(response.status).toBe(204);
    const { results } = await env.DB.prepare("SELECT path FROM analytics_events ORDER BY id DESC LIMIT 2").all<{
      path: string;
    }>();
    expect(results.map((r) => r.path).reverse()).toEqual(["/desk/:visitorId", "/desk"]);
  });

  it("rewrites the paths with ids stored before, in the migration", async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("analytics_route_patterns"));
    if (!migration) throw new Error("the analytics route-pattern migration is missing");
    await env.DB.prepare("DELETE FROM analytics_events").run();
    const insert = env.DB.prepare("INSERT INTO analytics_events (type, path, created_at) VALUES ('page_view', ?, 0)");
    const old = ["/chat/kindred-support", "/chat/abc123", "/users/abc123", "/chat", "/users", "/", "/profile"];
    await env.DB.batch(old.map((path) => insert.bind(path)));
    for (const query of migration.queries) await env.DB.prepare(query).run();
    const { results } = await env.DB.prepare(
      "SELECT path, count(*) AS views FROM analytics_events GROUP BY path ORDER BY path",
    ).all<{ path: string; views: number }>();
    expect(results).toEqual([
      { path: "/", views: 1 },
      { path: "/chat", views: 1 },
      { path: "/chat/:userId", views: 2 },
      { path: "/profile", views: 1 },
      { path: "/users", views: 1 },
      { path: "/users/:userId", views: 1 },
    ]);
  });

  it("refuses bad bodies and stores nothing", async () => {
    const before = await count();
    const bad = [
      "not json",
      "{}",
      JSON.stringify({ events: [] }),
      JSON.stringify({ events: [{ type: "click", path: "/" }] }),
      JSON.stringify({ events: [{ type: "page_view", path: "/users?q=someone" }] }),
      JSON.stringify({ events: [{ type: "page_view", path: "no-slash" }] }),
      JSON.stringify({ events: [{ type: "page_view", path: "/", userId: "u1" }] }),
      JSON.stringify({ events: [vital("FID", 10)] }),
      JSON.stringify({ events: [vital("CLS", -1)] }),
      JSON.stringify({ events: [{ ...vital("LCP", 10), category: "Other" }] }),
      JSON.stringify({ events: [{ type: "page_view", path: "/" }, { type: "page_view" }] }),
    ];
    for (const body of bad) expect((await postEvents(body)).status, body).toBe(400);
    expect(await count()).toBe(before);
  });

  it("refuses an oversized body with 413 and stores nothing", async () => {
    const before = await count();
    const events = Array.from({ length: 20 }, () => ({ type: "page_view", path: `/${"x".repeat(290)}` }));
    const body = JSON.stringify({ events, padding: "y".repeat(MAX_EVENTS_BODY_BYTES) });
    expect((await postEvents(body)).status).toBe(413);
    expect((await postEvents(JSON.stringify({ events: [...events, ...events] }))).status).toBe(413);
    expect(await count()).toBe(before);
  });

  it("limits how often one client may send, to the EVENTS_RATE_LIMIT binding's count a minute", async () => {
    const { limit: EVENTS_PER_MINUTE, period } = rateLimitOf("EVENTS_RATE_LIMIT");
    expect(period).toBe(60);
    const ip = freshIp();
    const body = JSON.stringify({ events: [{ type: "page_view", path: "/" }] });
    // The limiter counts in fixed minutes: a run that crosses into the next minute starts a new
    // count once, so the refusal comes after at least the limit and at most twice the limit.
    let accepted = 0;
    let refused = false;
    while (!refused && accepted <= 2 * EVENTS_PER_MINUTE) {
      const { status } = await postEvents(body, ip);
      if (status === 204) accepted += 1;
      else {
        expect(status).toBe(429);
        refused = true;
      }
    }
    expect(refused).toBe(true);
    expect(accepted).toBeGreaterThanOrEqual(EVENTS_PER_MINUTE);
    expect((await postEvents(body, freshIp())).status).toBe(204);
  });
});

describe("GET /api/admin/analytics", () => {
  it("refuses anyone who is not the admin", async () => {
    const { cookie } = await signUpUser();
    const get = (headers: Record<string, string>) =>
      exports.default.fetch(`${APP_ORIGIN}/api/admin/analytics`, { headers });
    expect((await get({})).status).toBe(401);
    expect((await get({ Cookie: cookie })).status).toBe(403);
  });

  it("gives the admin page views per day and per path and each vital's p75 per day", async () => {
    const admin = await signUpUser();
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.user.id).run();
    await env.DB.prepare("DELETE FROM analytics_events").run();
    const events = [
      { type: "page_view", path: "/" },
      { type: "page_view", path: "/" },
      { type: "page_view", path: "/chat" },
      ...[100, 200, 300, 400].map((value) => vital("TTFB", value)),
    ];
    expect((await postEvents(JSON.stringify({ events }))).status).toBe(204);
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/admin/analytics`, {
      headers: { Cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    const summary = (await response.json()) as {
      pageViewsPerDay: { views: number }[];
      pageViewsPerPath: unknown[];
      vitals: { name: string; points: { p75: number; samples: number }[] }[];
    };
    expect(summary.pageViewsPerDay.map((d) => d.views)).toEqual([3]);
    expect(summary.pageViewsPerPath).toEqual([
      { path: "/", views: 2 },
      { path: "/chat", views: 1 },
    ]);
    expect(summary.vitals.find((v) => v.name === "TTFB")?.points).toEqual([
      expect.objectContaining({ p75: 300, samples: 4 }),
    ]);
    expect(summary.vitals.find((v) => v.name === "LCP")?.points).toEqual([]);
  });

  it("takes the 75th percentile the usual way", () => {
    expect(p75([1, 2, 3, 4])).toBe(3);
    expect(p75([5])).toBe(5);
    expect(p75([])).toBe(0);
  });
});
