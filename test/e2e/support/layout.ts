import { expect, type Page } from "@playwright/test";

/**
 * Fails when the page scrolls sideways: something reaches past the screen's right edge. The
 * message names the widest elements, so a failure says where to look.
 */
export async function expectNoSideScroll(page: Page, where?: string) {
  const overflow = await page.evaluate(() => {
    const screen = document.documentElement.clientWidth;
    const widest = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => Math.max(element.getBoundingClientRect().right, element.scrollWidth) > screen + 1)
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
    return { scrollWidth: document.documentElement.scrollWidth, screen, widest };
  });
  expect(
    overflow.scrollWidth,
    `${where ?? page.url()} at ${overflow.screen} px scrolls sideways: ${overflow.widest.join(" | ")}`,
  ).toBeLessThanOrEqual(overflow.screen);
}
