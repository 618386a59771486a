import type { Browser, Page } from "@playwright/test";
import { allContacts, withCrisisLine } from "../../app/shared/crisis-help";
import {
  DESK_ANNOUNCEMENTS,
  DESK_PAGE_TEXTS,
  DESK_TEXTS,
  VISITOR_DESK_HEADLINES,
  VISITOR_DESK_TEXTS,
} from "../../app/shared/desk";
import { DESK_FIGURES_TEXTS, SAVED_REPLY_TEXTS, WRAP_UP_TEXTS } from "../../app/shared/desk-operations";
import { LISTENER_INTENTS } from "../../app/shared/listeners";
import { chatWith, deskConversationPath, PATHS } from "../../app/shared/routes";
import { crisisHelpFor } from "../../worker/crisis-help/country-help";
import { fillSignUpForm } from "./support/auth-forms";
import { seriousViolations } from "./support/axe";
import { composer, expectStored, log, openConversation } from "./support/chat-page";
import {
  deskList,
  emptyTheQueue,
  fillWrapUp,
  leaveTheDesk,
  markAvailable,
  newListener,
  openDesk,
  resolveForm,
} from "./support/desk";
import { expectNoSideScroll } from "./support/layout";
import { queryLocalD1, sqlText } from "./support/local-d1";
import {
  anotherPerson,
  expect,
  newAccount,
  openAccountMenu,
  signedInAsSupport,
  test,
  waitForHydration,
  waitForPageScripts,
} from "./support/test";

/**
 * The support desk: visitors wait in line and are told so; listeners answer them as the
 * support account. The desk is one for the whole server and the Support account is shared by every
 * test running at the same time, so these tests run one after another, each begins by emptying the
 * queue, and every listener they make is Away at the end.
 */
// Each journey drives up to six people's browsers (listeners, visitors, the admin) one step after
// another, each step with its own 5 s expectation: on CI's two busy cores that can take over a minute.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const SUPPORT_ID = "kindred-support";
/**
 * The journeys run once each, their people on different screens: visitors mostly write from phones,
 * so the visitor is on one (the smallest where the line about the desk is longest), and the listeners
 * on a phone and a desktop between them. What only the width changes is swept separately, at every
 * width, by the layout tests.
 */
const SMALL_PHONE = { width: 320, height: 568 };
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** The line above the visitor's composer that says where they stand. */
const deskStatus = (page: Page) =>
  page
    .getByRole("status")
    .filter({ hasText: /in line|is joining you|will be with you shortly|No listener is available/ });
/** 'A listener has joined.', said among the messages where it happened (a listener opened it). */
const joinedEvents = (page: Page) => log(page).getByText(VISITOR_DESK_TEXTS.joined(null));
/**
 * The lines while nobody is with the visitor, each with what to do in danger (no crisis banner
 * shows in these): nobody Available, before and after their first message; a listener on the way;
 * another one on the way after the first was with them.
 */
const NOBODY_THERE = `${VISITOR_DESK_TEXTS.noListener} ${VISITOR_DESK_TEXTS.inDanger(crisisHelpFor("US"))}`;
const NOBODY_YET = `${VISITOR_DESK_TEXTS.noListenerBeforeWriting} ${VISITOR_DESK_TEXTS.inDanger(crisisHelpFor("US"))}`;
const COMING = `${VISITOR_DESK_TEXTS.comingSoon} ${VISITOR_DESK_TEXTS.inDanger(crisisHelpFor("US"))}`;
const ANOTHER_COMING = `${VISITOR_DESK_TEXTS.anotherComing} ${VISITOR_DESK_TEXTS.inDanger(crisisHelpFor("US"))}`;
/** The crisis numbers beside the line, and the one tap that shows them. */
const crisisNumbers = (page: Page) => page.getByRole("group", { name: "Crisis numbers" });
const showCrisisNumbers = (page: Page) => page.getByRole("button", { name: "Crisis numbers" });

/** Who the visitor is, from their own session. */
async function whoAmI(page: Page): Promise<{ id: string; username: string }> {
  const session = (await (await page.request.get("/api/auth/get-session")).json()) as {
    user: { id: string; username: string };
  };
  return session.user;
}

/**
 * From here on, every text written into a status region of the page, in order: a line written
 * again (the region re-rendered, or a new one put in) is recorded again, as a screen reader would
 * announce it again.
 */
async function recordDeskLines(page: Page) {
  await page.evaluate(() => {
    const record = window as unknown as { deskLines: string[] };
    record.deskLines = [];
    // A change inside a region, or a region put into the page.
    const regionAround = (node: Node) =>
      (node instanceof Element ? node : node.parentElement)?.closest('[role="status"]');
    const regionAdded = (node: Node) =>
      node instanceof Element ? (node.closest('[role="status"]') ?? node.querySelector('[role="status"]')) : null;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const regions = new Set([regionAround(mutation.target), ...[...mutation.addedNodes].map(regionAdded)]);
        for (const region of regions) if (region?.textContent) record.deskLines.push(region.textContent);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const deskLines = (page: Page) => page.evaluate(() => (window as unknown as { deskLines: string[] }).deskLines);

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expectStored(page, text);
}

/** Someone else who writes to the support account, in a browser of their own. Close it when done. */
async function anotherVisitorWrites(browser: Browser, baseURL: string, text: string) {
  const person = await anotherPerson(browser, baseURL);
  await openConversation(person.page, SUPPORT_ID);
  await send(person.page, text);
  return person;
}

test.describe("a visitor on a phone", () => {
  test.use({ viewport: PHONE });

  test("a visitor from the landing page waits in line, and a listener who marks Available gets the conversation and answers as the support account", async ({
    page,
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    const admin = await signedInAsSupport(browser, baseURL);
    await emptyTheQueue(admin.page, baseURL);
    // A place in line needs listeners who are all busy: one Available listener holding as many
    // conversations as they can (3 by default).
    const busy = await newListener(browser, baseURL, admin.page);
    await markAvailable(busy.page);
    const others = [];
    for (const n of [1, 2, 3]) others.push(await anotherVisitorWrites(browser, baseURL, `Hello, it's visitor ${n}.`));
    await openDesk(busy.page);
    await expect(busy.page.getByText(DESK_PAGE_TEXTS.capacity(3, 3))).toBeVisible();
    // The desk says why its page must stay open, and marks what was given but not opened yet.
    await expect(busy.page.getByText(DESK_TEXTS.offeredWhileOpen)).toBeVisible();
    await expect(deskList(busy.page, DESK_TEXTS.mine).getByText(DESK_TEXTS.notOpened)).toHaveCount(3);
    const busyHears = busy.page.getByRole("status", { name: DESK_PAGE_TEXTS.announcements });
    const listener = await newListener(browser, baseURL, admin.page, DESKTOP);
    try {
      await page.goto("/");
      await waitForPageScripts(page);
      await page.getByRole("link", { name: "Talk to Someone Now - Free" }).click();
      await fillSignUpForm(page);
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page).toHaveURL(chatWith(SUPPORT_ID));
      await waitForHydration(page);
      const visitor = await whoAmI(page);

      // Crisis words put the conversation first in line.
      await send(page, "I can't sleep. Some nights I want to die.");
      // Three conversations were just given out: the desk has a pace to estimate the wait from.
      await expect(deskStatus(page)).toHaveText(/^You're number 1 in line\. The wait is about \d+ minutes?\.$/);
      const header = page.getByRole("heading", { level: 2, name: /Support/ }).locator("xpath=../..");
      await expect(header).toContainText(VISITOR_DESK_HEADLINES.waiting);
      // A listener's open desk page tells their screen reader someone new is waiting.
      await expect(busyHears).toContainText(DESK_ANNOUNCEMENTS.waiting(1));
      // The crisis banner holds the numbers now (call or text 988 on its line), so the line beside
      // the desk's status offers no second list of the same numbers.
      const banner = page.getByRole("region", { name: "You're not alone" });
      await expect(banner.getByRole("link", { name: "Call 988" })).toHaveAttribute("href", "tel:988");
      await expect(showCrisisNumbers(page)).toHaveCount(0);
      await banner.getByRole("button", { name: "More numbers" }).click();
      await expect(banner.getByRole("link", { name: "Text 741741" })).toBeVisible();
      await expect(banner.getByRole("link", { name: "Call 911" })).toBeVisible();
      await expect(composer(page)).toBeInViewport();

      await openDesk(listener.page);
      const desk = listener.page;
      const waiting = deskList(desk, DESK_TEXTS.waiting).getByRole("listitem").first();
      await expect(waiting.getByRole("link", { name: visitor.username })).toBeVisible();
      await expect(waiting).toContainText(DESK_TEXTS.crisisFlag);
      await expect(desk.getByRole("button", { name: DESK_TEXTS.away })).toHaveAttribute("aria-pressed", "true");
      expect(await seriousViolations(desk)).toEqual([]);

      await desk.getByRole("button", { name: DESK_TEXTS.available }).click();
      await expect(desk.getByRole("button", { name: DESK_TEXTS.available })).toHaveAttribute("aria-pressed", "true");
      await expect(deskList(desk, DESK_TEXTS.mine).getByRole("link", { name: visitor.username })).toBeVisible();
      // Given to a listener who has not opened it yet: nobody has joined (the crisis banner holds
      // what to do in danger).
      await expect(deskStatus(page)).toHaveText(VISITOR_DESK_TEXTS.comingSoon);
      await expect(joinedEvents(page)).toHaveCount(0);
      await expect(showCrisisNumbers(page)).toHaveCount(0);

      await deskList(desk, DESK_TEXTS.mine).getByRole("link", { name: visitor.username }).click();
      await expect(desk).toHaveURL(deskConversationPath(visitor.id));
      await expect(joinedEvents(page)).toHaveCount(1);
      await expect(deskStatus(page)).toHaveCount(0);
      await expect(desk.getByText("Connection: Online")).toBeVisible();
      await expect(log(desk).getByText("I can't sleep. Some nights I want to die.")).toBeVisible();
      expect(await seriousViolations(desk)).toEqual([]);

      await send(desk, "I'm here with you. What is keeping you up?");
      const reply = log(page).getByRole("listitem").filter({ hasText: "I'm here with you." });
      await expect(reply).toContainText("Support: I'm here with you. What is keeping you up?");
      // Listeners are anonymous: the visitor talks to the support account, never to a username.
      await expect(page.locator("main")).not.toContainText(listener.user.username);
    } finally {
      await leaveTheDesk(listener.page, baseURL);
      await leaveTheDesk(busy.page, baseURL);
      for (const person of [listener, busy, admin, ...others]) await person.context.close();
    }
  });

  test("a private note stays on the desk, and a transfer hands the conversation and its note to another listener, the visitor told only that a listener joined again", async ({
    page,
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    const admin = await signedInAsSupport(browser, baseURL);
    await emptyTheQueue(admin.page, baseURL);
    const first = await newListener(browser, baseURL, admin.page, PHONE);
    const second = await newListener(browser, baseURL, admin.page, DESKTOP);
    const privateNote = "Mentioned a sister in Leeds; prefers short messages.";
    const transferNote = "Steady now; ask how the evening walk went.";
    try {
      const visitor = (await newAccount(page, baseURL)).user;
      await openConversation(page, SUPPORT_ID);
      await send(page, "Hello, is anyone there?");
      await expect(deskStatus(page)).toHaveText(NOBODY_THERE);
      await recordDeskLines(page);

      // The first listener takes it from its page; then the second is Available to take it over.
      await openConversation(first.page, deskConversationPath(visitor.id));
      await first.page.getByRole("button", { name: DESK_TEXTS.take }).click();
      await expect(composer(first.page)).toBeEditable();
      // Taken from its open page: the listener is there.
      await expect(joinedEvents(page)).toHaveCount(1);
      await openDesk(second.page);
      await second.page.getByRole("button", { name: DESK_TEXTS.available }).click();
      await expect(second.page.getByRole("button", { name: DESK_TEXTS.available })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await openConversation(first.page, deskConversationPath(visitor.id));
      // A second tab of the same listener, to see the conversation leave it.
      const otherTab = await first.context.newPage();
      await openConversation(otherTab, deskConversationPath(visitor.id));
      await send(first.page, "Yes, I'm here. Take your time.");
      await expect(log(page).getByText("Yes, I'm here. Take your time.")).toBeVisible();

      await first.page.getByRole("button", { name: DESK_PAGE_TEXTS.addNote }).click();
      await expect(first.page.getByRole("alert")).toHaveText(DESK_TEXTS.emptyNote);
      await first.page.getByRole("textbox", { name: DESK_TEXTS.privateNote, exact: true }).fill(privateNote);
      await first.page.getByRole("button", { name: DESK_PAGE_TEXTS.addNote }).click();
      const notes = first.page.getByRole("region", { name: DESK_PAGE_TEXTS.notes });
      await expect(notes.getByRole("listitem").filter({ hasText: privateNote })).toContainText(first.user.username);
      await expect(notes).toContainText(DESK_TEXTS.notesOnlyHere);
      await expect(first.page.getByRole("textbox", { name: DESK_TEXTS.privateNote, exact: true })).toHaveValue("");
      // A message sent after the note reaches the visitor: the note, stored before, never did.
      await send(first.page, "Would you like to tell me about your day?");
      await expect(log(page).getByText("Would you like to tell me about your day?")).toBeVisible();
      await expect(page.locator("body")).not.toContainText(privateNote);

      // Reached backwards from the note with the keyboard, the listener picker comes fully out from
      // under the sticky header (scrolled so that it sits under it, as after reading downwards).
      const picker = first.page.getByLabel(DESK_PAGE_TEXTS.transferTo);
      const transferNoteField = first.page.getByLabel(DESK_PAGE_TEXTS.transferNote);
      await transferNoteField.focus();
      const headerBottom = async () => {
        const box = await first.page.getByRole("banner").boundingBox();
        return (box?.y ?? 0) + (box?.height ?? 0);
      };
      const noteTop = (await transferNoteField.boundingBox())?.y ?? 0;
      await first.page.evaluate((by) => window.scrollBy(0, by), noteTop - (await headerBottom()) - 4);
      await first.page.keyboard.press("Shift+Tab");
      await expect(picker).toBeFocused();
      await expect(async () => {
        expect((await picker.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(await headerBottom());
      }).toPass();

      // A refusal says what to do, beside the form, and keeps what was typed.
      await transferNoteField.fill(transferNote);
      await first.page.getByRole("button", { name: DESK_TEXTS.transfer, exact: true }).click();
      await expect(first.page.getByRole("alert")).toHaveText(DESK_PAGE_TEXTS.chooseListenerFirst);
      await expect(first.page.getByLabel(DESK_PAGE_TEXTS.transferNote)).toHaveValue(transferNote);
      // What the visitor reads from the transfer on.
      await recordDeskLines(page);
      await first.page.getByLabel(DESK_PAGE_TEXTS.transferTo).selectOption(second.user.id);
      await first.page.getByRole("button", { name: DESK_TEXTS.transfer, exact: true }).click();
      await expect(first.page).toHaveURL(PATHS.desk);
      await expect(deskList(first.page, DESK_TEXTS.mine)).toContainText(DESK_TEXTS.noneMine);
      await expect(otherTab.getByText(DESK_PAGE_TEXTS.withdrawn)).toBeVisible();
      await expect(composer(otherTab)).not.toBeEditable();

      // The second listener's desk shows it live; its page has the whole history and both notes.
      const mine = deskList(second.page, DESK_TEXTS.mine).getByRole("link", { name: visitor.username });
      await expect(mine).toBeVisible();
      await mine.click();
      await expect(second.page).toHaveURL(deskConversationPath(visitor.id));
      await waitForHydration(second.page);
      await expect(second.page.getByText("Connection: Online")).toBeVisible();
      for (const text of ["Hello, is anyone there?", "Yes, I'm here. Take your time.", "Would you like to tell"]) {
        await expect(log(second.page).getByText(text)).toBeVisible();
      }
      const secondNotes = second.page.getByRole("region", { name: DESK_PAGE_TEXTS.notes });
      await expect(secondNotes.getByRole("listitem").filter({ hasText: transferNote })).toContainText(
        DESK_PAGE_TEXTS.noteKinds.transfer,
      );
      await expect(secondNotes.getByRole("listitem").filter({ hasText: privateNote })).toBeVisible();
      await send(second.page, "Hi again. How did the evening walk go?");

      // The visitor got the new listener's message. What they read was true all along, and never
      // who: while it changed hands a listener was on the way, then one joined again.
      await expect(log(page).getByText("Hi again. How did the evening walk go?")).toBeVisible();
      await expect(joinedEvents(page)).toHaveCount(2);
      // Another listener, not 'a listener' as if nobody had been there.
      expect(await deskLines(page)).toContain(ANOTHER_COMING);
      expect(await deskLines(page)).not.toContain(COMING);
      for (const hidden of [privateNote, transferNote, first.user.username, second.user.username]) {
        await expect(page.locator("body")).not.toContainText(hidden);
      }
      await page.reload();
      await waitForHydration(page);
      await expect(log(page).getByText("Hi again. How did the evening walk go?")).toBeVisible();
      // A reload says the same.
      await expect(joinedEvents(page)).toHaveCount(2);
      await expect(deskStatus(page)).toHaveCount(0);
      for (const hidden of [privateNote, transferNote]) await expect(page.locator("body")).not.toContainText(hidden);
    } finally {
      await leaveTheDesk(first.page, baseURL);
      await leaveTheDesk(second.page, baseURL);
      await first.context.close();
      await second.context.close();
      await admin.context.close();
    }
  });
});

test.describe("a visitor on a small phone", () => {
  test.use({ viewport: SMALL_PHONE });

  test("with nobody Available the visitor is told so beside the crisis numbers, and a listener can still take the conversation from its page", async ({
    page,
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    const admin = await signedInAsSupport(browser, baseURL);
    await emptyTheQueue(admin.page, baseURL);
    const listener = await newListener(browser, baseURL, admin.page, DESKTOP);
    try {
      const visitor = (await newAccount(page, baseURL)).user;
      await openConversation(page, SUPPORT_ID);
      // Never a silent room: said before the first message too, in the header and above the composer,
      // never saying a message is kept before there is one.
      await expect(deskStatus(page)).toHaveText(NOBODY_YET);
      const header = page.getByRole("heading", { level: 2, name: /Support/ }).locator("xpath=../..");
      await expect(header).toContainText(VISITOR_DESK_HEADLINES.nobody);
      await send(page, "Is anybody reading this tonight?");
      await expect(deskStatus(page)).toHaveText(NOBODY_THERE);
      // The long line leaves the message in sight and the composer whole, even on the smallest phone.
      await expect(log(page).getByText("Is anybody reading this tonight?")).toBeInViewport();
      await expect(composer(page)).toBeInViewport({ ratio: 1 });
      await showCrisisNumbers(page).click();
      await expect(crisisNumbers(page).getByRole("link")).toHaveCount(allContacts(crisisHelpFor("US")).length);
      await expect(crisisNumbers(page).getByRole("link", { name: "Call 988" })).toBeInViewport();
      await expect(composer(page)).toBeInViewport({ ratio: 1 });
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);

      await openDesk(listener.page);
      const row = deskList(listener.page, DESK_TEXTS.waiting)
        .getByRole("listitem")
        .filter({ has: listener.page.getByRole("link", { name: visitor.username }) });
      await expect(row).toContainText(/waiting (under a minute|\d+ min)/);
      await row.getByRole("link", { name: visitor.username }).click();
      await expect(listener.page).toHaveURL(deskConversationPath(visitor.id));
      await waitForHydration(listener.page);
      await expect(log(listener.page).getByText("Is anybody reading this tonight?")).toBeVisible();
      await expect(listener.page.getByText(DESK_PAGE_TEXTS.queuedNotice)).toBeVisible();
      await expect(composer(listener.page)).not.toBeEditable();

      await listener.page.getByRole("button", { name: DESK_TEXTS.take }).click();
      await expect(composer(listener.page)).toBeEditable();
      await expect(listener.page.getByRole("button", { name: DESK_TEXTS.markResolved })).toBeVisible();
      await send(listener.page, "I'm really glad you wrote. I'm here now.");
      await expect(joinedEvents(page)).toHaveCount(1);
      await expect(log(page).getByText("I'm really glad you wrote. I'm here now.")).toBeVisible();

      // Resolved (with its wrap-up), it leaves the listener's desk, and the visitor is told it ended.
      await fillWrapUp(listener.page);
      await listener.page.getByRole("button", { name: DESK_TEXTS.markResolved }).click();
      await expect(listener.page).toHaveURL(PATHS.desk);
      await expect(deskList(listener.page, DESK_TEXTS.mine)).toContainText(DESK_TEXTS.noneMine);
      await expect(log(page).getByText(VISITOR_DESK_TEXTS.ended)).toBeVisible();
    } finally {
      await leaveTheDesk(listener.page, baseURL);
      await listener.context.close();
      await admin.context.close();
    }
  });
});

test("without scripts, a listener takes the conversation on its desk page and answers with its form, as the support account", async ({
  page,
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  const admin = await signedInAsSupport(browser, baseURL);
  await emptyTheQueue(admin.page, baseURL);
  const listener = await newListener(browser, baseURL, admin.page, PHONE, { javaScriptEnabled: false });
  try {
    const visitor = (await newAccount(page, baseURL)).user;
    await openConversation(page, SUPPORT_ID);
    await send(page, "Hello, I had a hard day.");
    // A page without scripts cannot prove the listener is there: nothing is offered to them, they take it.
    await expect(deskStatus(page)).toHaveText(NOBODY_THERE);

    // The history is on the page as the server renders it: the visitor's words, under their name.
    await listener.page.goto(deskConversationPath(visitor.id));
    await listener.page.getByRole("button", { name: DESK_TEXTS.take }).click();
    await expect(deskStatus(page)).toHaveText(COMING);
    const theirs = log(listener.page).getByRole("listitem").filter({ hasText: "I had a hard day." });
    await expect(theirs).toContainText(`${visitor.username}: Hello, I had a hard day.`);
    // Nobody has replied: 'Mark resolved' is refused by the page's own form, in words.
    await expect(resolveForm(listener.page).getByText(DESK_PAGE_TEXTS.replyBeforeResolving)).toBeVisible();
    await resolveForm(listener.page).getByRole("checkbox", { name: "Other", exact: true }).check();
    await resolveForm(listener.page).getByRole("radio", { name: WRAP_UP_TEXTS.no }).check();
    await resolveForm(listener.page).getByRole("button", { name: DESK_TEXTS.markResolved }).click();
    await expect(resolveForm(listener.page).getByRole("alert")).toHaveText(DESK_TEXTS.notAnswered);
    await expect(deskStatus(page)).toHaveText(COMING);
    await composer(listener.page).fill("I'm sorry it was hard. I'm listening.");
    await listener.page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(listener.page).toHaveURL(deskConversationPath(visitor.id));
    const mine = log(listener.page).getByRole("listitem").filter({ hasText: "I'm listening." });
    await expect(mine).toContainText("You: I'm sorry it was hard. I'm listening.");
    await expect(composer(listener.page)).toBeInViewport({ ratio: 1 });

    // The visitor gets it live, from the support account, and never the listener's name.
    const reply = log(page).getByRole("listitem").filter({ hasText: "I'm listening." });
    await expect(reply).toContainText("Support: I'm sorry it was hard. I'm listening.");
    // Their first word is where they joined, just before it.
    await expect(joinedEvents(page)).toHaveCount(1);
    const order = await log(page)
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => item.textContent ?? ""));
    const joinedAt = order.findIndex((text) => text.includes(VISITOR_DESK_TEXTS.joined(null)));
    expect(joinedAt).toBeGreaterThan(0);
    expect(order[joinedAt + 1]).toContain("I'm listening.");
    await expect(page.locator("main")).not.toContainText(listener.user.username);

    // Answered: once the desk has heard of the reply (the page, loaded again, no longer says nobody
    // replied), 'Mark resolved' ends it.
    await expect
      .poll(async () => {
        await listener.page.reload();
        return resolveForm(listener.page).getByText(DESK_PAGE_TEXTS.replyBeforeResolving).count();
      })
      .toBe(0);
    await resolveForm(listener.page).getByRole("checkbox", { name: "Other", exact: true }).check();
    await resolveForm(listener.page).getByRole("radio", { name: WRAP_UP_TEXTS.no }).check();
    await resolveForm(listener.page).getByRole("button", { name: DESK_TEXTS.markResolved }).click();
    await expect(listener.page).toHaveURL(PATHS.desk);
    await expect(log(page).getByText(VISITOR_DESK_TEXTS.ended)).toBeVisible();
  } finally {
    await leaveTheDesk(listener.page, baseURL);
    await listener.context.close();
    await admin.context.close();
  }
});

test("the desk is for listeners and the admin: anyone else finds nothing there, a listener finds it in the account menu, and its switch works without scripts", async ({
  page,
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  const response = await page.goto(PATHS.desk);
  await expect(page).toHaveURL(`/signup?next=${encodeURIComponent(PATHS.desk)}`);
  expect(response?.status()).toBe(200);

  const visitor = await newAccount(page, baseURL);
  for (const path of [PATHS.desk, deskConversationPath(visitor.user.id), deskConversationPath(SUPPORT_ID)]) {
    const notFound = await page.goto(path);
    expect(notFound?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
  await page.goto("/");
  await openAccountMenu(page);
  await expect(page.getByRole("link", { name: DESK_TEXTS.title })).toHaveCount(0);

  const admin = await signedInAsSupport(browser, baseURL);
  const listener = await newListener(browser, baseURL, admin.page);
  try {
    await listener.page.goto("/");
    await openAccountMenu(listener.page);
    await listener.page.getByRole("link", { name: DESK_TEXTS.title }).click();
    await expect(listener.page).toHaveURL(PATHS.desk);
    await expect(listener.page.getByRole("heading", { level: 1, name: DESK_TEXTS.title })).toBeVisible();
    await expect(deskList(listener.page, DESK_TEXTS.all)).toHaveCount(0);
    // A conversation that is neither theirs nor waiting is not theirs to read.
    expect((await listener.page.goto(deskConversationPath(visitor.user.id)))?.status()).toBe(404);

    // The switch is a real form: it works before (or without) the page's scripts.
    const noScripts = await newListener(browser, baseURL, admin.page, undefined, { javaScriptEnabled: false });
    await noScripts.page.goto(PATHS.desk);
    await noScripts.page.getByRole("button", { name: DESK_TEXTS.available }).click();
    await expect(noScripts.page.getByRole("button", { name: DESK_TEXTS.available })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await noScripts.page.getByRole("button", { name: DESK_TEXTS.away }).click();
    await expect(noScripts.page.getByRole("button", { name: DESK_TEXTS.away })).toHaveAttribute("aria-pressed", "true");
    await noScripts.context.close();

    await openDesk(admin.page);
    await expect(deskList(admin.page, DESK_TEXTS.all)).toBeVisible();
    expect(await seriousViolations(admin.page)).toEqual([]);
  } finally {
    await listener.context.close();
    await admin.context.close();
  }
});

test("a visitor reads what is true of the desk: a listener on the way, then joined under their alias, the end; and nobody once the listener's browser is gone", async ({
  page,
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  await page.setViewportSize(PHONE);
  const admin = await signedInAsSupport(browser, baseURL);
  await emptyTheQueue(admin.page, baseURL);
  const listener = await newListener(browser, baseURL, admin.page, PHONE);
  let listenerGone = false;
  try {
    const aliasSaved = await admin.page.request.post(PATHS.adminListeners, {
      form: { intent: LISTENER_INTENTS.alias, userId: listener.user.id, alias: "Sam" },
      headers: { Origin: baseURL },
    });
    expect(aliasSaved.status()).toBe(200);
    await markAvailable(listener.page);
    const announcements = listener.page.getByRole("status", { name: DESK_PAGE_TEXTS.announcements });

    const visitor = (await newAccount(page, baseURL)).user;
    await openConversation(page, SUPPORT_ID);
    // The header speaks of the desk, never of the support account's own presence.
    const header = page.getByRole("heading", { level: 2, name: /Support/ }).locator("xpath=../..");
    await expect(header).toContainText(VISITOR_DESK_HEADLINES.available);
    await expect(header).not.toContainText("Last seen");
    await send(page, "Hello. Is someone there?");
    await expect(deskStatus(page)).toHaveText(COMING);
    await expect(header).toContainText(VISITOR_DESK_HEADLINES.coming);
    await expect(joinedEvents(page)).toHaveCount(0);
    // The listener's screen reader hears it arrive.
    await expect(announcements).toContainText(DESK_ANNOUNCEMENTS.assigned(visitor.username));

    await deskList(listener.page, DESK_TEXTS.mine).getByRole("link", { name: visitor.username }).click();
    await expect(listener.page).toHaveURL(deskConversationPath(visitor.id));
    await waitForHydration(listener.page);
    // Nothing on the desk leads the listener to act as their own account.
    await expect(listener.page.locator("main a[href^='/users/']")).toHaveCount(0);
    await expect(log(page).getByText(VISITOR_DESK_TEXTS.joined("Sam"))).toBeVisible();
    await expect(header).toContainText(VISITOR_DESK_HEADLINES.withYou);
    await expect(deskStatus(page)).toHaveCount(0);
    await send(listener.page, "Hi, I'm Sam. I'm here.");
    const rows = await log(page)
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => item.textContent ?? ""));
    const joinedAt = rows.findIndex((text) => text.includes(VISITOR_DESK_TEXTS.joined("Sam")));
    expect(rows[joinedAt + 1]).toContain("Hi, I'm Sam. I'm here.");
    // The same after a reload.
    await page.reload();
    await waitForHydration(page);
    await expect(log(page).getByText(VISITOR_DESK_TEXTS.joined("Sam"))).toBeVisible();
    await expect(deskStatus(page)).toHaveCount(0);

    await fillWrapUp(listener.page);
    await listener.page.getByRole("button", { name: DESK_TEXTS.markResolved }).click();
    await expect(listener.page).toHaveURL(PATHS.desk);
    await expect(log(page).getByText(VISITOR_DESK_TEXTS.ended)).toBeVisible();

    // The listener's browser goes away while they are still marked Available.
    await listener.context.close();
    listenerGone = true;
    const next = await anotherPerson(browser, baseURL, { viewport: PHONE });
    try {
      await openConversation(next.page, SUPPORT_ID);
      await send(next.page, "Anyone there tonight?");
      await expect(deskStatus(next.page)).toHaveText(NOBODY_THERE);
      await expect(joinedEvents(next.page)).toHaveCount(0);
      await expect(deskStatus(next.page)).not.toHaveText(COMING);
    } finally {
      await next.context.close();
    }
  } finally {
    if (!listenerGone) {
      await leaveTheDesk(listener.page, baseURL);
      await listener.context.close();
    } else {
      // The closed browser's listener: Away, through the admin's desk, so no later test meets them.
      await admin.page.request.post(PATHS.adminListeners, {
        form: { intent: LISTENER_INTENTS.remove, userId: listener.user.id },
        headers: { Origin: baseURL },
      });
    }
    await emptyTheQueue(admin.page, baseURL);
    await admin.context.close();
  }
});

test("without scripts, a visitor's first message is followed at once by where they stand", async ({
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  const admin = await signedInAsSupport(browser, baseURL);
  await emptyTheQueue(admin.page, baseURL);
  const listener = await newListener(browser, baseURL, admin.page);
  const visitor = await anotherPerson(browser, baseURL, {
    viewport: SMALL_PHONE,
    javaScriptEnabled: false,
  });
  try {
    await markAvailable(listener.page);
    await visitor.page.goto(chatWith(SUPPORT_ID));
    await composer(visitor.page).fill("Hello, I can't sleep.");
    await visitor.page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(visitor.page).toHaveURL(chatWith(SUPPORT_ID));
    await expect(log(visitor.page).getByText("Hello, I can't sleep.")).toBeVisible();
    await expect(deskStatus(visitor.page)).toHaveText(COMING);
  } finally {
    await leaveTheDesk(listener.page, baseURL);
    for (const person of [listener, visitor, admin]) await person.context.close();
  }
});

/** A seeded saved reply's text, as stored (the migration's, unless the admin changed it). */
async function savedReplyText(title: string): Promise<string> {
  const [row] = await queryLocalD1<{ text: string }>(`SELECT text FROM saved_replies WHERE title = ${sqlText(title)}`);
  if (!row) throw new Error(`no saved reply "${title}"`);
  return row.text;
}

/** The 'Saved replies' button by the composer, and its list of replies to insert. */
const savedRepliesButton = (page: Page) => page.getByRole("button", { name: SAVED_REPLY_TEXTS.open, exact: true });
const insertReply = (page: Page, title: string) =>
  page.getByRole("button", { name: SAVED_REPLY_TEXTS.insert(title), exact: true });

/**
 * A listener with a visitor's conversation open in front of them (the visitor wrote first), for
 * the saved replies and the wrap-up.
 */
async function listenerWithVisitor(
  browser: Browser,
  baseURL: string,
  visitorPage: Page,
  viewport: { width: number; height: number },
) {
  const admin = await signedInAsSupport(browser, baseURL);
  await emptyTheQueue(admin.page, baseURL);
  const listener = await newListener(browser, baseURL, admin.page, viewport);
  await markAvailable(listener.page);
  const visitor = (await newAccount(visitorPage, baseURL)).user;
  await openConversation(visitorPage, SUPPORT_ID);
  await send(visitorPage, "Hi. I don't really know why I'm writing.");
  await deskList(listener.page, DESK_TEXTS.mine).getByRole("link", { name: visitor.username }).click();
  await expect(listener.page).toHaveURL(deskConversationPath(visitor.id));
  await waitForHydration(listener.page);
  await expect(listener.page.getByText("Connection: Online")).toBeVisible();
  return { admin, listener, visitor };
}

for (const { viewport, label } of [
  { viewport: PHONE, label: "on a phone" },
  { viewport: DESKTOP, label: "on a desktop" },
]) {
  test(`${label}, a listener puts a saved reply into the message, changes it before sending (the visitor gets the changed text), and marks it resolved with a wrap-up`, async ({
    page,
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    await page.setViewportSize(PHONE);
    const { admin, listener } = await listenerWithVisitor(browser, baseURL, page, viewport);
    const desk = listener.page;
    try {
      // The reply that shares the visitor's crisis line, written out for them (a browser set to en-US).
      const reply = withCrisisLine(await savedReplyText("Their crisis line"), crisisHelpFor("US"), "en");
      expect(reply).toContain("988 Suicide & Crisis Lifeline (call 988 or text 988)");
      // The listener sees where the visitor writes from: the country, nothing more precise.
      await expect(desk.getByText(DESK_PAGE_TEXTS.visitorCountry("United States"), { exact: true })).toBeVisible();
      // With the keyboard: open the list, go to the reply, insert it; focus is in the composer.
      await savedRepliesButton(desk).focus();
      await desk.keyboard.press("Enter");
      await expect(savedRepliesButton(desk)).toHaveAttribute("aria-expanded", "true");
      await expect(desk.getByText(SAVED_REPLY_TEXTS.editable)).toBeVisible();
      const choice = insertReply(desk, "Their crisis line");
      await expect(choice).toBeInViewport();
      if (viewport === DESKTOP) expect(await seriousViolations(desk)).toEqual([]);
      else {
        await expectNoSideScroll(desk);
      }
      // Escape closes it and gives focus back to its button; it opens again.
      await desk.keyboard.press("Escape");
      await expect(choice).toHaveCount(0);
      await expect(savedRepliesButton(desk)).toBeFocused();
      await desk.keyboard.press("Enter");
      for (let tabs = 0; tabs < 10 && !(await choice.evaluate((button) => button === document.activeElement)); tabs++) {
        await desk.keyboard.press("Tab");
      }
      await desk.keyboard.press("Enter");
      await expect(choice).toHaveCount(0);
      await expect(composer(desk)).toBeFocused();
      await expect(composer(desk)).toHaveValue(reply);
      await expect(composer(desk)).toBeInViewport();

      // Changed before sending: the caret is at its end.
      await desk.keyboard.type(" I'm right here with you while you decide.");
      const changed = `${reply} I'm right here with you while you decide.`;
      await expect(composer(desk)).toHaveValue(changed);
      await desk.keyboard.press("Enter");
      await expectStored(desk, "while you decide.");
      await expect(log(page).getByRole("listitem").filter({ hasText: "while you decide." })).toContainText(
        `Support: ${changed}`,
      );
      await expect(composer(desk)).toHaveValue("");

      // A second reply goes after what is already written, on a line of its own.
      await composer(desk).fill("Thank you for telling me.");
      await savedRepliesButton(desk).click();
      await insertReply(desk, "Welcome").click();
      await expect(composer(desk)).toHaveValue(`Thank you for telling me.\n${await savedReplyText("Welcome")}`);
      await composer(desk).fill("");

      // Mark resolved asks for the wrap-up: nothing chosen, it says what is missing and stays.
      const form = resolveForm(desk);
      await form.getByRole("button", { name: DESK_TEXTS.markResolved }).click();
      await expect(form.getByText(WRAP_UP_TEXTS.chooseTopic)).toBeVisible();
      await expect(form.getByText(WRAP_UP_TEXTS.chooseRisk)).toBeVisible();
      await expect(form.getByRole("checkbox").first()).toBeFocused();
      await expect(desk).toHaveURL(/\/desk\/.+/);
      await fillWrapUp(desk, ["Loneliness", "Anxiety"], true);
      await expect(form.getByText(WRAP_UP_TEXTS.onlyForDesk)).toBeVisible();
      await form.getByRole("button", { name: DESK_TEXTS.markResolved }).click();
      await expect(desk).toHaveURL(PATHS.desk);
      await expect(deskList(desk, DESK_TEXTS.mine)).toContainText(DESK_TEXTS.noneMine);
      await expect(log(page).getByText(VISITOR_DESK_TEXTS.ended)).toBeVisible();
      // The visitor never sees the wrap-up.
      for (const hidden of [WRAP_UP_TEXTS.riskDiscussed, WRAP_UP_TEXTS.topics, "Loneliness"]) {
        await expect(page.locator("main")).not.toContainText(hidden);
      }
    } finally {
      await leaveTheDesk(listener.page, baseURL);
      await listener.context.close();
      await admin.context.close();
    }
  });
}

test("without scripts, a listener starts a message from a saved reply's link, and a wrap-up without the risk answer is refused, keeping the topics chosen", async ({
  page,
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  const admin = await signedInAsSupport(browser, baseURL);
  await emptyTheQueue(admin.page, baseURL);
  const listener = await newListener(browser, baseURL, admin.page, SMALL_PHONE, { javaScriptEnabled: false });
  try {
    const visitor = (await newAccount(page, baseURL)).user;
    await openConversation(page, SUPPORT_ID);
    await send(page, "Hello, is this the right place?");
    const desk = listener.page;
    await desk.goto(deskConversationPath(visitor.id));
    await desk.getByRole("button", { name: DESK_TEXTS.take }).click();
    await expect(composer(desk)).toBeEditable();

    // The browser's own disclosure opens the list; a reply is a link to the page with it in the box.
    await desk.getByText(SAVED_REPLY_TEXTS.open, { exact: true }).click();
    await desk.getByRole("link", { name: SAVED_REPLY_TEXTS.insert("Welcome") }).click();
    const welcome = await savedReplyText("Welcome");
    await expect(composer(desk)).toHaveValue(welcome);
    await composer(desk).fill(`${welcome} My name is Sam.`);
    await desk.getByRole("button", { name: "Send", exact: true }).click();
    await expect(desk).toHaveURL(deskConversationPath(visitor.id));
    await expect(composer(desk)).toHaveValue("");
    await expect(log(page).getByText(`${welcome} My name is Sam.`)).toBeVisible();

    // The server checks the wrap-up: the topic stays ticked, the missing answer is named.
    const form = resolveForm(desk);
    await form.getByRole("checkbox", { name: "Other", exact: true }).check();
    await form.getByRole("button", { name: DESK_TEXTS.markResolved }).click();
    await expect(resolveForm(desk).getByText(WRAP_UP_TEXTS.chooseRisk)).toBeVisible();
    await expect(resolveForm(desk).getByRole("checkbox", { name: "Other", exact: true })).toBeChecked();
    await expect(desk).toHaveURL(deskConversationPath(visitor.id));
    await resolveForm(desk).getByRole("radio", { name: WRAP_UP_TEXTS.no }).check();
    await resolveForm(desk).getByRole("button", { name: DESK_TEXTS.markResolved }).click();
    await expect(desk).toHaveURL(PATHS.desk);
    await expect(log(page).getByText(VISITOR_DESK_TEXTS.ended)).toBeVisible();
  } finally {
    await leaveTheDesk(listener.page, baseURL);
    await listener.context.close();
    await admin.context.close();
  }
});

test("a listener cannot mark resolved a crisis conversation nobody answered: it goes back to the line, is resolved once they reply, and the lead sees its wrap-up said no risk was discussed", async ({
  page,
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  await page.setViewportSize(SMALL_PHONE);
  const admin = await signedInAsSupport(browser, baseURL, DESKTOP);
  await emptyTheQueue(admin.page, baseURL);
  const listener = await newListener(browser, baseURL, admin.page, PHONE);
  const desk = listener.page;
  try {
    await markAvailable(desk);
    const visitor = (await newAccount(page, baseURL)).user;
    await openConversation(page, SUPPORT_ID);
    await send(page, "I don't want to be alive anymore");
    const row = deskList(desk, DESK_TEXTS.mine)
      .getByRole("listitem")
      .filter({ has: desk.getByRole("link", { name: visitor.username }) });
    await expect(row).toContainText(DESK_TEXTS.crisisFlag);
    await row.getByRole("link", { name: visitor.username }).click();
    await expect(desk).toHaveURL(deskConversationPath(visitor.id));
    await waitForHydration(desk);
    await expect(joinedEvents(page)).toHaveCount(1);

    // Nobody has replied: the page says so, and offers to return it to the line first.
    const returnForm = desk.getByRole("form", { name: DESK_TEXTS.returnToLine });
    await expect(returnForm.getByText(DESK_PAGE_TEXTS.returnToLineHint)).toBeVisible();
    await expect(resolveForm(desk).getByText(DESK_PAGE_TEXTS.replyBeforeResolving)).toBeVisible();
    // 'Mark resolved' anyway, with a whole wrap-up: refused in words; nothing ends for the visitor.
    await resolveForm(desk).getByRole("checkbox", { name: "Suicidal thoughts", exact: true }).check();
    await resolveForm(desk)
      .getByRole("group", { name: WRAP_UP_TEXTS.riskDiscussed })
      .getByRole("radio", { name: WRAP_UP_TEXTS.no })
      .check();
    await resolveForm(desk).getByRole("button", { name: DESK_TEXTS.markResolved }).click();
    await expect(resolveForm(desk).getByRole("alert")).toHaveText(DESK_TEXTS.notAnswered);
    await expect(desk).toHaveURL(deskConversationPath(visitor.id));
    await expect(log(page).getByText(VISITOR_DESK_TEXTS.ended)).toHaveCount(0);
    await expect(composer(page)).toBeEditable();
    expect(await seriousViolations(desk)).toEqual([]);
    await expectNoSideScroll(desk);

    // Back to the line: the visitor is first in it again, and any listener may take it.
    await returnForm.getByRole("button", { name: DESK_TEXTS.returnToLine }).click();
    await expect(desk).toHaveURL(PATHS.desk);
    await expect(deskStatus(page)).toContainText(/number 1 in line/);
    await deskList(desk, DESK_TEXTS.waiting).getByRole("link", { name: visitor.username }).click();
    await desk.getByRole("button", { name: DESK_TEXTS.take }).click();
    await expect(composer(desk)).toBeEditable();
    await expect(returnForm).toBeVisible();

    // A reply: Return to line is gone, and 'Mark resolved' ends it.
    await send(desk, "I'm really glad you told me. I'm here with you now. Are you safe right now?");
    await expect(returnForm).toHaveCount(0);
    await fillWrapUp(desk, ["Suicidal thoughts"], false);
    await resolveForm(desk).getByRole("button", { name: DESK_TEXTS.markResolved }).click();
    await expect(desk).toHaveURL(PATHS.desk);
    await expect(log(page).getByText(VISITOR_DESK_TEXTS.ended)).toBeVisible();

    // The lead's figures list it for review: when, who, the topic, the crisis words; never the visitor.
    await admin.page.goto(PATHS.adminDesk);
    const review = admin.page.getByRole("region", { name: DESK_FIGURES_TEXTS.riskNotDiscussed });
    const listed = review.getByRole("row").filter({ hasText: listener.user.username });
    await expect(listed.getByRole("cell")).toHaveText([listener.user.username, "Suicidal thoughts", "Yes"]);
    await expect(review).not.toContainText(visitor.username);
  } finally {
    await leaveTheDesk(desk, baseURL);
    await listener.context.close();
    await admin.context.close();
  }
});
