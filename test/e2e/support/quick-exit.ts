import type { BrowserContext, Locator, Page } from "@playwright/test";
import { QUICK_EXIT_URL } from "./config";
import { expect } from "./test";

declare global {
  interface Window {
    __exits?: string[];
  }
}

export const NEUTRAL_TITLE = "Weather";

/** The neutral site, answered locally: the tests never reach the internet. */
export async function serveNeutralPage(context: BrowserContext) {
  await context.route(
    (url) => url.href.startsWith(QUICK_EXIT_URL),
    (route) => route.fulfill({ contentType: "text/html", body: `<title>${NEUTRAL_TITLE}</title><h1>Forecast</h1>` }),
  );
}

/**
 * Serves the neutral site and notes the Referer its page was asked for with, which must be none:
 * the site's address never reaches it. Answers the reader ("not requested" until it is).
 */
export async function serveNeutralPageNotingReferer(context: BrowserContext): Promise<() => string | undefined> {
  await serveNeutralPage(context);
  let referer: string | undefined = "not requested";
  await context.route(
    (url) => url.href.startsWith(QUICK_EXIT_URL),
    async (route) => {
      referer = route.request().headers().referer;
      await route.fallback();
    },
  );
  return () => referer;
}

/**
 * Records every navigation the page starts towards the neutral site, the moment it starts (the
 * Navigation API's navigate event fires inside location.replace), so "it did not leave" can be read
 * as soon as a later key press proves the earlier ones were handled. Answers the reader.
 */
export async function recordExits(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript((neutral) => {
    window.__exits = [];
    const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
    navigation?.addEventListener("navigate", (event) => {
      const url = (event as unknown as { destination: { url: string } }).destination.url;
      if (url.startsWith(neutral)) window.__exits?.push(url);
    });
  }, QUICK_EXIT_URL);
  return () => page.evaluate(() => window.__exits ?? []);
}

/**
 * Clicks a Quick exit control and checks that the neutral site replaced the page: the history is as
 * long as before (Back goes to the page before this one) and the site's address was not sent.
 */
export async function leaveWith(page: Page, control: Locator, referer: () => string | undefined) {
  const entries = await page.evaluate(() => history.length);
  await control.click();
  await expect(page).toHaveURL(QUICK_EXIT_URL);
  await expect(page).toHaveTitle(NEUTRAL_TITLE);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  expect(referer()).toBeUndefined();
}
