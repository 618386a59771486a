import type { Page } from "@playwright/test";
import { m } from "../../app/paraglide/messages";
import { seriousViolations } from "./support/axe";
import { composer, openConversation } from "./support/chat-page";
import { SUPPORT_CHAT_PATH } from "./support/config";
import { menuToggle } from "./support/mobile-menu";
import { expect, newAccount, phoneBrowserIn, SPANISH_BROWSER, test } from "./support/test";

/**
 * The visitor's language: the browser's (Accept-Language) until they choose with the switch, which
 * works without scripts and is remembered across pages, a reload and signing in.
 */

const footer = (page: Page) => page.getByRole("contentinfo");
const es = { locale: "es" as const };

for (const javaScriptEnabled of [true, false]) {
  test(`a browser set to es-MX reads the site in Spanish, and the switch to English and back survives a reload and signing in${javaScriptEnabled ? "" : ", without scripts"}`, async ({
    browser,
    baseURL,
  }) => {
    const page = await phoneBrowserIn(browser, baseURL ?? "", "es-MX", javaScriptEnabled);
    // The landing page's Spanish address, and both addresses named for search engines.
    await page.goto("/");
    await expect(page).toHaveURL("/es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", `${baseURL}/es`);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${baseURL}/`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/es`);
    await expect(footer(page).getByText(m.footer_description({}, es))).toBeVisible();
    await expect(footer(page).getByRole("region", { name: m.crisis_heading({}, es) })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: m.hero_title({}, es) })).toBeVisible();
    await expect(page.getByRole("link", { name: m.hero_primary_cta({}, es) })).toBeVisible();
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);

    await footer(page).getByRole("button", { name: "English" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(footer(page).getByText(m.footer_description({}, { locale: "en" }))).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    // Signed in, the choice is the account's too: back to Spanish, then a new sign-in keeps it.
    const account = await newAccount(page, baseURL ?? "");
    await page.goto("/privacypolicy");
    await footer(page).getByRole("button", { name: "Español" }).click();
    await expect(page).toHaveURL("/es/privacypolicy");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const other = await phoneBrowserIn(browser, baseURL ?? "", "en-US", javaScriptEnabled);
    const signedIn = await other.request.post("/api/auth/sign-in/email", {
      data: { email: account.email, password: account.password },
      headers: { Origin: baseURL ?? "" },
    });
    expect(signedIn.status()).toBe(200);
    await other.goto("/privacypolicy");
    await expect(other.locator("html")).toHaveAttribute("lang", "es");
  });
}

test("a language the site does not speak is refused with words and changes nothing", async ({ browser, baseURL }) => {
  const page = await phoneBrowserIn(browser, baseURL ?? "", "es-MX");
  const refused = await page.request.post("/language", {
    form: { language: "xx", back: "/" },
    headers: { Origin: baseURL ?? "", "Accept-Language": "es-MX" },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain(m.language_invalid({}, es));
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});

test("in Spanish, the support conversation's line and its crisis banner speak Spanish, with the visitor's country's numbers", async ({
  browser,
  baseURL,
}) => {
  const page = await phoneBrowserIn(browser, baseURL ?? "", "es-MX");
  await newAccount(page, baseURL ?? "", { languages: SPANISH_BROWSER });
  await openConversation(page, SUPPORT_CHAT_PATH);
  await expect(page.getByRole("status").filter({ hasText: m.desk_no_listener_before_writing({}, es) })).toBeVisible();
  await composer(page).fill("ya no quiero vivir");
  const banner = page.getByRole("region", { name: m.banner_heading({}, es) });
  await expect(banner).toBeVisible();
  // Mexico has no line in the table: its emergency number, one tap away on the banner's line.
  await expect(banner.getByRole("link", { name: m.crisis_call({ number: "911" }, es) })).toHaveAttribute(
    "href",
    "tel:911",
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test("in Spanish, the header and its phone menu speak Spanish and hold the language switch", async ({
  browser,
  baseURL,
}) => {
  const page = await phoneBrowserIn(browser, baseURL ?? "", "es-MX");
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: m.quick_exit_button({}, es), exact: true })).toBeVisible();
  await expect(menuToggle(page)).toContainText(m.header_open_menu({}, es));
  await menuToggle(page).click();
  const menu = page.getByRole("navigation", { name: m.header_mobile_nav({}, es) });
  await expect(menu.getByRole("link", { name: m.header_how_it_works({}, es) })).toBeVisible();
  await menu.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(
    page.getByRole("banner").getByRole("link", { name: m.quick_exit_button({}, { locale: "en" }), exact: true }),
  ).toBeVisible();
});
