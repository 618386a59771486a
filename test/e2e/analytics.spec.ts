import type { APIRequestContext, Page } from "@playwright/test";
import { MAX_EVENTS_PER_BODY } from "../../app/shared/analytics-protocol";
import type { AnalyticsEvent } from "../../app/shared/schemas/analytics";
import { expectNoSideScroll } from "./support/layout";
import {
  expect,
  newAccount,
  randomClientAddress,
  SEEDED_SUPPORT,
  signedInAsSupport,
  test,
  waitForHydration,
} from "./support/test";

type SentEvent = { type: string; path: string; name?: string };

/** Every event the page posts to /api/events (sendBeacon or fetch). */
function watchEvents(page: Page): SentEvent[] {
  const events: SentEvent[] = [];
  page.on("request", (request) => {
    if (!request.url().endsWith("/api/events") || request.method() !== "POST") return;
    events.push(...(JSON.parse(request.postData() ?? "{}") as { events: SentEvent[] }).events);
  });
  return events;
}

/**
 * Records events today through the app's own endpoint, as pages do: a full batch per post, each from
 * its own client address (the endpoint limits each address). Writing the test database from outside
 * instead met the running server's queries on the locked SQLite file, and failed them.
 */
async function recordEvents(request: APIRequestContext, baseURL: string, events: AnalyticsEvent[]) {
  for (let start = 0; start < events.length; start += MAX_EVENTS_PER_BODY) {
    const response = await request.post("/api/events", {
      data: { events: events.slice(start, start + MAX_EVENTS_PER_BODY) },
      headers: { Origin: baseURL, "cf-connecting-ip": randomClientAddress() },
    });
    expect(response.status()).toBe(204);
  }
}

test.describe("analytics", () => {
  test("a hydrated page sends a page view for each client-side route change, not for its first view, and web vitals", async ({
    page,
    baseURL,
  }) => {
    // Client-side route changes are a hydrated page's (signed in); the document's own view is counted
    // by the server from its request (server-page-views.spec.ts), so the page does not send it again.
    await newAccount(page, baseURL ?? "");
    const events = watchEvents(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacypolicy$/);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/termsofservice$/);
    await expect
      .poll(() => events.filter((e) => e.type === "page_view").map((e) => e.path))
      .toEqual(["/privacypolicy", "/termsofservice"]);
    // Leaving the page sends what is measured by then (TTFB and FCP at least).
    await page.goto("about:blank");
    await expect
      .poll(() => events.filter((e) => e.type === "web_vital").map((e) => e.name))
      .toEqual(expect.arrayContaining(["TTFB", "FCP"]));
  });

  test("the admin dashboard shows charts of recorded events; others may not see it", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    const forbidden = await page.goto("/admin/analytics");
    expect(forbidden?.status()).toBe(403);
    await expect(page.getByText("This page is for the admin only.")).toBeVisible();

    // Many views of one distinctive path, and LCP samples, recorded today.
    const path = `/dashboard-check-${Date.now().toString(36)}`;
    await recordEvents(page.request, baseURL ?? "", [
      ...Array.from({ length: 400 }, () => ({ type: "page_view" as const, path })),
      ...[1000, 2000, 3000, 4000].map((value) => ({
        type: "web_vital" as const,
        path,
        name: "LCP" as const,
        value,
        category: "Web Vitals" as const,
      })),
    ]);

    await page.context().clearCookies();
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: SEEDED_SUPPORT,
      headers: { Origin: baseURL ?? "" },
    });
    expect(signIn.status()).toBe(200);
    await page.goto("/admin/analytics");
    await expect(page.getByRole("heading", { name: "Analytics" })).toBeVisible();
    const perPath = page.getByRole("figure").filter({ hasText: "Page views per path" });
    await expect(perPath.getByRole("img")).toHaveAttribute("aria-label", new RegExp(`${path} \\d+`));
    await expect(page.getByRole("figure").filter({ hasText: "Page views per day" }).getByRole("img")).toBeVisible();
    const lcp = page.getByRole("figure").filter({ has: page.getByText("LCP", { exact: true }) });
    await expect(lcp.getByRole("img")).toBeVisible();
    await lcp.getByText("Show the numbers").click();
    await expect(lcp.getByRole("table")).toBeVisible();
  });

  test.describe("the dashboard's charts on a phone and a desktop", () => {
    // Today's samples: a page view, a small CLS (0.05) that must show, and LCP and INP between good and poor.
    // Recorded once, before the three widths: each test's worker would otherwise record its own.
    test.describe.configure({ mode: "serial" });
    test.beforeAll(async ({ playwright, baseURL }) => {
      const request = await playwright.request.newContext({ baseURL });
      const vital = (name: "CLS" | "LCP" | "INP", value: number) =>
        ({ type: "web_vital", path: "/", name, value, category: "Web Vitals" }) as const;
      await recordEvents(request, baseURL ?? "", [
        ...Array.from({ length: 200 }, () => [vital("CLS", 0.05), vital("LCP", 3000), vital("INP", 150)]).flat(),
        { type: "page_view", path: "/" },
      ]);
      await request.dispose();
    });

    for (const viewport of [
      { width: 320, height: 640 },
      { width: 375, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      test(`at ${viewport.width} px a day's bar stays narrow, a CLS of 0.05 is visible, and the vitals show their good and poor lines`, async ({
        browser,
        baseURL,
      }) => {
        const admin = await signedInAsSupport(browser, baseURL ?? "", viewport);
        const page = admin.page;
        await page.goto("/admin/analytics");
        await expect(page.getByRole("heading", { name: "Analytics" })).toBeVisible();
        const chart = (title: string) =>
          page.getByRole("figure").filter({ has: page.getByText(title, { exact: true }) });

        // A bar has a bounded width however few days there are; the chart is much wider.
        const perDay = chart("Page views per day");
        const figureBox = await perDay.boundingBox();
        const bars = perDay.locator("rect");
        expect(await bars.count()).toBeGreaterThanOrEqual(1);
        for (const bar of await bars.all()) {
          const box = await bar.boundingBox();
          expect(box?.width).toBeLessThanOrEqual(41);
        }
        expect(figureBox?.width).toBeGreaterThan(200);

        // Today's CLS bar stands clearly above the axis.
        const cls = chart("CLS");
        const todaysCls = await cls.locator("rect").last().boundingBox();
        expect(todaysCls?.height).toBeGreaterThanOrEqual(12);

        for (const [name, good, poor] of [
          ["LCP", "2.5 s", "4 s"],
          ["INP", "200 ms", "500 ms"],
          ["CLS", "0.1", "0.25"],
        ] as const) {
          const figure = chart(name);
          await expect(figure.getByRole("img")).toHaveAttribute(
            "aria-label",
            new RegExp(`Good up to ${good.replace(".", "\\.")}, poor above ${poor.replace(".", "\\.")}\\.$`),
          );
          for (const label of [`good ≤ ${good}`, `poor > ${poor}`]) {
            const text = figure.getByText(label, { exact: true });
            await expect(text).toBeVisible();
            // Real-size text, not a drawing scaled down to the phone's width.
            expect((await text.boundingBox())?.height).toBeGreaterThanOrEqual(11);
          }
        }
        await expectNoSideScroll(page);
        await admin.context.close();
      });
    }
  });
});
