import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { type Browser, type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import { pngWithMetadata } from "../../unit/images/fixtures";
import { newAccount } from "./accounts";
import { readSessionProbe } from "./session-probe";
import { borrowContext, giveBackAll } from "./shared-context";

/**
 * Every test acts from its own client address (an IPv6 documentation address in its own /64), so
 * the per-address rate limits of one test never reach another. Locally the Worker reads the
 * address from cf-connecting-ip as sent; on Cloudflare the edge sets it.
 *
 * A test's browser contexts, its own and those its helpers make for other people, are kept from
 * test to test, cleared between them but for their cache (see shared-context.ts).
 */
export const test = base.extend<{ contextsGoBack: undefined }>({
  context: async ({ browser, baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch, viewport }, use) => {
    const options = { baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch, viewport };
    await use(await borrowContext(browser, options, randomClientAddress()));
  },
  page: async ({ context }, use) => {
    await use(await context.newPage());
  },
  // Set up before, and so ended after, every other fixture of the test: the test's own context and
  // any its helpers lent go back, whether or not the test closed them.
  contextsGoBack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads this pattern to learn a fixture's dependencies
    async ({}, use) => {
      await use(undefined);
      await giveBackAll();
    },
    { auto: true },
  ],
});

/** A client address of its own, for a browser context a test makes itself. */
export function randomClientAddress(): string {
  const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
  return `2001:db8:${hex()}:${hex()}::1`;
}
export { expect, newAccount };

/** What a browser set to Mexican Spanish says it reads. */
export const SPANISH_BROWSER = "es-MX,es;q=0.9";

export const SEEDED_SUPPORT = { email: "support@kindred.local", password: "kindred-local-support" };

let counter = 0;
export function uniqueEmail(): string {
  counter += 1;
  return `visitor-${Date.now().toString(36)}-${counter}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A small real PNG (with metadata the server strips), optionally padded to a given size. */
export function pngFile(name = "me.png", size?: number) {
  const png = pngWithMetadata();
  const buffer = Buffer.alloc(Math.max(size ?? png.length, png.length));
  buffer.set(png);
  return { name, mimeType: "image/png", buffer };
}

/**
 * The same PNG as a file on disk, for the large ones: a file input is given its path, where a
 * file's bytes would cross the protocol to the browser encoded as text (seconds of CPU for 10 MB).
 * It is written to the test's own output folder, which Playwright empties at the next run.
 */
export function pngFileOnDisk(name: string, size: number): string {
  const path = test.info().outputPath(name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, pngFile(name, size).buffer);
  return path;
}

/**
 * Waits until React has hydrated the page. Polled from the test, not with waitForFunction, whose
 * default animation-frame polling never runs while a test holds the page's clock still. The
 * framework starts only once the page has painted and its modules have arrived: with both cores
 * busy (the whole suite on CI) that once took over the default 5 s.
 */
export async function waitForHydration(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.hydrated), { timeout: 15_000 })
    .toBe("true");
}

/**
 * Waits until the page's scripts run: on a page without the framework (a public page, signed out),
 * until its own module has started the carousel and the phone menu (`data-enhanced`); elsewhere
 * until React has hydrated it. Quick exit needs neither: it runs from the page's inline script.
 */
export async function waitForPageScripts(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const { hydrated, enhanced } = document.documentElement.dataset;
        return hydrated === "true" || enhanced === "true";
      }),
    )
    .toBe(true);
}

/**
 * An account made by signing up over HTTP, as the sign-up page's request does; the page's context
 * holds its session cookie. Only for a test that checks what signing up itself does (a country
 * chosen in this browser kept on the account, say): the others take `newAccount`, which hashes no
 * password on the server.
 */
export async function signUpThroughApi(page: Page, baseURL: string) {
  const email = uniqueEmail();
  const password = "a calm password";
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password, gender: "female", name: "x" },
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(200);
  const { user } = (await response.json()) as { user: { id: string; username: string } };
  return { email, password, user };
}

/**
 * Opens the account menu. The signed-in header hydrates a moment after the page (it is a lazy
 * chunk), and a click before that is lost, so click until the menu reports itself open.
 */
export async function openAccountMenu(page: Page) {
  const button = page.getByRole("button", { name: /account menu/ });
  await expect(async () => {
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true", { timeout: 500 });
  }).toPass();
}

/**
 * The inactivity rules load lazily after hydration, and React schedules that with timers, which a
 * stopped clock holds back: move time in 100 ms steps until the rules' timers are armed and, unless
 * told otherwise, the first activity check (sent as the inbox socket opens) is answered.
 *
 * Why the answer too: the server's clock runs in real time while the page's is the test's. A check
 * first sent after the test moved the page's time by minutes would tell the server of activity
 * minutes ago, while the server knows the sign-in from a moment ago; the page would rightly take
 * the newer time and push its own timers back.
 */
export async function waitForSessionTimers(page: Page, { firstCheckAnswered = true } = {}) {
  await waitForHydration(page);
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return (await readSessionProbe(page)).armed;
    })
    .toBe(true);
  if (!firstCheckAnswered) return;
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return (await readSessionProbe(page)).answers;
    })
    .toBeGreaterThan(0);
}

/**
 * Holds back every request matching `url` until `release` is called: a slow network, or a search
 * still on its way, made deterministic.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * A page in a browser that runs no scripts (its own context and client address): what the site must
 * still do with plain HTML forms. Close its context when done.
 */
export async function pageWithoutScripts(
  browser: Browser,
  baseURL: string | undefined,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await borrowContext(
    browser,
    { baseURL, ...options, javaScriptEnabled: false },
    randomClientAddress(),
  );
  return context.newPage();
}

/**
 * Another person, with a new account in a browser of their own (own cookies, own client address):
 * someone to write to, block or report. Close the context when done.
 */
export async function anotherPerson(
  browser: Browser,
  baseURL: string,
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
) {
  const context = await borrowContext(browser, { baseURL, ...options }, randomClientAddress());
  const page = await context.newPage();
  const account = await newAccount(page, baseURL);
  return { context, page, ...account };
}

/** A browser context of its own signed in as the seeded Support account (also the admin). */
export async function signedInAsSupport(
  browser: Browser,
  baseURL: string,
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await borrowContext(browser, { baseURL, viewport }, randomClientAddress());
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: SEEDED_SUPPORT,
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(200);
  return { context, page };
}

/** A browser of its own (own cookies, own client address) set to `locale`, on a 375 px phone. */
export async function phoneBrowserIn(
  browser: Browser,
  baseURL: string,
  locale: string,
  javaScriptEnabled = true,
): Promise<Page> {
  const context = await borrowContext(
    browser,
    { baseURL, locale, viewport: { width: 375, height: 740 }, javaScriptEnabled },
    randomClientAddress(),
  );
  return context.newPage();
}
