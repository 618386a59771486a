import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { PUBLIC_PAGE_JS_BUDGET_KB } from "../fixtures/budgets";
import { PUBLIC_PAGES } from "./support/config";
import { expect, newAccount, test, waitForHydration, waitForPageScripts } from "./support/test";

/** The sign-in screens without the framework: their forms' behaviour is a page script of their own. */
const SIGN_IN_SCREENS = [
  "/signup",
  "/signup?reason=signed-out",
  "/login",
  "/recover",
  "/reset-password?token=any",
  "/reset-password",
];

/** Public pages a visitor reads: rendered on the server, no framework in the browser. */
const PAGES_WITHOUT_FRAMEWORK = [...PUBLIC_PAGES.map((page) => page.path), "/header", "/footer", "/no-such-page"];

type PageScripts = { files: { url: string; gzipped: number }[]; inline: { text: string; gzipped: number }[] };

const gzipped = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;

/**
 * Loads `path` and answers every script it ran: each script file the browser fetched (module
 * imports included) and each inline script (JSON data blocks are not scripts), gzipped.
 */
async function scriptsOf(page: Page, path: string): Promise<PageScripts> {
  const fetched: Promise<{ url: string; gzipped: number }>[] = [];
  const onResponse = (response: import("@playwright/test").Response) => {
    if (response.request().resourceType() !== "script") return;
    // A script the browser took from its cache has no body to read here: fetch the same file.
    const body = response.body().catch(() => page.request.get(response.url()).then((again) => again.body()));
    fetched.push(body.then((bytes) => ({ url: new URL(response.url()).pathname, gzipped: gzipped(bytes) })));
  };
  page.on("response", onResponse);
  await page.goto(path);
  await waitForPageScripts(page);
  page.off("response", onResponse);
  const inlineTexts = await page.evaluate(() =>
    [...document.scripts]
      .filter((script) => !script.src && ["", "module", "text/javascript"].includes(script.type))
      .map((script) => script.text),
  );
  return {
    files: await Promise.all(fetched),
    inline: inlineTexts.map((text) => ({ text, gzipped: gzipped(text) })),
  };
}

const totalKb = ({ files, inline }: PageScripts) =>
  [...files, ...inline].reduce((sum, script) => sum + script.gzipped, 0) / 1024;

test.describe("public pages load no framework", () => {
  for (const path of PAGES_WITHOUT_FRAMEWORK) {
    test(`${path} runs only its own small scripts, within the budget`, async ({ page }) => {
      const scripts = await scriptsOf(page, path);
      // Two modules of the page's own (web vitals; the carousel and the menu) and its inline script:
      // no React, no React Router, no route chunk, no preloads of any.
      expect(scripts.files.map((file) => file.url).sort()).toEqual([
        expect.stringMatching(/^\/assets\/page-analytics-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/public-page-[\w-]+\.js$/),
      ]);
      expect(scripts.inline).toHaveLength(1);
      expect(scripts.inline[0]?.text).not.toMatch(/__reactRouter/);
      await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
      expect(await page.evaluate(() => "__reactRouterContext" in window || "__reactRouterDataRouter" in window)).toBe(
        false,
      );
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      expect(totalKb(scripts), `${totalKb(scripts).toFixed(1)} KB gzipped`).toBeLessThanOrEqual(
        PUBLIC_PAGE_JS_BUDGET_KB,
      );
    });
  }

  for (const path of SIGN_IN_SCREENS) {
    test(`${path} runs only its own small scripts and its forms' script, within the budget`, async ({ page }) => {
      const scripts = await scriptsOf(page, path);
      expect(scripts.files.map((file) => file.url).sort()).toEqual([
        expect.stringMatching(/^\/assets\/auth-forms-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/page-analytics-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/public-page-[\w-]+\.js$/),
      ]);
      await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      expect(totalKb(scripts), `${totalKb(scripts).toFixed(1)} KB gzipped`).toBeLessThanOrEqual(
        PUBLIC_PAGE_JS_BUDGET_KB,
      );
    });
  }

  test("every page hydrates for someone signed in", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    for (const path of ["/", "/privacypolicy"]) {
      await scriptsOf(page, path);
      await waitForHydration(page);
      await expect(page.getByRole("button", { name: /account menu/ })).toBeVisible();
    }
  });
});
