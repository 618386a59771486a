import type { BrowserContext, Page } from "@playwright/test";
import { QUICK_EXIT_URL } from "./config";

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
