import type { Browser, Page } from "@playwright/test";
import { COMPOSER_FIELDS, SEND_INTENT } from "../../app/shared/conversation-page";
import { DESK_TEXTS, VISITOR_DESK_TEXTS } from "../../app/shared/desk";
import { END_CONVERSATION_TEXTS, SURVEY_TEXTS, WHISPER_TEXTS } from "../../app/shared/desk-operations";
import { chatWith, deskConversationPath, PATHS } from "../../app/shared/routes";
import { crisisHelpFor } from "../../worker/crisis-help/country-help";
import { seriousViolations } from "./support/axe";
import { composer, expectStored, log, openConversation } from "./support/chat-page";
import {
  deskList,
  emptyTheQueue,
  endSupportConversation,
  leaveTheDesk,
  markAvailable,
  newListener,
} from "./support/desk";
import { expectNoSideScroll } from "./support/layout";
import { anotherPerson, expect, newAccount, signedInAsSupport, test, waitForHydration } from "./support/test";

/**
 * The helpline's operations seen from outside: the wait a visitor in line is told, ending the
 * conversation, 'Did this conversation help?', and the supervisor's message to a listener. The desk
 * is one for the whole server: these run one after another with the other desk tests, each
 * beginning with an empty queue and putting its listeners Away at the end.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const SUPPORT_ID = "kindred-support";
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const deskLine = (page: Page) => page.getByRole("status").filter({ hasText: /in line/ });
/** A text as a regular expression that matches it literally. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const survey = (page: Page) => page.getByRole("group", { name: SURVEY_TEXTS.question });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expectStored(page, text);
}

/** Someone who writes to the support account with the page's form, in a browser of their own. */
async function visitorWritesByForm(browser: Browser, baseURL: string, text: string) {
  const person = await anotherPerson(browser, baseURL);
  const posted = await person.page.request.post(chatWith(SUPPORT_ID), {
    form: { [COMPOSER_FIELDS.intent]: SEND_INTENT, [COMPOSER_FIELDS.clientId]: `temp-${crypto.randomUUID()}`, text },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(posted.status()).toBeLessThan(400);
  return person;
}

test("on a phone, a visitor in line reads about how long the wait is, ends the conversation and says whether it helped", async ({
  page,
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  await page.setViewportSize(PHONE);
  const admin = await signedInAsSupport(browser, baseURL);
  await emptyTheQueue(admin.page, baseURL);
  const listener = await newListener(browser, baseURL, admin.page, DESKTOP);
  const others: Awaited<ReturnType<typeof anotherPerson>>[] = [];
  try {
    await markAvailable(listener.page);
    // Three visitors fill the listener's places (capacity 3): the desk has a pace to go on.
    for (const n of [1, 2, 3]) others.push(await visitorWritesByForm(browser, baseURL, `hello ${n}`));
    await expect(deskList(listener.page, DESK_TEXTS.mine).getByRole("link")).toHaveCount(3);

    await newAccount(page, baseURL);
    await openConversation(page, SUPPORT_ID);
    await send(page, "Is anyone there? I can't sleep.");
    await expect(deskLine(page)).toHaveText(
      new RegExp(
        `^You're number 1 in line\\. The wait is about \\d+ minutes?\\. ${escaped(VISITOR_DESK_TEXTS.inDanger(crisisHelpFor("US")))}$`,
      ),
    );

    // Ending it asks first; 'Keep talking' leaves everything as it was.
    await page.getByText(END_CONVERSATION_TEXTS.button, { exact: true }).click();
    await page.getByRole("button", { name: END_CONVERSATION_TEXTS.cancel }).click();
    await expect(page.getByRole("heading", { name: END_CONVERSATION_TEXTS.confirmTitle })).toBeHidden();
    await expect(deskLine(page)).toBeVisible();
    await endSupportConversation(page, { withListener: false });
    await expect(deskLine(page)).toHaveCount(0);
    await expect(survey(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSideScroll(page);

    await survey(page).getByText(SURVEY_TEXTS.answers.somewhat).click();
    await page.getByLabel(SURVEY_TEXTS.comment).fill("It helped to write it down.");
    await page.getByRole("button", { name: SURVEY_TEXTS.send }).click();
    await expect(page.getByText(SURVEY_TEXTS.thanks)).toBeVisible();
    await expect(survey(page)).toHaveCount(0);
    // Writing again opens it again: back in line.
    await send(page, "Actually, can I talk after all?");
    await expect(deskLine(page)).toBeVisible();
  } finally {
    for (const other of others) await other.context.close();
    await leaveTheDesk(listener.page, baseURL);
    await listener.context.close();
    await emptyTheQueue(admin.page, baseURL);
    await admin.context.close();
  }
});

test("without scripts, a visitor ends the conversation and answers the survey with the page's forms", async ({
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  const admin = await signedInAsSupport(browser, baseURL);
  await emptyTheQueue(admin.page, baseURL);
  const visitor = await anotherPerson(browser, baseURL, { viewport: DESKTOP, javaScriptEnabled: false });
  try {
    await visitor.page.goto(chatWith(SUPPORT_ID));
    await composer(visitor.page).fill("hello, anyone?");
    await visitor.page.getByRole("button", { name: "Send" }).click();
    await expect(log(visitor.page).getByText("hello, anyone?")).toBeVisible();
    await endSupportConversation(visitor.page, { withListener: false });
    // A choice is required before the form goes.
    await visitor.page.getByRole("button", { name: SURVEY_TEXTS.send }).click();
    await expect(survey(visitor.page)).toBeVisible();
    await survey(visitor.page).getByText(SURVEY_TEXTS.answers.no).click();
    await visitor.page.getByRole("button", { name: SURVEY_TEXTS.send }).click();
    await expect(visitor.page.getByText(SURVEY_TEXTS.thanks)).toBeVisible();
    await visitor.page.reload();
    await expect(survey(visitor.page)).toHaveCount(0);
    await expect(log(visitor.page).getByText(VISITOR_DESK_TEXTS.youEnded)).toBeVisible();
  } finally {
    await visitor.context.close();
    await emptyTheQueue(admin.page, baseURL);
    await admin.context.close();
  }
});

test("the admin reads a conversation live from 'All' and writes to its listener, who sees it at once; the visitor never does", async ({
  page,
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  await page.setViewportSize(PHONE);
  const admin = await signedInAsSupport(browser, baseURL, DESKTOP);
  await emptyTheQueue(admin.page, baseURL);
  const listener = await newListener(browser, baseURL, admin.page, PHONE);
  try {
    await markAvailable(listener.page);
    const me = (await newAccount(page, baseURL)).user;
    await openConversation(page, SUPPORT_ID);
    await waitForHydration(page);
    await send(page, "I had a hard day.");
    await deskList(listener.page, DESK_TEXTS.mine).getByRole("link", { name: me.username }).click();
    await expect(listener.page).toHaveURL(deskConversationPath(me.id));
    await waitForHydration(listener.page);

    await admin.page.goto(PATHS.desk);
    await deskList(admin.page, DESK_TEXTS.all).getByRole("link", { name: me.username }).click();
    await expect(admin.page).toHaveURL(deskConversationPath(me.id));
    await waitForHydration(admin.page);
    const form = admin.page.getByRole("region", { name: WHISPER_TEXTS.label(listener.user.username) });
    const words = "They mentioned not sleeping: ask gently about safety.";
    await form.getByRole("textbox").fill(words);
    await form.getByRole("button", { name: WHISPER_TEXTS.send }).click();
    await expect(form.getByText(WHISPER_TEXTS.sent)).toBeVisible();
    await expect(form.getByRole("textbox")).toHaveValue("");

    await expect(listener.page.getByRole("status").filter({ hasText: words })).toContainText(WHISPER_TEXTS.kind);
    await expect(listener.page).toHaveURL(deskConversationPath(me.id));
    expect(await seriousViolations(admin.page)).toEqual([]);
    // The visitor's page, live or reloaded, never has it.
    await send(page, "Are you still there?");
    await expect(page.getByText(words)).toHaveCount(0);
    await page.reload();
    await expect(log(page).getByText("Are you still there?")).toBeVisible();
    await expect(page.getByText(words)).toHaveCount(0);
    // Kept with the notes: the listener reads it after a reload too.
    await listener.page.reload();
    await expect(listener.page.getByText(words)).toBeVisible();
  } finally {
    await leaveTheDesk(listener.page, baseURL);
    await listener.context.close();
    await emptyTheQueue(admin.page, baseURL);
    await admin.context.close();
  }
});
