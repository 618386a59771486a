import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_EVENTS_BODY_BYTES, MAX_EVENTS_PER_BODY } from "~/shared/schemas/analytics";
import { dayOf } from "../../worker/analytics/analytics-days";
import { ANALYTICS_SHARDS } from "../../worker/analytics/shard-routing";
import { bucketOf, VITAL_RELATIVE_ERROR } from "../../worker/analytics/vital-histogram";
import { insertUser } from "./support/accounts";
import {
  clearAnalytics,
  drainShards,
  shardRows,
  viewsInD1,
  viewsWaitingInShards,
  vital,
  vitalSamplesInD1,
  waitingInShards,
} from "./support/analytics";
import { APP_ORIGIN, freshIp } from "./support/auth-requests";
import { rateLimitOf } from "./support/wrangler-config";

function postEvents(body: string, ip = freshIp()) {
  return exports.default.fetch(`${APP_ORIGIN}/api/events`, {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: APP_ORIGIN, "cf-connecting-ip": ip },
    body,
  });
}

describe("POST /api/events", () => {
  it("counts page views and web vitals with nothing that identifies anyone", async () => {
    await clearAnalytics();
    const { cookie } = await insertUser();
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/events`, {
      method: "POST",
      headers: { Origin: APP_ORIGIN, "cf-connecting-ip": "198.51.100.77", Cookie: cookie },
      body: JSON.stringify({ events: [{ type: "page_view", path: "/privacypolicy" }, vital("LCP", 1234.5)] }),
    });
    expect(response.status).toBe(204);
    const inShards = [];
    for (let index = 0; index < ANALYTICS_SHARDS; index++) {
      inShards.push(...(await shardRows(index, "SELECT * FROM view_counts")));
      inShards.push(...(await shardRows(index, "SELECT * FROM vital_counts")));
    }
    expect(inShards.length).toBeGreaterThan(0);
    await drainShards();
    const today = dayOf(Date.now());
    const views = await env.DB.prepare("SELECT * FROM analytics_page_views").all();
    const vitals = await env.DB.prepare("SELECT * FROM analytics_vitals").all();
    expect(views.results).toEqual([{ day: today, path: "/privacypolicy", views: 1 }]);
    expect(vitals.results).toEqual([
      { day: today, path: "/", name: "LCP", samples: 1, histogram: JSON.stringify({ [bucketOf(1234.5)]: 1 }) },
    ]);
    const stored = JSON.stringify([inShards, views.results, vitals.results]);
    expect(stored).not.toContain("198.51.100.77");
    expect(stored).not.toContain(cookie.slice(cookie.indexOf("=") + 1));
  });

  it("counts a full batch of web vitals", async () => {
    const before = (await vitalSamplesInD1()).get("CLS /") ?? 0;
    const events = Array.from({ length: MAX_EVENTS_PER_BODY }, (_, index) => vital("CLS", index / 100));
    const response = await postEvents(JSON.stringify({ events }));
    expect(response.status).toBe(204);
    await drainShards();
    expect((await vitalSamplesInD1()).get("CLS /")).toBe(before + MAX_EVENTS_PER_BODY);
  });

  it("counts route patterns, never the ids in a path", async () => {
    await clearAnalytics();
    const { cookie } = await insertUser();
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
    const expected = { "/chat/:userId": 1, "/users/:userId": 1, "/chat": 1 };
    expect(Object.fromEntries(await viewsWaitingInShards())).toEqual(expected);
    await drainShards();
    expect(Object.fromEntries(await viewsInD1())).toEqual(expected);
    expect(Object.fromEntries(await vitalSamplesInD1())).toEqual({ "LCP /chat/:userId": 1 });
  });

  it("counts the support desk's conversation pages without the visitor's id", async () => {
    await clearAnalytics();
    const { cookie } = await insertUser();
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
    await drainShards();
    expect(Object.fromEntries(await viewsInD1())).toEqual({ "/desk/:visitorId": 1, "/desk": 1 });
  });

  it("refuses bad bodies and stores nothing", async () => {
    const before = await waitingInShards();
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
    expect(await waitingInShards()).toBe(before);
  });

  it("refuses an oversized body with 413 and stores nothing", async () => {
    const before = await waitingInShards();
    const events = Array.from({ length: 20 }, () => ({ type: "page_view", path: `/${"x".repeat(290)}` }));
    const body = JSON.stringify({ events, padding: "y".repeat(MAX_EVENTS_BODY_BYTES) });
    expect((await postEvents(body)).status).toBe(413);
    expect((await postEvents(JSON.stringify({ events: [...events, ...events] }))).status).toBe(413);
    expect(await waitingInShards()).toBe(before);
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
    const { cookie } = await insertUser();
    const get = (headers: Record<string, string>) =>
      exports.default.fetch(`${APP_ORIGIN}/api/admin/analytics`, { headers });
    expect((await get({})).status).toBe(401);
    expect((await get({ Cookie: cookie })).status).toBe(403);
  });

  it("gives the admin page views per day and per path and each vital's p75 per day, the moment they are recorded", async () => {
    const admin = await insertUser();
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.user.id).run();
    await clearAnalytics();
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
    const ttfb = summary.vitals.find((v) => v.name === "TTFB")?.points ?? [];
    expect(ttfb).toEqual([expect.objectContaining({ samples: 4 })]);
    // The exact p75 of 100, 200, 300 and 400 is 300; the histograms give it within their stated error.
    expect(Math.abs((ttfb[0]?.p75 ?? 0) - 300)).toBeLessThanOrEqual(300 * VITAL_RELATIVE_ERROR);
    expect(summary.vitals.find((v) => v.name === "LCP")?.points).toEqual([]);
  });
});
