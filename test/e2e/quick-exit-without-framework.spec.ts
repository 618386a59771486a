import type { Page } from "@playwright/test";
import { HERO } from "../../app/lib/landing-content";
import { QUICK_EXIT_TEXTS } from "../../app/lib/quick-exit-texts";
import { QUICK_EXIT_URL } from "./support/config";
import { menuToggle, mobileMenu } from "./support/mobile-menu";
import {
  leaveWith,
  NEUTRAL_TITLE,
  recordExits,
  serveNeutralPage,
  serveNeutralPageNotingReferer,
} from "./support/quick-exit";
import { expect, holdRequests, newAccount, pageWithoutScripts, test, waitForPageScripts } from "./support/test";

/**
 * Quick exit runs from the page's inline script (app/lib/quick-exit.ts, started by
 * app/page-scripts/boot.ts): on public pages, which load no framework, and on hydrated pages
 * before the framework has arrived. Without scripts its controls are ordinary links.
 */

const quickExitLink = (page: Page) =>
  page.getByRole("banner").getByRole("link", { name: QUICK_EXIT_TEXTS.button, exact: true });

/** From here only the test moves the page's time: the three presses must fall in one window. */
async function holdTheClock(page: Page) {
  await page.clock.pauseAt(new Date("2026-03-02T10:01:00Z"));
}

test.describe("Quick exit on a page without the framework", () => {
  test("replaces the page with the neutral site: Back returns to the page before it, and no address is sent", async ({
    page,
    context,
    baseURL,
  }) => {
    const referer = await serveNeutralPageNotingReferer(context);
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacypolicy$/);

    await leaveWith(page, quickExitLink(page), referer);

    await page.goBack();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole("heading", { level: 1, name: HERO.title })).toBeVisible();
  });

  test("Escape three times leaves; two do not", async ({ page, context }) => {
    await serveNeutralPage(context);
    const exits = await recordExits(page);
    await page.clock.install({ time: new Date("2026-03-02T10:00:00Z") });
    await page.goto("/termsofservice");
    await holdTheClock(page);

    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    // A press the page answers (Tab moves focus to the skip link): the two before it were handled.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    expect(await exits()).toEqual([]);

    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(QUICK_EXIT_URL);
  });

  test("at 375 px, an Escape that closes the phone menu does not count toward the three", async ({ page, context }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await serveNeutralPage(context);
    const exits = await recordExits(page);
    await page.clock.install({ time: new Date("2026-03-02T10:00:00Z") });
    await page.goto("/");
    await waitForPageScripts(page);
    await menuToggle(page).focus();
    await page.keyboard.press("Enter");
    await expect(mobileMenu(page)).toBeVisible();
    await holdTheClock(page);

    await page.keyboard.press("Escape");
    await expect(mobileMenu(page)).toBeHidden();
    await expect(menuToggle(page)).toBeFocused();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    // Enter opens the menu again: every press before it has been handled, and the site is still here.
    await page.keyboard.press("Enter");
    await expect(mobileMenu(page)).toBeVisible();
    expect(await exits()).toEqual([]);

    // That press closes the menu and does not count either; the next is the third that counts.
    await page.keyboard.press("Escape");
    await expect(mobileMenu(page)).toBeHidden();
    expect(await exits()).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(QUICK_EXIT_URL);
  });

  test("another open tab of the site on a public page leaves with it", async ({ page, context }) => {
    await serveNeutralPage(context);
    await page.goto("/cookiepolicy");
    const other = await context.newPage();
    await other.goto("/");
    await quickExitLink(page).click();
    await expect(page).toHaveURL(QUICK_EXIT_URL);
    await expect(other).toHaveURL(QUICK_EXIT_URL);
  });
});

test.describe("Quick exit before the framework has arrived", () => {
  test("on a signed-in page whose scripts are still loading, the button already replaces the page", async ({
    page,
    context,
    baseURL,
  }) => {
    await serveNeutralPage(context);
    await newAccount(page, baseURL ?? "");
    await page.goto("/privacypolicy");
    // Every script file held back: only the page's inline script runs.
    const release = await holdRequests(page, /\/assets\/.+\.js$/);
    await page.goto("/termsofservice", { waitUntil: "commit" });
    const signOutAndLeave = page.getByRole("banner").getByRole("link", { name: QUICK_EXIT_TEXTS.signOut });
    await expect(signOutAndLeave).toBeVisible();
    const entries = await page.evaluate(() => history.length);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await signOutAndLeave.click();
    await expect(page).toHaveURL(QUICK_EXIT_URL);
    // Replaced: the history is as long as before, and Back goes to the page before the one that was open.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    release();
    await page.goBack();
    await expect(page).toHaveURL(/\/privacypolicy$/);
    // 'and sign out' ended the session although the page was gone before it was answered.
    await expect(async () => {
      await page.goto("/chat");
      await expect(page).toHaveURL(/\/signup/, { timeout: 1000 });
    }).toPass();
  });
});

test.describe("Quick exit without scripts", () => {
  test("is an ordinary link to the neutral site", async ({ browser, baseURL }) => {
    const page = await pageWithoutScripts(browser, baseURL);
    await serveNeutralPage(page.context());
    await page.goto("/");
    await expect(quickExitLink(page)).toHaveAttribute("href", QUICK_EXIT_URL);
    await quickExitLink(page).click();
    await expect(page).toHaveURL(QUICK_EXIT_URL);
    await expect(page).toHaveTitle(NEUTRAL_TITLE);
    await page.context().close();
  });
});
