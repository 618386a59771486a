import { expect, test } from "@playwright/test";
import { m } from "../../app/paraglide/messages";
import { seriousViolations } from "./support/axe";
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
    statements: [
      /at most 30 days/,
      /HttpOnly/,
      /SameSite=Lax/,
      /signed copy of your session for up to 5 minutes/,
      /copy of your account’s choice for up to 5 minutes/,
    ],
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
      // The English is the original: no translation notice.
      await expect(main.getByRole("note")).toHaveCount(0);
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

const es = { locale: "es" as const };
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A message's words before its first parameter. */
const opening = (text: string) => text.slice(0, text.indexOf("{"));

/** The policy values as the pages state them (app/shared/legal.ts). */
const SPANISH_PAGES = [
  {
    path: "/privacypolicy",
    title: m.legal_privacy_policy({}, es),
    description: m.legal_privacy_description({}, es),
    statements: [
      m.legal_privacy_short_messages({ days: 7 }, es),
      m.legal_privacy_keep_ips({ days: 30 }, es),
      m.legal_privacy_keep_reports({ days: 30 }, es),
      m.legal_privacy_children({ brand: BRAND_NAME, minimumAge: 13, consentAge: 18 }, es),
      m.legal_privacy_who_danger({ emergency: m.crisis_inline_call({ numbers: "911" }, es) }, es),
    ],
  },
  {
    path: "/termsofservice",
    title: m.legal_terms_of_service({}, es),
    description: m.legal_terms_description({}, es),
    statements: [
      m.legal_terms_sessions_length({ minutes: 20 }, es),
      m.legal_terms_sessions_deleted({ days: 7 }, es),
      m.legal_terms_who({ brand: BRAND_NAME, minimumAge: 13, consentAge: 18 }, es),
      m.legal_terms_account_sign_out({ minutes: 10 }, es),
    ],
  },
  {
    path: "/cookiepolicy",
    title: m.legal_cookie_policy({}, es),
    description: m.legal_cookies_description({}, es),
    statements: [
      m.legal_cookies_lifetime({ days: 30, minutes: 10 }, es),
      m.legal_cookies_country({ choose: m.crisis_choose({}, es), minutes: 5 }, es),
      m.legal_cookies_help({ emergency: m.crisis_inline_call({ numbers: "911" }, es) }, es),
    ],
  },
];

test.describe("the legal pages, for a browser set to es-MX on a phone", () => {
  test.use({ locale: "es-MX", viewport: { width: 375, height: 740 } });

  for (const legal of SPANISH_PAGES) {
    test(`${legal.path} is in Spanish, says the English governs, and keeps every fact`, async ({ page }) => {
      await page.goto(legal.path);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page).toHaveTitle(`${legal.title} | ${BRAND_NAME}`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", legal.description);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: legal.title })).toBeVisible();
      await expect(main.getByRole("note")).toHaveText(
        m.legal_translation_notice({ english: m.language_name({}, { locale: "en" }) }, es),
      );
      await expect(main.getByText(m.legal_last_updated({ date: "11 de junio de 2025" }, es))).toBeVisible();
      await expect(main.getByText(m.legal_disclaimer_lead({}, es), { exact: true })).toBeVisible();
      for (const statement of legal.statements) {
        await expect(main.getByText(statement).first(), statement).toBeVisible();
      }
      // Mexico's emergency number inside the sentence, then its lines or the directory, and the chooser.
      await expect(main.getByRole("link", { name: "911", exact: true }).first()).toHaveAttribute("href", "tel:911");
      const linesOrDirectory = [
        m.crisis_inline_lines({ lines: "{" }, es),
        m.crisis_inline_directory({ directory: "{" }, es),
      ];
      await expect(
        main.getByText(new RegExp(linesOrDirectory.map((text) => escaped(opening(text))).join("|"))).first(),
      ).toBeVisible();
      await expect(main.getByRole("link", { name: m.crisis_not_in({ country: "México" }, es) }).first()).toBeVisible();
      await expect(main.getByRole("link", { name: CONTACT_EMAIL }).first()).toHaveAttribute(
        "href",
        `mailto:${CONTACT_EMAIL}`,
      );
      const others = main.getByRole("navigation", { name: m.legal_other_policies({}, es) });
      for (const other of SPANISH_PAGES.filter((page) => page !== legal)) {
        await expect(others.getByRole("link", { name: other.title })).toHaveAttribute("href", other.path);
      }
      await expect(main.getByText(/emotional support|immediate danger|Last updated/i)).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
