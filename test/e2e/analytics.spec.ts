import type { Page } from "@playwright/test";
import { queryLocalD1, sqlText } from "./support/local-d1";
import { expect, SEEDED_SUPPORT, signUpThroughApi, test, waitForHydration } from "./support/test";

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

test.describe("analytics", () => {
  test("navigating between pages records a page view for each, and web vitals", async ({ page }) => {
    const events = watchEvents(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacypolicy$/);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/termsofservice$/);
    await expect
      .poll(() => events.filter((e) => e.type === "page_view").map((e) => e.path))
      .toEqual(["/", "/privacypolicy", "/termsofservice"]);
    // Leaving the page sends what is measured by then (TTFB and FCP at least).
    await page.goto("about:blank");
    await expect
      .poll(() => events.filter((e) => e.type === "web_vital").map((e) => e.name))
      .toEqual(expect.arrayContaining(["TTFB", "FCP"]));
  });

  test("the admin dashboard shows charts of recorded events; others may not see it", async ({ page, baseURL }) => {
    await signUpThroughApi(page, baseURL ?? "");
    const forbidden = await page.goto("/admin/analytics");
    expect(forbidden?.status()).toBe(403);
    await expect(page.getByText("This page is for the admin only.")).toBeVisible();

    // Many views of one distinctive path, and LCP samples, recorded today.
    const path = `/dashboard-check-${Date.now().toString(36)}`;
    const now = Date.now();
    const rows = [
      ...Array.from({ length: 400 }, () => `('page_view', ${sqlText(path)}, NULL, NULL, NULL, ${now})`),
      ...[1000, 2000, 3000, 4000].map((v) => `('web_vital', ${sqlText(path)}, 'LCP', ${v}, 'Web Vitals', ${now})`),
    ];
    await queryLocalD1(
      `INSERT INTO analytics_events (type, path, name, value, category, created_at) VALUES ${rows.join(", ")}`,
    );

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
});
