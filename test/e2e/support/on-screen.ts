import type { Locator, Page } from "@playwright/test";
import { expect } from "./test";

/** Fails unless the element's box lies wholly on the screen, saying which edge is off it. */
export async function expectOnScreen(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const screen = page.viewportSize();
  expect(box, `${what} is laid out`).not.toBeNull();
  if (!box || !screen) return;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(screen.width);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(screen.height);
}
