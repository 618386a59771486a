import type { Page } from "@playwright/test";
import { m } from "../../app/paraglide/messages";
import { seriousViolations } from "./support/axe";
import { composer, log } from "./support/chat-page";
import { SUPPORT_CHAT_PATH } from "./support/config";
import { expectNoSideScroll } from "./support/layout";
import { borrowContext } from "./support/shared-context";
import { expect, newAccount, randomClientAddress, SPANISH_BROWSER, test, waitForHydration } from "./support/test";

/**
 * A visitor whose browser speaks Spanish reads their whole support conversation in Spanish: the
 * chat list, the composer, their message's status, the desk's line, ending it and the survey.
 */

const PHONE = { width: 375, height: 740 };
const es = { locale: "es" as const };
/** A text as a regular expression that matches it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const survey = (page: Page) => page.getByRole("group", { name: m.chat_survey_question({}, es) });

test("in Spanish on a phone, a visitor writes to support, reads where their message is, ends the conversation and answers the survey", async ({
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  const context = await borrowContext(browser, { baseURL, locale: "es-MX", viewport: PHONE }, randomClientAddress());
  const page = await context.newPage();
  await newAccount(page, baseURL, { languages: SPANISH_BROWSER });

  // An empty list leads on to the support conversation.
  await page.goto("/chat");
  await waitForHydration(page);
  await expect(page).toHaveTitle(new RegExp(`^${m.chat_title({}, es)}`));
  const list = page.getByRole("navigation", { name: m.chat_recent({}, es) });
  await expect(list.getByText(m.chat_no_conversations({}, es))).toBeVisible();
  await expect(list.getByRole("link", { name: m.chat_find_people({}, es) })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await list.getByRole("link", { name: m.chat_talk_to_support({}, es) }).click();
  await expect(page).toHaveURL(SUPPORT_CHAT_PATH);
  await expect(page.getByText(m.chat_connection_online({}, es))).toBeVisible();
  await expect(log(page).getByText(m.chat_session_limit({}, es), { exact: true })).toBeVisible();
  await expect(composer(page)).toHaveAttribute("placeholder", m.chat_placeholder({}, es));

  await composer(page).fill("Hola, ¿hay alguien ahí?");
  await page.getByRole("button", { name: m.chat_send({}, es), exact: true }).click();
  // Sent, and perhaps already delivered or read: the support account may be signed in elsewhere.
  const statuses = [m.chat_status_sent, m.chat_status_delivered, m.chat_status_read].map((status) => status({}, es));
  await expect(log(page).getByRole("listitem").filter({ hasText: "Hola, ¿hay alguien ahí?" })).toContainText(
    new RegExp(` · (${statuses.join("|")})$`),
  );
  // The desk tests before this one leave nobody at the desk: the message is kept for a listener.
  await expect(page.getByRole("status").filter({ hasText: m.desk_no_listener({}, es) })).toHaveText(
    new RegExp(`^${literally(m.desk_no_listener({}, es))} `),
  );

  await page.getByText(m.chat_end_button({}, es), { exact: true }).click();
  await expect(page.getByRole("heading", { name: m.chat_end_title({}, es) })).toBeVisible();
  await expect(page.getByText(m.chat_end_body_in_line({}, es))).toBeVisible();
  await page.getByRole("button", { name: m.chat_end_confirm({}, es) }).click();
  await expect(log(page).getByText(m.desk_you_ended({}, es))).toBeVisible();
  await expect(survey(page)).toBeVisible();
  await expect(page.getByText(m.chat_survey_comment_hint({}, es))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSideScroll(page);

  await survey(page).getByText(m.chat_survey_somewhat({}, es), { exact: true }).click();
  await page.getByLabel(m.chat_survey_comment({}, es)).fill("Me ayudó escribirlo.");
  await page.getByRole("button", { name: m.chat_survey_send({}, es) }).click();
  await expect(page.getByText(m.chat_survey_thanks({}, es))).toBeVisible();
  await expect(survey(page)).toHaveCount(0);

  await page.getByRole("link", { name: m.chat_back_to_chats({}, es) }).click();
  await expect(list.getByRole("link", { name: /^Support/ })).toBeVisible();
});
