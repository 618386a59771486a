import { type BrowserContext, devices, type Page } from "@playwright/test";
import type { AnalyticsSummary } from "../../app/shared/schemas/analytics";
import { expect, randomClientAddress, signedInAsSupport, test, waitForPageScripts } from "./support/test";

/**
 * Page views are counted by the server from the document request: a public page loads
 * no framework and sends no beacon, and a page without scripts is counted all the same. Web vitals
 * come from the page's own small module. Both are read back where the admin reads them.
 */

/** A browser as people use it: the test browser's own user agent says 'HeadlessChrome', a crawler's mark. */
async function visitorContext(
  browser: import("@playwright/test").Browser,
  baseURL: string,
  javaScriptEnabled: boolean,
) {
  return browser.newContext({
    baseURL,
    javaScriptEnabled,
    userAgent: devices["Desktop Chrome"].userAgent,
    extraHTTPHeaders: { "cf-connecting-ip": randomClientAddress() },
  });
}

/** The views of `path` in the admin dashboard's 'Page views per path' (0 when it is not listed). */
async function viewsShown(admin: Page, path: string): Promise<number> {
  await admin.goto("/admin/analytics");
  await expect(admin.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  const chart = admin.getByRole("figure").filter({ hasText: "Page views per path" });
  // Its table of numbers sits in a closed 'Show the numbers': read it as it is in the page.
  const rows = await chart
    .locator("tr")
    .evaluateAll((cells) =>
      cells.map((row) => [row.querySelector("th")?.textContent ?? "", row.querySelector("td")?.textContent ?? ""]),
    );
  const found = rows.find(([label]) => label === path);
  return found ? Number(found[1]) : 0;
}

/** Today's number of samples of one web vital, from the admin's analytics API. */
async function vitalSamples(admin: Page, name: string): Promise<number> {
  const response = await admin.request.get("/api/admin/analytics");
  expect(response.status()).toBe(200);
  const summary = (await response.json()) as AnalyticsSummary;
  const today = new Date().toISOString().slice(0, 10);
  return summary.vitals.find((vital) => vital.name === name)?.points.find((point) => point.day === today)?.samples ?? 0;
}

test.describe("page views recorded on the server", () => {
  test("each visit to a page without scripts is counted, from the document alone", async ({ browser, baseURL }) => {
    const admin = await signedInAsSupport(browser, baseURL ?? "");
    // /footer: a page few other tests open, so what they add cannot make up this test's visits.
    const path = "/footer";
    const visits = 12;
    const before = await viewsShown(admin.page, path);

    let visitor: BrowserContext | undefined;
    try {
      visitor = await visitorContext(browser, baseURL ?? "", false);
      const page = await visitor.newPage();
      const beacons: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/api/events")) beacons.push(request.url());
      });
      for (let i = 0; i < visits; i++) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
      }
      expect(beacons).toEqual([]);
    } finally {
      await visitor?.close();
    }

    // Stored after each page went out (waitUntil): the dashboard shows them once they are in.
    await expect.poll(() => viewsShown(admin.page, path), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + visits);
    await admin.context.close();
  });

  test("a public page with scripts sends its web vitals, and they reach the dashboard's data", async ({
    browser,
    baseURL,
  }) => {
    const admin = await signedInAsSupport(browser, baseURL ?? "");
    const before = await vitalSamples(admin.page, "TTFB");

    const visitor = await visitorContext(browser, baseURL ?? "", true);
    const page = await visitor.newPage();
    const posted: { name?: string; type: string }[] = [];
    const answers: number[] = [];
    page.on("request", (request) => {
      if (!request.url().endsWith("/api/events") || request.method() !== "POST") return;
      posted.push(...(JSON.parse(request.postData() ?? "{}") as { events: { name?: string; type: string }[] }).events);
    });
    page.on("response", (response) => {
      if (response.url().endsWith("/api/events")) answers.push(response.status());
    });
    await page.goto("/cookiepolicy");
    await waitForPageScripts(page);
    // Measured as the page loads, sent together a moment later.
    await expect
      .poll(() => posted.filter((event) => event.type === "web_vital").map((event) => event.name))
      .toEqual(expect.arrayContaining(["TTFB", "FCP"]));
    // A public page sends no page view: the server counted it.
    expect(posted.filter((event) => event.type === "page_view")).toEqual([]);
    await expect.poll(() => answers).toContain(204);
    await visitor.close();

    const sent = posted.filter((event) => event.name === "TTFB").length;
    await expect.poll(() => vitalSamples(admin.page, "TTFB")).toBeGreaterThanOrEqual(before + sent);
    await admin.context.close();
  });
});
