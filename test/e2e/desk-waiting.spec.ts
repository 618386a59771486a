import type { Browser, Page } from "@playwright/test";
import { DESK_ANNOUNCEMENTS, DESK_PAGE_TEXTS, DESK_TEXTS } from "../../app/shared/desk";
import { WHISPER_TEXTS } from "../../app/shared/desk-operations";
import { deskConversationPath } from "../../app/shared/routes";
import { seriousViolations } from "./support/axe";
import { composer, expectStored, openConversation } from "./support/chat-page";
import { deskList, emptyTheQueue, leaveTheDesk, markAvailable, newListener, openDesk } from "./support/desk";
import { expectNoSideScroll } from "./support/layout";
import { anotherPerson, expect, signedInAsSupport, test, waitForHydration } from "./support/test";

/**
 * A listener holding three conversations sees which of them waits for their reply, on /desk's
 * 'Mine' and in the list beside each conversation's page, with the count in the tab's title, the
 * announcement of a visitor's new message and the supervisor's message on whichever desk page is
 * open. The desk is one for the whole server: these run with the other desk tests, one after
 * another, from an empty queue, and leave their listener Away.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const SUPPORT_ID = "kindred-support";
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const TITLE = `${DESK_TEXTS.title} | Kindred`;

type Person = Awaited<ReturnType<typeof anotherPerson>>;

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expectStored(page, text);
}

/** A visitor with their support conversation open, who has written once. */
async function visitorWrites(browser: Browser, baseURL: string, text: string): Promise<Person> {
  const visitor = await anotherPerson(browser, baseURL, { viewport: DESKTOP });
  await openConversation(visitor.page, SUPPORT_ID);
  await send(visitor.page, text);
  return visitor;
}

/** The list of the listener's conversations beside a conversation's page. */
const yours = (page: Page) => page.getByRole("navigation", { name: DESK_PAGE_TEXTS.yourConversations });
/** One conversation's row in a list, by its visitor. */
const row = (list: ReturnType<Page["getByRole"]>, visitor: Person) =>
  list.getByRole("listitem").filter({ has: list.page().getByRole("link", { name: visitor.user.username }) });
const announcements = (page: Page) => page.getByRole("status", { name: DESK_PAGE_TEXTS.messageAnnouncements });

/** The listener replies in the conversation on screen, reached from the list beside it. */
async function replyIn(page: Page, visitor: Person, text: string) {
  await yours(page).getByRole("link", { name: visitor.user.username }).click();
  await expect(page).toHaveURL(deskConversationPath(visitor.user.id));
  await waitForHydration(page);
  await send(page, text);
  await expect(row(yours(page), visitor)).toContainText(DESK_PAGE_TEXTS.replied);
}

for (const [width, viewport] of [
  ["1280 px", DESKTOP],
  ["375 px", PHONE],
] as const) {
  test(`at ${width}, a listener holding three conversations, viewing the first, sees the second waiting for their reply as its visitor writes; replying clears it`, async ({
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    const admin = await signedInAsSupport(browser, baseURL, DESKTOP);
    await emptyTheQueue(admin.page, baseURL);
    const listener = await newListener(browser, baseURL, admin.page, viewport);
    const { page } = listener;
    const visitors: Person[] = [];
    try {
      await markAvailable(page);
      for (const n of [1, 2, 3]) visitors.push(await visitorWrites(browser, baseURL, `hello ${n}`));
      const [first, second, third] = visitors as [Person, Person, Person];
      const mine = deskList(page, DESK_TEXTS.mine);
      await expect(mine.getByRole("link")).toHaveCount(3);
      // Each visitor wrote first: all three wait, counted in the title.
      await expect(mine.getByText(/^Waiting for your reply · /)).toHaveCount(3);
      await expect(row(mine, second)).toContainText("hello 2");
      await expect(page).toHaveTitle(`(3) ${TITLE}`);
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSideScroll(page);

      // The listener answers each, moving between them with the list beside the conversation.
      await mine.getByRole("link", { name: first.user.username }).click();
      await waitForHydration(page);
      for (const visitor of [first, second, third]) await replyIn(page, visitor, "I'm here. Take your time.");
      await expect(page).toHaveTitle(TITLE);
      await yours(page).getByRole("link", { name: first.user.username }).click();
      await expect(page).toHaveURL(deskConversationPath(first.user.id));
      await waitForHydration(page);
      await expect(yours(page).getByRole("link", { name: first.user.username })).toHaveAttribute(
        "aria-current",
        "page",
      );

      // The second visitor writes while the listener reads the first: marked, first in the list,
      // counted, announced.
      await send(second.page, "are you still there?");
      await expect(row(yours(page), second)).toContainText(/Waiting for your reply · under a minute/);
      await expect(row(yours(page), second)).toContainText("are you still there?");
      await expect(yours(page).getByRole("listitem").first()).toContainText(second.user.username);
      await expect(page).toHaveTitle(`(1) ${TITLE}`);
      await expect(announcements(page)).toContainText(DESK_ANNOUNCEMENTS.newMessage(second.user.username));
      // The page as served counts it too, before any script.
      const served = await (await page.request.get(deskConversationPath(first.user.id))).text();
      expect(served).toContain(`<title>(1) ${TITLE}</title>`);
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSideScroll(page);

      // Replying clears it.
      await replyIn(page, second, "Yes, I'm still here.");
      await expect(row(yours(page), second)).not.toContainText("Waiting for your reply");
      await expect(page).toHaveTitle(TITLE);

      // On /desk too: the third visitor writes, and the supervisor writes to the listener about the first.
      await openDesk(page);
      await send(third.page, "can we talk?");
      await expect(row(mine, third)).toContainText(/Waiting for your reply · under a minute/);
      await expect(page).toHaveTitle(`(1) ${TITLE}`);
      await expect(announcements(page)).toContainText(DESK_ANNOUNCEMENTS.newMessage(third.user.username));
      const words = "Check in on how they are sleeping.";
      const whispered = await admin.page.request.post(deskConversationPath(first.user.id), {
        form: { intent: "whisper", text: words },
        headers: { Origin: baseURL },
      });
      expect(whispered.status()).toBe(200);
      await expect(page.getByRole("status").filter({ hasText: words })).toContainText(
        `${WHISPER_TEXTS.kind} ${DESK_PAGE_TEXTS.whisperAbout(first.user.username)}:`,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSideScroll(page);
    } finally {
      for (const visitor of visitors) await visitor.context.close();
      await leaveTheDesk(page, baseURL);
      await listener.context.close();
      await emptyTheQueue(admin.page, baseURL);
      await admin.context.close();
    }
  });
}

test("the sound for new messages is off until the listener turns it on, and stays on in this browser", async ({
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  const admin = await signedInAsSupport(browser, baseURL, DESKTOP);
  const listener = await newListener(browser, baseURL, admin.page, DESKTOP);
  try {
    await openDesk(listener.page);
    const sound = listener.page.getByRole("button", { name: DESK_PAGE_TEXTS.sound });
    await expect(sound).toHaveAttribute("aria-pressed", "false");
    await sound.focus();
    await listener.page.keyboard.press("Enter");
    await expect(sound).toHaveAttribute("aria-pressed", "true");
    await listener.page.reload();
    await waitForHydration(listener.page);
    await expect(sound).toHaveAttribute("aria-pressed", "true");
    await sound.click();
    await expect(sound).toHaveAttribute("aria-pressed", "false");
  } finally {
    await listener.context.close();
    await admin.context.close();
  }
});
