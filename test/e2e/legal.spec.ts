import { expect, test } from "@playwright/test";
import { BRAND_NAME, CONTACT_EMAIL } from "./support/config";

const EVERY_PAGE = [
  /emotional support, not professional mental health services/i,
  /immediate danger/i,
  /Last updated June 11, 2025/,
];

const PAGES = [
  {
    path: "/privacypolicy",
    title: "Privacy Policy",
    statements: [
      /deleted automatically after 7 days/,
      /IP addresses: deleted after 30 days/,
      /Reports: kept for 30 days/,
      /at least 13 years old/,
      /under\s+18, please have a parent’s or guardian’s consent/,
    ],
  },
  {
    path: "/termsofservice",
    title: "Terms of Service",
    statements: [
      /Each chat session can last up to 20 minutes/,
      /may extend a session/,
      /deleted automatically after 7 days/,
      /at least 13 years old/,
      /988/,
      /741741/,
    ],
  },
  {
    path: "/cookiepolicy",
    title: "Cookie Policy",
    statements: [/at most 30 days/, /HttpOnly/, /SameSite=Lax/, /signed copy of your session for up to 5 minutes/],
  },
];

test.describe("the legal pages", () => {
  for (const legal of PAGES) {
    test(`${legal.title} states the service's policy`, async ({ page }) => {
      const response = await page.goto(legal.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${legal.title} | ${BRAND_NAME}`);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: legal.title })).toBeVisible();
      for (const statement of [...EVERY_PAGE, ...legal.statements]) {
        await expect(main.getByText(statement).first(), String(statement)).toBeVisible();
      }
      await expect(main.getByRole("link", { name: CONTACT_EMAIL }).first()).toHaveAttribute(
        "href",
        `mailto:${CONTACT_EMAIL}`,
      );
      await expect(main.getByRole("region", { name: "Crisis Resources" })).toBeVisible();
    });
  }
});
