import type { Page } from "@playwright/test";
import { CRISIS_BANNER_TEXTS } from "../../app/components/chat/crisis-banner";
import { overwriteGetLocale } from "../../app/paraglide/runtime";
import {
  COUNTRY_CHOOSER,
  CRISIS_HELP_TEXTS,
  type CrisisHelp,
  countryName,
  emergencyContact,
  firstContacts,
  HELPLINE_DIRECTORY_URL,
  lineContacts,
} from "../../app/shared/crisis-help";
import { DEFAULT_LANGUAGE, languagesOfHeader } from "../../app/shared/languages";
import { crisisHelpFor } from "../../worker/crisis-help/country-help";
import { seriousViolations } from "./support/axe";
import { composer, openConversation } from "./support/chat-page";
import { SUPPORT_CHAT_PATH } from "./support/config";
import { expect, newAccount, phoneBrowserIn, signUpThroughApi, test } from "./support/test";

/**
 * Crisis help that works where the visitor is: a browser set to each language sees its own
 * country's line and emergency number on the landing page and on the conversation's crisis banner,
 * and never 988 outside the United States; the chooser changes every surface, with or without
 * scripts, and the choice survives a reload, signing in and another device.
 */

// The tests below the browsers' read English pages; each browser's own test sets its language.
test.beforeEach(() => overwriteGetLocale(() => DEFAULT_LANGUAGE));

/** A browser of its own set to `locale`, on a phone. */
const crisisBox = (page: Page) =>
  page.getByRole("contentinfo").getByRole("region", { name: CRISIS_HELP_TEXTS.heading });
const crisisBanner = (page: Page) => page.getByRole("region", { name: CRISIS_BANNER_TEXTS.heading });

/** The box shows the country's lines and emergency numbers, each a link, and the chooser. */
async function expectBoxFor(page: Page, help: CrisisHelp) {
  const box = crisisBox(page);
  for (const line of help.lines) {
    for (const contact of lineContacts(line)) {
      await expect(box.getByRole("link", { name: contact.label, exact: true }).first()).toHaveAttribute(
        "href",
        contact.href,
      );
    }
  }
  for (const emergency of help.emergency) {
    const contact = emergencyContact(emergency);
    await expect(box.getByRole("link", { name: contact.label, exact: true })).toHaveAttribute("href", contact.href);
  }
  if (help.lines.length === 0) {
    await expect(box.getByRole("link", { name: CRISIS_HELP_TEXTS.directory })).toHaveAttribute(
      "href",
      HELPLINE_DIRECTORY_URL,
    );
  }
  const country = help.country ? countryName(help.country) : "";
  await expect(box.getByRole("link", { name: CRISIS_HELP_TEXTS.notIn(country) })).toBeVisible();
}

/**
 * Nothing on the page offers 988, which connects only in the countries whose own line it is: no link,
 * and no word of it on a crisis surface (the page's own text can hold a username's digits).
 */
async function expectNo988(page: Page) {
  await expect(page.locator('a[href^="tel:988"], a[href^="sms:988"]')).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).not.toContainText("988");
  if (await crisisBanner(page).count()) await expect(crisisBanner(page)).not.toContainText("988");
}

const BROWSERS = [
  { locale: "en-US", country: "US" },
  { locale: "es-MX", country: "MX" },
  { locale: "de-DE", country: "DE" },
  { locale: "en-IN", country: "IN" },
  { locale: "en-GB", country: "GB" },
  { locale: "en-AU", country: "AU" },
  { locale: "is-IS", country: "IS" },
] as const;

for (const { locale, country } of BROWSERS) {
  test(`a browser set to ${locale} sees its own country's crisis help on the landing page and on the conversation's banner`, async ({
    browser,
    baseURL,
  }) => {
    // The expected words are the page's: in the browser's language where the site speaks it.
    const language = languagesOfHeader(locale)[0] ?? DEFAULT_LANGUAGE;
    overwriteGetLocale(() => language);
    const help = crisisHelpFor(country);
    const page = await phoneBrowserIn(browser, baseURL ?? "", locale);
    await page.goto("/");
    await expectBoxFor(page, help);
    if (country !== "US") await expectNo988(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Signed in, in the support conversation, writing words of crisis: the banner's one line holds
    // the country's first line (or its emergency number), one tap each, before it is opened.
    await newAccount(page, baseURL ?? "");
    await openConversation(page, SUPPORT_CHAT_PATH);
    await composer(page).fill("I don't want to be alive anymore");
    const banner = crisisBanner(page);
    await expect(banner).toBeVisible();
    for (const contact of firstContacts(help)) {
      const link = banner.getByRole("link", { name: contact.label, exact: true });
      await expect(link).toHaveAttribute("href", contact.href);
      await expect(link).toBeInViewport();
    }
    if (country !== "US") await expectNo988(page);
  });
}

test("choosing another country changes every surface, and the choice survives a reload, signing in and another device", async ({
  browser,
  baseURL,
}) => {
  const germany = crisisHelpFor("DE");
  const iceland = crisisHelpFor("IS");
  const page = await phoneBrowserIn(browser, baseURL ?? "", "de-DE");
  await page.goto("/privacypolicy");
  await expectBoxFor(page, germany);
  await crisisBox(page)
    .getByRole("link", { name: CRISIS_HELP_TEXTS.notIn("Germany") })
    .click();
  await expect(page).toHaveURL(`${COUNTRY_CHOOSER.path}?back=%2Fprivacypolicy`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("combobox", { name: CRISIS_HELP_TEXTS.chooserLabel }).selectOption({ label: "Iceland" });
  await page.getByRole("button", { name: CRISIS_HELP_TEXTS.chooserSubmit }).click();
  // Back where the visitor was, with Iceland's help on the page and in its footer.
  await expect(page).toHaveURL("/privacypolicy");
  await expectBoxFor(page, iceland);
  const [first] = lineContacts(iceland.lines[0] ?? { name: "", hours: null, free: null });
  await expect(
    page
      .getByRole("main")
      .getByRole("link", { name: first?.label ?? "" })
      .first(),
  ).toBeVisible();
  await page.reload();
  await expectBoxFor(page, iceland);

  // Signing up keeps it, on this device and on the account.
  const account = await signUpThroughApi(page, baseURL ?? "");
  await openConversation(page, SUPPORT_CHAT_PATH);
  await composer(page).fill("I want to end my life");
  for (const contact of firstContacts(iceland)) {
    await expect(crisisBanner(page).getByRole("link", { name: contact.label, exact: true })).toBeVisible();
  }

  // Another device, set to English (US): once signed in, the account's choice is its help too.
  const other = await phoneBrowserIn(browser, baseURL ?? "", "en-US");
  const signedIn = await other.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
    headers: { Origin: baseURL ?? "" },
  });
  expect(signedIn.status()).toBe(200);
  await other.goto("/privacypolicy");
  await expectBoxFor(other, iceland);
});

test("without scripts, the chooser is a form that works, and a forged country is refused with words", async ({
  browser,
  baseURL,
}) => {
  const page = await phoneBrowserIn(browser, baseURL ?? "", "en-GB", false);
  await page.goto("/termsofservice");
  await expectBoxFor(page, crisisHelpFor("GB"));
  await crisisBox(page)
    .getByRole("link", { name: CRISIS_HELP_TEXTS.notIn("United Kingdom") })
    .click();
  await page.getByRole("combobox", { name: CRISIS_HELP_TEXTS.chooserLabel }).selectOption({ label: "India" });
  await page.getByRole("button", { name: CRISIS_HELP_TEXTS.chooserSubmit }).click();
  await expect(page).toHaveURL("/termsofservice");
  await expectBoxFor(page, crisisHelpFor("IN"));
  await expectNo988(page);

  // A country that is not in the list (a forged form): a 400 whose page says what to do; nothing changes.
  const forged = await page.request.post(COUNTRY_CHOOSER.path, {
    form: { [COUNTRY_CHOOSER.field]: "ZZ", [COUNTRY_CHOOSER.backField]: "/termsofservice" },
    headers: { Origin: baseURL ?? "" },
  });
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain(CRISIS_HELP_TEXTS.chooserInvalid);
  await page.goto("/termsofservice");
  await expectBoxFor(page, crisisHelpFor("IN"));
});

test("a browser whose language names no country is shown no country's line: the directory, and the chooser", async ({
  browser,
  baseURL,
}) => {
  const page = await phoneBrowserIn(browser, baseURL ?? "", "fr");
  await page.goto("/");
  const box = crisisBox(page);
  await expect(box).toContainText(CRISIS_HELP_TEXTS.unknownCountry);
  await expect(box.getByRole("link", { name: CRISIS_HELP_TEXTS.directory })).toHaveAttribute(
    "href",
    HELPLINE_DIRECTORY_URL,
  );
  await expect(box.getByRole("link", { name: CRISIS_HELP_TEXTS.choose })).toBeVisible();
  await expect(box.locator('a[href^="tel:"], a[href^="sms:"]')).toHaveCount(0);
});

test("the not-found and 'Not available' pages show the visitor's own country's help too", async ({
  browser,
  baseURL,
}) => {
  const help = crisisHelpFor("GB");
  const page = await phoneBrowserIn(browser, baseURL ?? "", "en-GB");
  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await expectBoxFor(page, help);
  // A refusal by a guard that runs before any page data is read: the admin pages, to a member.
  await newAccount(page, baseURL ?? "");
  const refused = await page.goto("/admin/reports");
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not available" })).toBeVisible();
  const box = page.getByRole("main").getByRole("region", { name: CRISIS_HELP_TEXTS.heading });
  for (const contact of firstContacts(help)) {
    await expect(box.getByRole("link", { name: contact.label, exact: true })).toHaveAttribute("href", contact.href);
  }
});
