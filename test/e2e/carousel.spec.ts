import { expect, type Page, test } from "@playwright/test";
import { CAROUSEL_INTERVAL_MS, ENCOURAGEMENT_SLIDES } from "../../app/lib/landing-content";
import { waitForPageScripts } from "./support/test";

const TITLES = [
  "You Are Stronger Than You Know",
  "Your Story Matters",
  "It's Okay to Not Be Okay",
  "Tomorrow Is a New Day",
  "You Are Not Alone",
  "Small Steps Count",
];

const carousel = (page: Page) => page.getByRole("region", { name: "Encouraging messages" });
const currentTitle = (page: Page) => carousel(page).getByRole("heading", { level: 3 });

const START = new Date("2026-01-05T09:00:00Z");

/** Opens the landing page with time stopped, so the test alone decides when 5 seconds pass. */
async function open(page: Page) {
  await page.clock.install({ time: START });
  // Installed time flows until paused; pausing a minute ahead, before the page exists (so no timer
  // can fire), cannot land in the past however slow the machine is.
  await page.clock.pauseAt(START.getTime() + 60_000);
  await page.goto("/");
  await expect(currentTitle(page)).toHaveText(TITLES[0] ?? "");
  // The controls only work once the page's carousel script has started (the landing page loads no framework).
  await waitForPageScripts(page);
}

test.describe("the encouragement carousel", () => {
  test("has the spec's six slides in order and is announced as a carousel", async ({ page }) => {
    expect(ENCOURAGEMENT_SLIDES.map((s) => s.title)).toEqual(TITLES);
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
    await page.goto("/");
    await expect(carousel(page)).toHaveAttribute("aria-roledescription", "carousel");
    await expect(carousel(page).locator('[aria-roledescription="slide"]')).toHaveCount(6);
    await expect(carousel(page).getByRole("group", { name: "1 of 6" })).toBeVisible();
  });

  test("advances every 5 seconds and wraps around after the last slide", async ({ page }) => {
    await open(page);
    await page.clock.runFor(4900);
    await expect(currentTitle(page)).toHaveText(TITLES[0] ?? "");
    for (let i = 1; i <= 6; i++) {
      await page.clock.runFor(CAROUSEL_INTERVAL_MS);
      await expect(currentTitle(page)).toHaveText(TITLES[i % 6] ?? "");
    }
  });

  test("moves with the previous, next and dot controls", async ({ page }) => {
    await open(page);
    const region = carousel(page);
    await region.getByRole("button", { name: "Next message" }).click();
    await expect(currentTitle(page)).toHaveText(TITLES[1] ?? "");
    await region.getByRole("button", { name: "Previous message" }).click();
    await region.getByRole("button", { name: "Previous message" }).click();
    await expect(currentTitle(page)).toHaveText(TITLES[5] ?? "");
    await region.getByRole("button", { name: `Show message 4: ${TITLES[3]}` }).click();
    await expect(currentTitle(page)).toHaveText(TITLES[3] ?? "");
    await expect(region.getByRole("button", { name: `Show message 4: ${TITLES[3]}` })).toHaveAttribute(
      "aria-current",
      "true",
    );
  });

  test("pauses while hovered and resumes when the pointer leaves", async ({ page }) => {
    await open(page);
    await carousel(page).hover();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3);
    await expect(currentTitle(page)).toHaveText(TITLES[0] ?? "");
    await page.mouse.move(0, 0);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expect(currentTitle(page)).toHaveText(TITLES[1] ?? "");
  });

  test("pauses while a control has keyboard focus", async ({ page }) => {
    await open(page);
    await carousel(page).getByRole("button", { name: "Next message" }).focus();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3);
    await expect(currentTitle(page)).toHaveText(TITLES[0] ?? "");
    await page.keyboard.press("Enter");
    await expect(currentTitle(page)).toHaveText(TITLES[1] ?? "");
  });

  test("stops with the Pause button and starts again with Play", async ({ page }) => {
    await open(page);
    await carousel(page).getByRole("button", { name: "Pause messages" }).click();
    await page.mouse.move(0, 0);
    await page.locator("body").focus();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3);
    await expect(currentTitle(page)).toHaveText(TITLES[0] ?? "");
    await carousel(page).getByRole("button", { name: "Play messages" }).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expect(currentTitle(page)).toHaveText(TITLES[1] ?? "");
  });

  test("does not move by itself when the person prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3);
    await expect(currentTitle(page)).toHaveText(TITLES[0] ?? "");
    await carousel(page).getByRole("button", { name: "Next message" }).click();
    await expect(currentTitle(page)).toHaveText(TITLES[1] ?? "");
  });
});
