import { expect, test } from "@playwright/test";
import { newAccount, waitForHydration, waitForPageScripts } from "./support/test";

declare global {
  interface Window {
    __pageViews: string[];
  }
}

test.describe("navigation", () => {
  test("on a hydrated page every route change scrolls to the top and sends one page view; the first view is the server's", async ({
    page,
    baseURL,
  }) => {
    // Client-side route changes are a hydrated page's: a signed-in person's. A visitor's public pages
    // load no framework; their links are ordinary page loads, each counted by the server
    // (server-page-views.spec.ts).
    await newAccount(page, baseURL ?? "");
    await page.addInitScript(() => {
      window.__pageViews = [];
      window.addEventListener("kindred:page-view", (event) => {
        window.__pageViews.push((event as CustomEvent<{ path: string }>).detail.path);
      });
    });
    await page.goto("/");
    await waitForHydration(page);

    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie Policy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Cookie Policy" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // The document's own view ("/") was counted by the server from its request, not sent again.
    await expect.poll(() => page.evaluate(() => window.__pageViews)).toEqual(["/termsofservice", "/cookiepolicy"]);
    // The document was never reloaded: these were client-side route changes.
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
  });

  test("on a public page without the framework a link opens the next page at its top", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("pages", () => {
  test("are served with the security headers", async ({ page }) => {
    const response = await page.goto("/");
    const headers = response?.headers() ?? {};
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
  });

  test("load scripts and styles that browsers keep without asking again, the page itself revalidated", async ({
    page,
  }) => {
    const assets: { url: string; cacheControl: string | undefined }[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/assets/")) {
        assets.push({ url: response.url(), cacheControl: response.headers()["cache-control"] });
      }
    });
    const document = await page.goto("/signup");
    await waitForPageScripts(page);
    expect(document?.headers()["cache-control"]).not.toContain("immutable");
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset.cacheControl, asset.url).toBe("public, max-age=31536000, immutable");
    // Loaded again, the page takes every one of them from the browser's cache (nothing transferred).
    await page.reload();
    await waitForPageScripts(page);
    const fromNetwork = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.includes("/assets/"))
        .filter((entry) => (entry as PerformanceResourceTiming).transferSize > 0)
        .map((entry) => entry.name),
    );
    expect(fromNetwork).toEqual([]);
  });
});

test.describe("errors", () => {
  test("an unknown address gets a 404 status and a friendly page inside the layout", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("region", { name: "Crisis Resources" })).toBeVisible();
    await page.getByRole("link", { name: "Go to the homepage" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Free Anonymous Chat For Emotional Support" }),
    ).toBeVisible();
  });

  test("a server failure shows 'Unexpected Application Error!' without its details", async ({ page, baseURL }) => {
    const secret = "D1_ERROR: no such table: users at worker/secret.ts:42";
    await page.route("**/broken-page.data*", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: secret }),
    );
    // From a page that loads the framework: a signed-in person's (a visitor's pages load none).
    await newAccount(page, baseURL ?? "");
    await page.goto("/profile");
    await waitForHydration(page);
    // A client-side navigation whose data request fails on the server.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/broken-page"),
    );
    await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Crisis Resources" })).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    expect(await page.content()).not.toContain("secret.ts");
  });
});
