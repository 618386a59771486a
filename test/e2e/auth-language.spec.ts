import type { Browser, Page } from "@playwright/test";
import { m } from "../../app/paraglide/messages";
import { seriousViolations } from "./support/axe";
import { expectNoSideScroll } from "./support/layout";
import { borrowContext } from "./support/shared-context";
import { expect, randomClientAddress, test, uniqueEmail, waitForPageScripts } from "./support/test";

/**
 * The sign-in screens for a browser set to Spanish (es-MX), on a phone: their words, the checks
 * their page script makes before posting, the server's answer to the same form without scripts,
 * and better-auth's refusals, all in Spanish.
 */

const PHONE = { width: 375, height: 740 };
const es = { locale: "es" as const };

async function spanishBrowser(browser: Browser, baseURL: string | undefined, javaScriptEnabled = true): Promise<Page> {
  const context = await borrowContext(
    browser,
    { baseURL, locale: "es-MX", viewport: PHONE, javaScriptEnabled },
    randomClientAddress(),
  );
  return context.newPage();
}

const password = (page: Page) => page.getByLabel(m.auth_password({}, es), { exact: true });
const confirmation = (page: Page) => page.getByLabel(m.auth_confirm_password({}, es), { exact: true });
const TOO_SHORT = m.auth_password_too_short({ min: 6 }, es);

test("signs up in Spanish: the screen, a check before posting in Spanish, and the new account", async ({
  browser,
  baseURL,
}) => {
  const page = await spanishBrowser(browser, baseURL);
  await page.goto("/signup");
  await waitForPageScripts(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle(new RegExp(`^${m.auth_sign_up_title({}, es)} \\|`));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: m.auth_sign_up_title({}, es) })).toBeVisible();
  await expect(main.getByText(m.auth_sign_up_lead({}, es))).toBeVisible();
  await expect(page.getByLabel(m.auth_username_label({}, es))).toHaveAccessibleDescription(
    m.auth_username_hint({}, es),
  );
  await expect(main.getByRole("link", { name: m.legal_terms_of_service({}, es) })).toHaveAttribute(
    "href",
    "/termsofservice",
  );
  await expectNoSideScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel(m.auth_email({}, es)).fill(uniqueEmail());
  await password(page).fill("corta");
  // The page script's own words: show/hide, then the check it makes before posting.
  await page
    .getByRole("button", { name: `${m.auth_password_show({}, es)} ${m.auth_password({}, es).toLowerCase()}` })
    .click();
  await expect(password(page)).toHaveAttribute("type", "text");
  await expect(
    page.getByRole("button", { name: `${m.auth_password_hide({}, es)} ${m.auth_password({}, es).toLowerCase()}` }),
  ).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: m.auth_create_account_button({}, es) }).click();
  await expect(page.getByRole("alert")).toHaveText(TOO_SHORT);
  await expect(password(page)).toBeFocused();
  await expect(password(page)).toHaveAccessibleDescription(TOO_SHORT);
  await expect(page).toHaveURL(/\/signup$/);
  expect(await seriousViolations(page)).toEqual([]);

  await password(page).fill("pasos firmes");
  await confirmation(page).fill("pasos distintos");
  await page.getByRole("button", { name: m.auth_create_account_button({}, es) }).click();
  await expect(page.getByRole("alert")).toHaveText(m.auth_passwords_do_not_match({}, es));
  await expect(confirmation(page)).toBeFocused();

  await confirmation(page).fill("pasos firmes");
  await page.getByLabel(m.auth_gender({}, es)).selectOption({ label: m.auth_gender_female({}, es) });
  await page.getByRole("button", { name: m.auth_create_account_button({}, es) }).click();
  await page.waitForURL("**/chat");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});

test("without scripts, the server refuses the same password with the same Spanish words, keeping what was typed", async ({
  browser,
  baseURL,
}) => {
  const page = await spanishBrowser(browser, baseURL, false);
  await page.goto("/signup");
  await expect(page.getByRole("heading", { level: 1, name: m.auth_sign_up_title({}, es) })).toBeVisible();
  const email = uniqueEmail();
  await page.getByLabel(m.auth_email({}, es)).fill(email);
  await password(page).fill("corta");
  await confirmation(page).fill("corta");
  await page.getByLabel(m.auth_gender({}, es)).selectOption({ label: m.auth_gender_female({}, es) });
  await page.getByRole("button", { name: m.auth_create_account_button({}, es) }).click();

  await expect(page.getByRole("alert")).toHaveText(TOO_SHORT);
  await expect(password(page)).toHaveAccessibleDescription(TOO_SHORT);
  await expect(page.getByLabel(m.auth_email({}, es))).toHaveValue(email);
  await expect(page.getByLabel(m.auth_gender({}, es))).toHaveValue("female");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expectNoSideScroll(page);
});

test("signs in in Spanish: the screen, a missing password, and a wrong one told in Spanish", async ({
  browser,
  baseURL,
}) => {
  const page = await spanishBrowser(browser, baseURL);
  // An account of the test's own, made as the sign-up page's request would be, then signed out.
  const email = uniqueEmail();
  const signedUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: "pasos firmes", gender: "male", name: "x" },
    headers: { Origin: baseURL ?? "", "Accept-Language": "es-MX" },
  });
  expect(signedUp.status()).toBe(200);
  await page.context().clearCookies();

  await page.goto("/login");
  await waitForPageScripts(page);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: m.auth_sign_in_title({}, es) })).toBeVisible();
  await expect(main.getByRole("link", { name: m.auth_forgot_password({}, es) })).toHaveAttribute("href", "/recover");
  await expect(main.getByRole("link", { name: m.auth_create_account_link({}, es) })).toBeVisible();

  await page.getByLabel(m.auth_email({}, es)).fill(email);
  await page.getByRole("button", { name: m.auth_sign_in_button({}, es) }).click();
  await expect(page.getByRole("alert")).toHaveText(m.auth_password_required({}, es));
  await expect(password(page)).toBeFocused();

  await password(page).fill("no es la mía");
  await page.getByRole("button", { name: m.auth_sign_in_button({}, es) }).click();
  await expect(page.getByRole("alert")).toHaveText(m.auth_incorrect_credentials({}, es));
  await expect(page.getByLabel(m.auth_email({}, es))).toHaveValue(email);
  await expectNoSideScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  await password(page).fill("pasos firmes");
  await page.getByRole("button", { name: m.auth_sign_in_button({}, es) }).click();
  await page.waitForURL("**/chat");
});
