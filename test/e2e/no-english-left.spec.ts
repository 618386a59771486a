import type { Page } from "@playwright/test";
import { m } from "../../app/paraglide/messages";
import { composer, log, openConversation } from "./support/chat-page";
import { SUPPORT_CHAT_PATH } from "./support/config";
import { englishOn } from "./support/english-left";
import { menuIsOpen, menuToggle } from "./support/mobile-menu";
import {
  expect,
  newAccount,
  phoneBrowserIn,
  SPANISH_BROWSER,
  test,
  uniqueEmail,
  waitForHydration,
  waitForPageScripts,
} from "./support/test";

/**
 * A visitor whose browser speaks Spanish (es-MX, on a phone) walks the whole journey, and no page,
 * dialog or message on the way says a word of English: the public pages, the sign-in screens and
 * their errors, the conversation with its banner, ending it and the survey, the chat list, the
 * profile, finding people, the people one blocked, and a page that is not there.
 */

const es = { locale: "es" as const };

async function expectAllSpanish(page: Page, where: string, allowed: string[] = []) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  expect(await englishOn(page, allowed), `English on ${where}`).toEqual([]);
}

test("the public pages and the sign-in screens, with their errors, are all Spanish", async ({ browser, baseURL }) => {
  const page = await phoneBrowserIn(browser, baseURL ?? "", "es-MX");
  for (const path of ["/es", "/es/privacypolicy", "/es/termsofservice", "/es/cookiepolicy", "/crisis-help/country"]) {
    await page.goto(path);
    await expectAllSpanish(page, path);
  }
  // The carousel's controls, worked by the landing page's own script, and the phone menu, open.
  await page.goto("/es");
  await waitForPageScripts(page);
  await page.getByRole("button", { name: m.carousel_pause({}, es) }).click();
  await expect(page.getByRole("button", { name: m.carousel_play({}, es) })).toBeVisible();
  await menuToggle(page).click();
  await expect.poll(() => menuIsOpen(page)).toBe(true);
  await expectAllSpanish(page, "the phone menu");

  await page.goto("/signup");
  await waitForPageScripts(page);
  await expectAllSpanish(page, "/signup");
  await page.getByRole("button", { name: m.auth_create_account_button({}, es) }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expectAllSpanish(page, "/signup with its errors");

  await page.goto("/login");
  await waitForPageScripts(page);
  await expectAllSpanish(page, "/login");
  await page.getByLabel(m.auth_email({}, es)).fill(uniqueEmail());
  await page.getByLabel(m.auth_password({}, es), { exact: true }).fill("no es esta");
  await page.getByRole("button", { name: m.auth_sign_in_button({}, es) }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expectAllSpanish(page, "/login with a wrong password");

  await page.goto("/recover");
  await expectAllSpanish(page, "/recover");
  await page.goto("/no-hay-nada-aqui");
  await expectAllSpanish(page, "a page that is not there");
});

test("signed in, the conversation, its crisis banner, ending it, the survey and the community pages are all Spanish", async ({
  browser,
  baseURL,
}) => {
  const page = await phoneBrowserIn(browser, baseURL ?? "", "es-MX");
  const { user } = await newAccount(page, baseURL ?? "", { languages: SPANISH_BROWSER });
  // Their own anonymous name is theirs, in no language.
  const mine = [user.username];

  await page.goto("/chat");
  await waitForHydration(page);
  await expectAllSpanish(page, "the chat list", mine);

  await openConversation(page, SUPPORT_CHAT_PATH);
  const written = "Hola, hoy no quiero vivir";
  await composer(page).fill(written);
  await expect(page.getByRole("region", { name: m.banner_heading({}, es) })).toBeVisible();
  await expectAllSpanish(page, "the conversation with the crisis banner", mine);
  await page.getByRole("button", { name: m.banner_show_numbers({}, es) }).click();
  await expectAllSpanish(page, "the crisis banner with all its numbers", mine);
  await page.getByRole("button", { name: m.chat_send({}, es), exact: true }).click();
  await expect(log(page).getByRole("listitem").filter({ hasText: written })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: m.desk_no_listener({}, es) })).toBeVisible();
  await expectAllSpanish(page, "the conversation, waiting for a listener", [...mine, written]);

  await page.getByText(m.chat_end_button({}, es), { exact: true }).click();
  await expect(page.getByRole("heading", { name: m.chat_end_title({}, es) })).toBeVisible();
  await expectAllSpanish(page, "the dialog ending the conversation", [...mine, written]);
  await page.getByRole("button", { name: m.chat_end_confirm({}, es) }).click();
  const survey = page.getByRole("group", { name: m.chat_survey_question({}, es) });
  await expect(survey).toBeVisible();
  await expectAllSpanish(page, "the survey", [...mine, written]);
  await survey.getByText(m.chat_survey_yes({}, es), { exact: true }).click();
  await page.getByRole("button", { name: m.chat_survey_send({}, es) }).click();
  await expect(page.getByText(m.chat_survey_thanks({}, es))).toBeVisible();
  await expectAllSpanish(page, "the survey's thanks", [...mine, written]);

  // A page a visitor may not open, and one that is not there.
  await page.goto("/admin/reports");
  await expect(page.getByRole("heading", { name: m.error_not_available({}, es) })).toBeVisible();
  await expectAllSpanish(page, "the 'Not available' page", mine);
  await page.goto("/chat/no-such-person");
  await expectAllSpanish(page, "a conversation with nobody", mine);

  for (const path of ["/profile", "/users", "/blocked"]) {
    await page.goto(path);
    await waitForHydration(page);
    await expectAllSpanish(page, path, mine);
  }
  // The profile's form, with its option lists, and a search that finds nobody.
  await page.goto("/profile");
  await waitForHydration(page);
  await page.getByRole("tab", { name: m.profile_tab_edit({}, es) }).click();
  await expect(page.getByRole("button", { name: m.profile_form_save({}, es) })).toBeVisible();
  await expectAllSpanish(page, "the profile's form", mine);
  await page.goto("/users");
  await waitForHydration(page);
  const nobody = "nadie_con_este_nombre";
  await page.getByRole("searchbox", { name: m.users_search_label({}, es) }).fill(nobody);
  await page.getByRole("button", { name: m.users_search_submit({}, es) }).click();
  await expect(page.getByText(m.users_no_users({}, es), { exact: true })).toBeVisible();
  await expectAllSpanish(page, "a search that finds nobody", [...mine, nobody]);
});

test("without scripts, the sign-up's refusal, the conversation's form and its answer are all Spanish", async ({
  browser,
  baseURL,
}) => {
  const page = await phoneBrowserIn(browser, baseURL ?? "", "es-MX", false);
  await page.goto("/signup");
  await page.getByLabel(m.auth_email({}, es)).fill(uniqueEmail());
  await page.getByLabel(m.auth_password({}, es), { exact: true }).fill("corta");
  await page.getByLabel(m.auth_confirm_password({}, es), { exact: true }).fill("corta");
  await page.getByRole("button", { name: m.auth_create_account_button({}, es) }).click();
  await expect(page.getByText(m.auth_password_too_short({ min: 6 }, es)).first()).toBeVisible();
  await expectAllSpanish(page, "/signup's refusal without scripts");

  const { user } = await newAccount(page, baseURL ?? "", { languages: SPANISH_BROWSER });
  await page.goto(SUPPORT_CHAT_PATH);
  await expectAllSpanish(page, "the conversation without scripts", [user.username]);
  const written = "Hola, escribo sin scripts";
  await composer(page).fill(written);
  await page.getByRole("button", { name: m.chat_send({}, es), exact: true }).click();
  await expect(log(page).getByRole("listitem").filter({ hasText: written })).toBeVisible();
  await expectAllSpanish(page, "the conversation after a message without scripts", [user.username, written]);
});
