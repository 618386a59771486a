import type { BrowserContext, Page } from "@playwright/test";
import { expect, pageWithoutScripts, test } from "./support/test";

/**
 * A test worker keeps its browser contexts from test to test (support/shared-context.ts). These run
 * one after the other in one worker: one leaves behind all it can, the next must find none of it.
 */
test.describe.configure({ mode: "serial" });

const KEY = "left-by-an-earlier-test";
let earlier: { context: BrowserContext; page: Page; helpers?: BrowserContext } | undefined;

test.describe("a test's browser context", () => {
  test("an earlier test stores data, grants a permission, goes offline and routes requests", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    // A helper's context too: a browser without scripts, left signed in.
    const withoutScripts = await pageWithoutScripts(browser, baseURL);
    await withoutScripts.context().addCookies([{ name: KEY, value: "1", url: baseURL ?? "" }]);
    earlier = { context, page, helpers: withoutScripts.context() };
    await page.goto("/privacypolicy");
    await context.addCookies([{ name: KEY, value: "1", url: page.url() }]);
    await page.evaluate(async (key) => {
      localStorage.setItem(key, "1");
      sessionStorage.setItem(key, "1");
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(key);
        request.onupgradeneeded = () => request.result.createObjectStore("items");
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
      });
    }, KEY);
    // Within a test, a second tab of the same browser sees what the first stored.
    const secondTab = await context.newPage();
    await secondTab.goto("/privacypolicy");
    expect(await secondTab.evaluate((key) => localStorage.getItem(key), KEY)).toBe("1");
    await secondTab.close();
    await context.grantPermissions(["notifications"]);
    await context.route("**/termsofservice", (route) => route.fulfill({ body: "routed" }));
    await context.setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  });

  test("the next one finds none of it, in the same context on a page of its own", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    const withoutScripts = await pageWithoutScripts(browser, baseURL);
    expect(withoutScripts.context()).toBe(earlier?.helpers);
    expect(await withoutScripts.context().cookies()).toEqual([]);
    expect(context).toBe(earlier?.context);
    expect(earlier?.page.isClosed()).toBe(true);
    expect(context.pages()).toEqual([page]);
    expect(await context.cookies()).toEqual([]);
    await page.goto("/termsofservice");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    const left = await page.evaluate(async (key) => {
      const databases = (await indexedDB.databases()).map((database) => database.name);
      return {
        local: localStorage.getItem(key),
        session: sessionStorage.getItem(key),
        indexedDB: databases.includes(key),
        notifications: (await navigator.permissions.query({ name: "notifications" })).state,
      };
    }, KEY);
    expect(left).toEqual({ local: null, session: null, indexedDB: false, notifications: "prompt" });
  });

  test.describe("at a phone's width", () => {
    test.use({ viewport: { width: 320, height: 568 } });

    test("a test's own viewport is its pages', a helper's too", async ({ page, browser, baseURL }) => {
      await page.goto("/privacypolicy");
      expect(await page.evaluate(() => window.innerWidth)).toBe(320);
      const helper = await pageWithoutScripts(browser, baseURL, { viewport: { width: 375, height: 667 } });
      expect(helper.viewportSize()).toEqual({ width: 375, height: 667 });
      expect((await helper.context().newPage()).viewportSize()).toEqual({ width: 375, height: 667 });
    });
  });

  test("the next one's pages are at the default size again", async ({ page, browser, baseURL }) => {
    await page.goto("/privacypolicy");
    expect(await page.evaluate(() => window.innerWidth)).toBe(1280);
    const helper = await pageWithoutScripts(browser, baseURL);
    await helper.goto("/privacypolicy");
    expect(await helper.evaluate(() => window.innerWidth)).toBe(1280);
  });

  test("a test that moved the clock leaves a context nobody uses after it", async ({ page, context }) => {
    earlier = { context, page };
    await page.clock.install({ time: new Date("2020-01-01T00:00:00Z") });
    await page.goto("/privacypolicy");
    expect(await page.evaluate(() => new Date().getUTCFullYear())).toBe(2020);
  });

  test("the next one has the real time, in a context of its own", async ({ page, context }) => {
    expect(context).not.toBe(earlier?.context);
    await page.goto("/privacypolicy");
    expect(await page.evaluate(() => new Date().getUTCFullYear())).toBeGreaterThan(2020);
  });
});
