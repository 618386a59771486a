import type { Page } from "@playwright/test";

/**
 * The header's phone menu is a native <details> (app/components/layout/site-header.tsx). Its toggle
 * is the <summary>, which has no ARIA role of its own (ARIA in HTML allows none on a details'
 * summary; browsers expose it as an expandable button from the details' open state) and which
 * Playwright's role engine does not count as a button: so it is found as the header's summary and
 * known by its accessible name, 'Open menu' or 'Close menu', and its state is the details' `open`.
 */
export const menuToggle = (page: Page) => page.getByRole("banner").locator("summary");

export const mobileMenu = (page: Page) => page.getByRole("navigation", { name: "Mobile" });

/** Whether the phone menu is open (the details' state, which is what assistive technology reads). */
export function menuIsOpen(page: Page): Promise<boolean> {
  return page
    .getByRole("banner")
    .locator("details")
    .evaluate((details) => (details as HTMLDetailsElement).open);
}
