import type { Page } from "@playwright/test";
import { CAROUSEL_TEXTS } from "../../app/components/landing/carousel-texts";
import { CAROUSEL_PARTS } from "../../app/lib/carousel";
import { CAROUSEL_INTERVAL_MS, ENCOURAGEMENT_SLIDES, SUPPORT_NOW } from "../../app/lib/landing-content";
import { seriousViolations } from "./support/axe";
import { expectNoSideScroll } from "./support/layout";
import { expect, newAccount, pageWithoutScripts, test, waitForHydration, waitForPageScripts } from "./support/test";

/**
 * The carousel is one DOM module (app/lib/carousel.ts) over server-rendered markup: started by the
 * landing page's own script for a visitor (carousel.spec.ts tests it there) and by the React
 * component on a hydrated page, a signed-in person's. Without scripts every message is listed.
 */

const TITLES = ENCOURAGEMENT_SLIDES.map((slide) => slide.title);
const carousel = (page: Page) => page.getByRole("region", { name: CAROUSEL_TEXTS.label });
const currentTitle = (page: Page) => carousel(page).getByRole("heading", { level: 3 });
const START = new Date("2026-01-05T09:00:00Z");

test.describe("the carousel without scripts", () => {
  test("lists every message, readable, and shows no control that would do nothing", async ({ browser, baseURL }) => {
    const page = await pageWithoutScripts(browser, baseURL);
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      const titles = carousel(page).getByRole("heading", { level: 3 });
      await expect(titles).toHaveText(TITLES);
      for (const slide of ENCOURAGEMENT_SLIDES) await expect(carousel(page).getByText(slide.text)).toBeVisible();
      // No Pause, Previous, Next or dots: nothing would move.
      await expect(carousel(page).getByRole("button")).toHaveCount(0);
      await expectNoSideScroll(page);
    }
    await page.context().close();
  });

  test("laid out as without scripts, it has no serious or critical accessibility violations", async ({ page }) => {
    // axe runs as a script, so the page is shown as a browser without scripts lays it out: the
    // stylesheet's no-js form (the inline script's mark removed).
    await page.goto("/");
    await waitForPageScripts(page);
    await page.evaluate(() => document.documentElement.removeAttribute("data-js"));
    await expect(carousel(page).getByRole("heading", { level: 3 })).toHaveCount(TITLES.length);
    await expect(carousel(page).getByRole("button")).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("the carousel on a hydrated page (signed in), started by its React component", () => {
  /** The landing page signed in, with time stopped so the test alone decides when 5 seconds pass. */
  async function open(page: Page, baseURL: string | undefined) {
    await newAccount(page, baseURL ?? "");
    await page.clock.install({ time: START });
    await page.clock.pauseAt(START.getTime() + 60_000);
    await page.goto("/");
    await waitForHydration(page);
    await expect(currentTitle(page)).toHaveText(TITLES[0] ?? "");
  }

  test("advances every 5 seconds, and moves with previous, next and the dots", async ({ page, baseURL }) => {
    await open(page, baseURL);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS - 100);
    await expect(currentTitle(page)).toHaveText(TITLES[0] ?? "");
    await page.clock.runFor(100);
    await expect(currentTitle(page)).toHaveText(TITLES[1] ?? "");

    const region = carousel(page);
    await region.getByRole("button", { name: CAROUSEL_TEXTS.previous }).click();
    await region.getByRole("button", { name: CAROUSEL_TEXTS.previous }).click();
    await expect(currentTitle(page)).toHaveText(TITLES[5] ?? "");
    const fourth = region.getByRole("button", { name: CAROUSEL_TEXTS.dot(4, TITLES[3] ?? "") });
    await fourth.click();
    await expect(currentTitle(page)).toHaveText(TITLES[3] ?? "");
    await expect(fourth).toHaveAttribute("aria-current", "true");
    await region.getByRole("button", { name: CAROUSEL_TEXTS.next }).click();
    await expect(currentTitle(page)).toHaveText(TITLES[4] ?? "");
  });

  test("pauses while hovered, while focused and with Pause; under reduced motion it never moves by itself", async ({
    page,
    baseURL,
  }) => {
    await open(page, baseURL);
    await carousel(page).hover();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expect(currentTitle(page)).toHaveText(TITLES[0] ?? "");
    await page.mouse.move(0, 0);

    await carousel(page).getByRole("button", { name: CAROUSEL_TEXTS.next }).focus();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expect(currentTitle(page)).toHaveText(TITLES[0] ?? "");
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    await carousel(page).getByRole("button", { name: CAROUSEL_TEXTS.pause }).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expect(currentTitle(page)).toHaveText(TITLES[0] ?? "");
    await expect(carousel(page).getByRole("button", { name: CAROUSEL_TEXTS.play })).toBeVisible();

    await page.emulateMedia({ reducedMotion: "reduce" });
    await carousel(page).getByRole("button", { name: CAROUSEL_TEXTS.play }).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expect(currentTitle(page)).toHaveText(TITLES[0] ?? "");
    // Once motion is allowed again, it moves on by itself.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    // The page hears of the change with its next rendering, not at once: the slides stop being
    // announced (aria-live off) once the carousel rotates again, and only then does time move on.
    await expect(carousel(page).locator(`[${CAROUSEL_PARTS.slides}]`)).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expect(currentTitle(page)).toHaveText(TITLES[1] ?? "");
  });
});

test.describe("the carousel with scripts, on the page without the framework", () => {
  test("changing message never moves what follows it, at 320, 375 and 1280 px", async ({ page }) => {
    await page.clock.install({ time: START });
    await page.clock.pauseAt(START.getTime() + 60_000);
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      await waitForPageScripts(page);
      const after = page.getByRole("link", { name: SUPPORT_NOW.cta });
      const at = async () => (await after.boundingBox())?.y;
      const first = await at();
      for (let i = 1; i <= TITLES.length; i++) {
        await page.clock.runFor(CAROUSEL_INTERVAL_MS);
        await expect(currentTitle(page)).toHaveText(TITLES[i % TITLES.length] ?? "");
        expect(await at(), `${width} px, message ${i + 1}`).toBe(first);
      }
    }
  });
});
