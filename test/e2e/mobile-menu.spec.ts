import type { Page } from "@playwright/test";
import { QUICK_EXIT_TEXTS } from "../../app/lib/quick-exit-texts";
import { seriousViolations } from "./support/axe";
import { PUBLIC_PAGES } from "./support/config";
import { expectNoSideScroll } from "./support/layout";
import { menuIsOpen, menuToggle, mobileMenu } from "./support/mobile-menu";
import { expectOnScreen } from "./support/on-screen";
import { expect, pageWithoutScripts, test, waitForPageScripts } from "./support/test";

/** The common phone widths, each with a common screen height for it. */
const PHONES = [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
] as const;

async function expectMenuItems(page: Page) {
  const menu = mobileMenu(page);
  for (const name of ["Home", "How It Works", "Get Started"]) {
    const link = menu.getByRole("link", { name, exact: true });
    await expect(link).toBeVisible();
    await expectOnScreen(page, link, `'${name}'`);
  }
}

test.describe("the phone menu without scripts", () => {
  for (const screen of PHONES) {
    test(`at ${screen.width} px it opens and closes with its toggle, and fits the screen`, async ({
      browser,
      baseURL,
    }) => {
      const page = await pageWithoutScripts(browser, baseURL);
      await page.setViewportSize(screen);
      for (const { path } of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(menuToggle(page), path).toHaveAccessibleName("Open menu");
        await expect(mobileMenu(page), path).toBeHidden();

        await menuToggle(page).click();
        await expect(menuToggle(page), path).toHaveAccessibleName("Close menu");
        expect(await menuIsOpen(page), path).toBe(true);
        await expectMenuItems(page);
        await expectOnScreen(page, mobileMenu(page), `${path}: the menu`);
        // Quick exit stays in view beside the open menu's toggle, and nothing scrolls sideways.
        await expect(
          page.getByRole("banner").getByRole("link", { name: QUICK_EXIT_TEXTS.button, exact: true }),
        ).toBeInViewport({ ratio: 1 });
        await expectNoSideScroll(page);

        await menuToggle(page).click();
        await expect(mobileMenu(page), path).toBeHidden();
        await expect(menuToggle(page), path).toHaveAccessibleName("Open menu");
      }
      await page.context().close();
    });
  }

  test("its links are ordinary links: one to another page opens it with the menu closed", async ({
    browser,
    baseURL,
  }) => {
    const page = await pageWithoutScripts(browser, baseURL);
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto("/privacypolicy");
    await menuToggle(page).click();
    await mobileMenu(page).getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
    await expect(mobileMenu(page)).toBeHidden();
    await page.context().close();
  });
});

test.describe("the phone menu with scripts, on a page without the framework", () => {
  for (const screen of PHONES) {
    test.describe(`at ${screen.width} px`, () => {
      test.use({ viewport: screen });

      test("Escape closes it and gives focus back to its toggle; a press with focus elsewhere closes it too", async ({
        page,
      }) => {
        await page.goto("/termsofservice");
        await waitForPageScripts(page);
        await menuToggle(page).focus();
        await page.keyboard.press("Enter");
        await expect(mobileMenu(page)).toBeVisible();
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        await expect(mobileMenu(page).getByRole("link", { name: "How It Works" })).toBeFocused();

        await page.keyboard.press("Escape");
        await expect(mobileMenu(page)).toBeHidden();
        await expect(menuToggle(page)).toBeFocused();
        await expect(menuToggle(page)).toHaveAccessibleName("Open menu");

        // Opened with the pointer, and Escape pressed while focus is on the toggle itself.
        await menuToggle(page).click();
        await expect(mobileMenu(page)).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(mobileMenu(page)).toBeHidden();
        await expect(menuToggle(page)).toBeFocused();
      });

      test("Escape closes it even before the page has heard it open (its toggle event still on the way)", async ({
        page,
      }) => {
        // A busy page may run the menu's queued `toggle` event after the next key press: hold every
        // such event back until the test lets it go.
        await page.addInitScript(() => {
          const held: (() => void)[] = [];
          (window as unknown as { releaseToggles: () => void }).releaseToggles = () => {
            for (const run of held.splice(0)) run();
          };
          const listen = EventTarget.prototype.addEventListener;
          EventTarget.prototype.addEventListener = function (this: EventTarget, type, listener, options) {
            if (type !== "toggle" || !(this instanceof HTMLDetailsElement) || typeof listener !== "function") {
              return listen.call(this, type, listener, options);
            }
            const late = function (this: EventTarget, event: Event) {
              held.push(() => listener.call(this, event));
            };
            return listen.call(this, type, late, options);
          } as typeof listen;
        });
        await page.goto("/termsofservice");
        await waitForPageScripts(page);
        await menuToggle(page).focus();
        await page.keyboard.press("Enter");
        await expect(mobileMenu(page)).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(mobileMenu(page)).toBeHidden();
        await expect(menuToggle(page)).toBeFocused();
        // The late events change nothing: it stays closed, and opens and closes as before.
        await page.evaluate(() => (window as unknown as { releaseToggles: () => void }).releaseToggles());
        await expect(mobileMenu(page)).toBeHidden();
        await menuToggle(page).click();
        await expect(mobileMenu(page)).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(mobileMenu(page)).toBeHidden();
      });

      test("a link to a section of the same page closes it", async ({ page }) => {
        await page.goto("/");
        await waitForPageScripts(page);
        await menuToggle(page).click();
        await mobileMenu(page).getByRole("link", { name: "How It Works" }).click();
        await expect(page).toHaveURL(/\/#how-it-works$/);
        await expect(mobileMenu(page)).toBeHidden();
        await expect(page.getByRole("heading", { level: 2, name: "How It Works" })).toBeInViewport();
      });
    });
  }

  test("open at 320 px, it has no serious or critical accessibility violations", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await page.goto("/privacypolicy");
    await waitForPageScripts(page);
    await menuToggle(page).click();
    await expect(mobileMenu(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("opened before the page's script arrived, Escape still closes it once the script runs", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/public-page-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/cookiepolicy", { waitUntil: "commit" });
    await menuToggle(page).click();
    await expect(mobileMenu(page)).toBeVisible();
    release();
    await waitForPageScripts(page);
    await page.keyboard.press("Escape");
    await expect(mobileMenu(page)).toBeHidden();
    await expect(menuToggle(page)).toBeFocused();
  });
});
