import { expect, type Page, test } from "@playwright/test";
import { BRAND_NAME, CONTACT_EMAIL, PUBLIC_PAGES, SOCIAL_URL, SUPPORT_CHAT_PATH } from "./support/config";
import { expectNoSideScroll } from "./support/layout";
import { menuIsOpen, menuToggle } from "./support/mobile-menu";
import { waitForPageScripts } from "./support/test";

async function expectHeader(page: Page) {
  const header = page.getByRole("banner");
  await expect(header.getByText(BRAND_NAME, { exact: true })).toBeVisible();
  await expect(header.getByText("Emotional Support", { exact: true })).toBeVisible();
  await expect(header.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
  await expect(header.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/signup");
}

async function expectFooter(page: Page) {
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText(BRAND_NAME, { exact: true })).toBeVisible();
  await expect(footer.getByText("EMOTIONAL SUPPORT", { exact: true })).toBeVisible();
  await expect(footer.getByText(/emotional support, not professional mental health services/)).toBeVisible();

  const quickLinks = footer.getByRole("navigation", { name: "Quick Links" });
  await expect(quickLinks.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(quickLinks.getByRole("link", { name: "Start Talking" })).toHaveAttribute("href", SUPPORT_CHAT_PATH);
  await expect(quickLinks.getByRole("link", { name: CONTACT_EMAIL })).toHaveAttribute(
    "href",
    `mailto:${CONTACT_EMAIL}`,
  );
  const social = quickLinks.getByRole("link", { name: /Follow us/ });
  await expect(social).toHaveAttribute("href", SOCIAL_URL);
  await expect(social).toHaveAttribute("rel", "noopener noreferrer");

  const legal = footer.getByRole("navigation", { name: "Legal" });
  await expect(legal.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacypolicy");
  await expect(legal.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/termsofservice");
  await expect(legal.getByRole("link", { name: "Cookie Policy" })).toHaveAttribute("href", "/cookiepolicy");

  await expect(footer.getByText(`© 2025 ${BRAND_NAME}. All rights reserved.`)).toBeVisible();
  await expect(footer.getByText("Made with love for those who need support")).toBeVisible();
}

test.describe("the header and footer", () => {
  for (const { path } of PUBLIC_PAGES) {
    test(`are complete on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectHeader(page);
      await expectFooter(page);
    });
  }

  test("the crisis box offers every crisis number of the visitor's country as a call or text link", async ({
    page,
  }) => {
    // The browser's language says en-US: the United States' lines.
    await page.goto("/");
    const box = page.getByRole("contentinfo").getByRole("region", { name: "Crisis Resources" });
    await expect(box.getByText("988 Suicide & Crisis Lifeline:")).toBeVisible();
    await expect(box.getByText("Crisis Text Line:")).toBeVisible();
    await expect(box.getByText("Emergency:")).toBeVisible();
    const expected: Record<string, string> = {
      "Call 988": "tel:988",
      "Text 988": "sms:988",
      "Text 741741": "sms:741741",
      "Call 911": "tel:911",
    };
    for (const [name, href] of Object.entries(expected)) {
      await expect(box.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(box.getByRole("link")).toHaveCount(Object.keys(expected).length + 1);
    await expect(box.getByRole("link", { name: "Not in the United States? Choose your country" })).toHaveAttribute(
      "href",
      "/crisis-help/country?back=%2F",
    );
  });

  test("/header renders the header alone and /footer the footer alone", async ({ page }) => {
    await page.goto("/header");
    await expectHeader(page);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await page.goto("/footer");
    await expectFooter(page);
    await expect(page.getByRole("banner")).toHaveCount(0);
  });
});

test.describe("the mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens and closes with the toggle and shows the navigation", async ({ page }) => {
    await page.goto("/privacypolicy");
    await waitForPageScripts(page);
    const toggle = menuToggle(page);
    await expect(toggle).toHaveAccessibleName("Open menu");
    expect(await menuIsOpen(page)).toBe(false);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();

    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(toggle).toHaveAccessibleName("Close menu");
    expect(await menuIsOpen(page)).toBe(true);
    await expect(menu.getByRole("link", { name: "Home" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "How It Works" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Get Started" })).toBeVisible();

    await menu.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(menu).toBeHidden();
    await expect(menuToggle(page)).toHaveAccessibleName("Open menu");
    expect(await menuIsOpen(page)).toBe(false);
  });

  test("works from the keyboard: Enter opens, Tab reaches the links, Escape closes", async ({ page }) => {
    await page.goto("/");
    await waitForPageScripts(page);
    await menuToggle(page).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Home" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });

  test("nothing on a public page is wider than the screen", async ({ page }) => {
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      await expectNoSideScroll(page, path);
    }
  });
});

test.describe("at 320 px, the narrowest supported width", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("no public page scrolls sideways", async ({ page }) => {
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      await expectNoSideScroll(page, path);
    }
  });
});
