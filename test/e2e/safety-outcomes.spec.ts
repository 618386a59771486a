import type { Page } from "@playwright/test";
import { BLOCK_TEXTS, REPORT_TEXTS } from "../../app/shared/safety";
import { seriousViolations } from "./support/axe";
import { composer, log, openContactMenu, openConversation } from "./support/chat-page";
import { expectNoSideScroll } from "./support/layout";
import { anotherPerson, expect, newAccount, test, waitForHydration } from "./support/test";

/** The phone widths checked here, each with a common screen height for it. */
const PHONES = [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
] as const;

/** Whatever has the keyboard's focus (nothing matches when it fell back to <body>). */
const focused = (page: Page) => page.locator(":focus");

async function say(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  // Stored: past 'Sending…' (the other person, with the conversation open, may have read it already).
  await expect(log(page).getByRole("listitem").filter({ hasText: text })).toContainText(/Sent|Delivered|Read/);
}

/** The drafts this browser keeps (app/hooks/use-draft.ts). */
function storedDrafts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith("kindred:draft:"))
      .map((key) => localStorage.getItem(key) ?? ""),
  );
}

/** Presses a control from the keyboard: focus on it, then Enter (what Tab and Enter would do). */
async function pressWithKeyboard(page: Page, control: ReturnType<Page["getByRole"]>) {
  await control.focus();
  await expect(control).toBeFocused();
  await page.keyboard.press("Enter");
}

// What happens after a block or a report is the same at every width: checked once, on the narrowest
// phone. Where the controls sit is checked at each phone width (below).
test.describe(`at ${PHONES[0].width} px`, () => {
  const screen = PHONES[0];
  test.use({ viewport: screen });

  test("a block keeps the conversation's history for both and the blocked person's unsent text, and says they can no longer message", async ({
    page,
    browser,
    baseURL,
  }) => {
    const me = await newAccount(page, baseURL ?? "");
    const them = await anotherPerson(browser, baseURL ?? "", { viewport: screen });
    await openConversation(them.page, me.user.id);
    await say(them.page, "Are you there?");
    await openConversation(page, them.user.id);
    await expect(log(page).getByText("Are you there?")).toBeVisible();
    await say(page, "I am here");
    await expect(log(them.page).getByText("I am here")).toBeVisible();
    const unsent = "This is what I was about to say";
    await composer(them.page).fill(unsent);

    await openContactMenu(page, them.user.username);
    await page.getByRole("button", { name: BLOCK_TEXTS.blockButton(them.user.username) }).click();
    const dialog = page.getByRole("dialog", { name: BLOCK_TEXTS.confirmTitle(them.user.username) });
    // What the dialog says is what happens: no notification, but they see they can't message.
    await expect(dialog).toContainText(BLOCK_TEXTS.explanation(them.user.username));
    await expect(dialog).toContainText("they will see that they can no longer message you");
    await dialog.getByRole("button", { name: BLOCK_TEXTS.confirm, exact: true }).click();

    // The blocker keeps the history, with the notice in place of the composer.
    await expect(page.getByText(BLOCK_TEXTS.blocked(them.user.username))).toBeVisible();
    await expect(log(page).getByText("Are you there?")).toBeVisible();
    await expect(log(page).getByText("I am here")).toBeVisible();
    await expect(composer(page)).toBeHidden();

    // The blocked person's open page: told neutrally, history and unsent words still there.
    await expect(them.page.getByText(BLOCK_TEXTS.cannotMessage)).toBeVisible();
    await expect(log(them.page).getByText("Are you there?")).toBeVisible();
    await expect(log(them.page).getByText("I am here")).toBeVisible();
    await expect(composer(them.page)).toHaveValue(unsent);
    await expect(composer(them.page)).not.toBeEditable();
    await expect(them.page.getByRole("button", { name: "Send" })).toBeDisabled();
    await expect(them.page.getByText("Online", { exact: true })).toHaveCount(0);
    await expectNoSideScroll(them.page);
    expect(await storedDrafts(them.page)).toEqual([unsent]);

    // Opened again later, it is the same for both: the history, the unsent text, no way to send.
    await them.page.reload();
    await waitForHydration(them.page);
    await expect(them.page.getByText(BLOCK_TEXTS.cannotMessage)).toBeVisible();
    await expect(log(them.page).getByText("I am here")).toBeVisible();
    await expect(composer(them.page)).toHaveValue(unsent);
    await page.reload();
    await waitForHydration(page);
    await expect(log(page).getByText("Are you there?")).toBeVisible();
    await expectNoSideScroll(page);
    expect(await seriousViolations(them.page)).toEqual([]);
    await them.context.close();
  });

  test("from the keyboard, a report without a reason keeps focus on the reasons and announces why; a sent one moves focus to its confirmation", async ({
    page,
    browser,
    baseURL,
  }) => {
    const them = await newAccount(page, baseURL ?? "");
    const me = await anotherPerson(browser, baseURL ?? "", { viewport: screen });
    await me.page.goto(`/users/${them.user.id}`);
    await waitForHydration(me.page);
    await pressWithKeyboard(
      me.page,
      me.page.getByRole("button", { name: REPORT_TEXTS.profileButton(them.user.username) }),
    );
    const dialog = me.page.getByRole("dialog", { name: REPORT_TEXTS.profileTitle(them.user.username) });
    await expect(dialog).toBeVisible();

    await pressWithKeyboard(me.page, dialog.getByRole("button", { name: REPORT_TEXTS.submit }));
    await expect(dialog.getByRole("alert")).toHaveText(REPORT_TEXTS.chooseReason);
    await expect(dialog.getByRole("radio", { name: "Harassment" })).toBeFocused();

    // Arrow keys choose among the reasons; then Send from the keyboard.
    await me.page.keyboard.press("Space");
    await me.page.keyboard.press("ArrowDown");
    await expect(dialog.getByRole("radio", { name: "Spam" })).toBeChecked();
    await pressWithKeyboard(me.page, dialog.getByRole("button", { name: REPORT_TEXTS.submit }));
    await expect(dialog.getByRole("status")).toContainText(REPORT_TEXTS.sent);
    await expect(focused(me.page)).toContainText(REPORT_TEXTS.sent);
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await me.context.close();
  });

  test("from the keyboard, Block and Unblock on a profile keep focus on the message saying what happened", async ({
    page,
    browser,
    baseURL,
  }) => {
    const them = await newAccount(page, baseURL ?? "");
    const me = await anotherPerson(browser, baseURL ?? "", { viewport: screen });
    await me.page.goto(`/users/${them.user.id}`);
    await waitForHydration(me.page);
    await pressWithKeyboard(
      me.page,
      me.page.getByRole("button", { name: BLOCK_TEXTS.blockButton(them.user.username) }),
    );
    const dialog = me.page.getByRole("dialog", { name: BLOCK_TEXTS.confirmTitle(them.user.username) });
    await pressWithKeyboard(me.page, dialog.getByRole("button", { name: BLOCK_TEXTS.confirm, exact: true }));

    const blocked = BLOCK_TEXTS.blocked(them.user.username);
    await expect(me.page.getByRole("status").filter({ hasText: blocked })).toBeVisible();
    await expect(focused(me.page)).toContainText(blocked);

    await pressWithKeyboard(
      me.page,
      me.page.getByRole("button", { name: BLOCK_TEXTS.unblockButton(them.user.username) }),
    );
    const unblocked = BLOCK_TEXTS.unblocked(them.user.username);
    await expect(me.page.getByRole("status").filter({ hasText: unblocked })).toBeVisible();
    await expect(focused(me.page)).toHaveText(unblocked);
    await expect(me.page.getByRole("button", { name: BLOCK_TEXTS.blockButton(them.user.username) })).toBeVisible();
    await me.context.close();
  });

  test("from the keyboard, Block in a conversation and Unblock in it or in Blocked people keep focus and announce it", async ({
    page,
    browser,
    baseURL,
  }) => {
    const them = await newAccount(page, baseURL ?? "");
    const me = await anotherPerson(browser, baseURL ?? "", { viewport: screen });
    await openConversation(me.page, them.user.id);
    await say(me.page, "Hello");

    const block = async () => {
      await openContactMenu(me.page, them.user.username, { keyboard: true });
      await pressWithKeyboard(
        me.page,
        me.page.getByRole("button", { name: BLOCK_TEXTS.blockButton(them.user.username) }),
      );
      const dialog = me.page.getByRole("dialog", { name: BLOCK_TEXTS.confirmTitle(them.user.username) });
      await pressWithKeyboard(me.page, dialog.getByRole("button", { name: BLOCK_TEXTS.confirm, exact: true }));
      const blocked = BLOCK_TEXTS.blocked(them.user.username);
      await expect(me.page.getByRole("status").filter({ hasText: blocked })).toBeVisible();
      await expect(focused(me.page)).toContainText(blocked);
    };
    await block();

    // Unblocking in the conversation gives the composer back, with focus in it.
    await pressWithKeyboard(
      me.page,
      me.page.getByRole("button", { name: BLOCK_TEXTS.unblockButton(them.user.username) }),
    );
    const unblocked = BLOCK_TEXTS.unblocked(them.user.username);
    await expect(me.page.getByRole("status").filter({ hasText: unblocked })).toBeVisible();
    await expect(composer(me.page)).toBeFocused();
    await say(me.page, "Talking again");

    // In Blocked people, the row goes and focus goes to what happened.
    await block();
    await me.page.goto("/blocked");
    await waitForHydration(me.page);
    await pressWithKeyboard(
      me.page,
      me.page.getByRole("button", { name: BLOCK_TEXTS.unblockButton(them.user.username) }),
    );
    await expect(me.page.getByText(BLOCK_TEXTS.noneBlocked)).toBeVisible();
    await expect(me.page.getByRole("status").filter({ hasText: unblocked })).toBeVisible();
    await expect(focused(me.page)).toHaveText(unblocked);
    await me.context.close();
  });
});

for (const screen of PHONES) {
  test.describe(`at ${screen.width} px`, () => {
    test.use({ viewport: screen });

    test("on a profile, Report and Block come after the person's name", async ({ page, browser, baseURL }) => {
      const them = await newAccount(page, baseURL ?? "");
      const me = await anotherPerson(browser, baseURL ?? "", { viewport: screen });
      await me.page.goto(`/users/${them.user.id}`);
      const name = me.page.getByRole("heading", { level: 1 });
      await expect(name).toHaveText(them.user.username);
      const nameBox = await name.boundingBox();
      for (const control of [
        me.page.getByRole("button", { name: REPORT_TEXTS.profileButton(them.user.username) }),
        me.page.getByRole("button", { name: BLOCK_TEXTS.blockButton(them.user.username) }),
        me.page.getByRole("link", { name: "Send Message" }),
      ]) {
        const box = await control.boundingBox();
        expect(box && nameBox && box.y >= nameBox.y + nameBox.height).toBe(true);
      }
      await expectNoSideScroll(me.page);
      await me.context.close();
    });
  });
}
