import type { Page } from "@playwright/test";
import { DESK_TEXTS, VISITOR_DESK_TEXTS } from "../../app/shared/desk";
import { LISTENER_INTENTS } from "../../app/shared/listeners";
import { PATHS } from "../../app/shared/routes";
import { crisisHelpFor } from "../../worker/crisis-help/country-help";
import { composer, expectStored, openConversation } from "./support/chat-page";
import { deskList, emptyTheQueue, leaveTheDesk, markAvailable, newListener } from "./support/desk";
import { anotherPerson, expect, signedInAsSupport, test } from "./support/test";

/**
 * The desk asks a listener's pages before giving them a conversation: a page that is gone (its
 * browser closed, whether or not its socket's close reaches the desk) never gets a visitor, who goes
 * to a listener whose page answers. A desk test: it runs alone, from an empty queue, and leaves every
 * listener it made Away.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const SUPPORT_ID = "kindred-support";
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const COMING = `${VISITOR_DESK_TEXTS.comingSoon} ${VISITOR_DESK_TEXTS.inDanger(crisisHelpFor("US"))}`;

/** The line above the visitor's composer that says where they stand. */
const deskStatus = (page: Page) =>
  page
    .getByRole("status")
    .filter({ hasText: /in line|is joining you|will be with you shortly|No listener is available/ });

async function visitorWrites(page: Page, text: string) {
  await openConversation(page, SUPPORT_ID);
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expectStored(page, text);
}

test("a desk page whose browser closed gets no new visitor 5 s later: the visitor goes to a listener whose page answers", async ({
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  const admin = await signedInAsSupport(browser, baseURL);
  await emptyTheQueue(admin.page, baseURL);
  const answering = await newListener(browser, baseURL, admin.page, DESKTOP);
  const closing = await newListener(browser, baseURL, admin.page, PHONE);
  const first = await anotherPerson(browser, baseURL);
  const second = await anotherPerson(browser, baseURL, { viewport: PHONE });
  let closed = false;
  try {
    // The listener who stays holds one conversation, so the one who leaves has the least load.
    await markAvailable(answering.page);
    await visitorWrites(first.page, "Hello, is anyone there?");
    await expect(
      deskList(answering.page, DESK_TEXTS.mine).getByRole("link", { name: first.user.username }),
    ).toBeVisible();
    await markAvailable(closing.page);

    // The laptop shut: the browser closes while its listener is still marked Available.
    await closing.context.close();
    closed = true;
    await answering.page.waitForTimeout(5000);

    await visitorWrites(second.page, "I need someone to talk to.");
    await expect(deskStatus(second.page)).toHaveText(COMING);
    await expect(
      deskList(answering.page, DESK_TEXTS.mine).getByRole("link", { name: second.user.username }),
    ).toBeVisible();
  } finally {
    await leaveTheDesk(answering.page, baseURL);
    await answering.context.close();
    if (!closed) await closing.context.close();
    // The closed browser's listener can no longer say Away: the admin removes them.
    await admin.page.request.post(PATHS.adminListeners, {
      form: { intent: LISTENER_INTENTS.remove, userId: closing.user.id },
      headers: { Origin: baseURL },
    });
    await first.context.close();
    await second.context.close();
    await emptyTheQueue(admin.page, baseURL);
    await admin.context.close();
  }
});
