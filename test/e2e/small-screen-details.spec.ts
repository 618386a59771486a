import type { Page } from "@playwright/test";
import { CONVERSATION_TEXTS } from "../../app/components/chat/conversation-texts";
import { DESK_TEXTS } from "../../app/shared/desk";
import { chatWith, PATHS } from "../../app/shared/routes";
import { BLOCK_TEXTS, CONTACT_MENU_TEXTS, REPORT_TEXTS } from "../../app/shared/safety";
import { CHAT_MESSAGES, MAX_MESSAGE_TEXT } from "../../app/shared/schemas/chat-protocol";
import { composer, log, openConversation } from "./support/chat-page";
import { SUPPORT_CHAT_PATH } from "./support/config";
import { leaveTheDesk, newListener, openDesk } from "./support/desk";
import { sqlText, writeLocalD1 } from "./support/local-d1";
import {
  anotherPerson,
  expect,
  newAccount,
  pageWithoutScripts,
  pngFile,
  signedInAsSupport,
  test,
  waitForHydration,
} from "./support/test";

/**
 * Details a person meets on a small screen, from the keyboard or without scripts: each was once
 * wrong (a cut name, a hidden control, a message said twice, a state that was not true).
 */

/** The header's bottom edge: what is above it is under the sticky header. */
async function headerBottom(page: Page) {
  const box = await page.getByRole("banner").boundingBox();
  if (!box) throw new Error("no header");
  return box.y + box.height;
}

test.describe("focus moved backwards lands below the sticky header", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("Shift+Tab to a landing FAQ question scrolls it fully into view", async ({ page }) => {
    await page.goto(PATHS.home);
    const questions = page.locator("main details > summary");
    const second = questions.nth(1);
    await second.focus();
    // Scrolled so the question above sits under the header, as it does after reading downwards.
    const top = await headerBottom(page);
    await page.evaluate((y) => window.scrollBy(0, y), ((await second.boundingBox())?.y ?? 0) - top - 4);
    await page.keyboard.press("Shift+Tab");
    const first = questions.nth(0);
    await expect(first).toBeFocused();
    await expect(async () => {
      const box = await first.boundingBox();
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(await headerBottom(page));
    }).toPass();
  });
});

test.describe("the conversation without scripts", () => {
  test("says nothing untrue about the live connection, and a too-long message's error once", async ({
    browser,
    baseURL,
  }) => {
    const page = await pageWithoutScripts(browser, baseURL, { viewport: { width: 375, height: 740 } });
    try {
      await newAccount(page, baseURL ?? "");
      await page.goto(SUPPORT_CHAT_PATH);
      await expect(composer(page)).toBeVisible();
      await expect(page.getByText(/Connection: Unknown/)).toHaveCount(0);
      await expect(page.getByRole("link", { name: /^Refresh/ })).toBeVisible();

      await composer(page).fill("a".repeat(MAX_MESSAGE_TEXT + 1));
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(composer(page)).toHaveValue("a".repeat(MAX_MESSAGE_TEXT + 1));
      await expect(page.getByText(CHAT_MESSAGES.tooLong)).toHaveCount(1);
    } finally {
      await page.context().close();
    }
  });
});

test.describe("the conversation at 320 px", () => {
  test.use({ viewport: { width: 320, height: 568 } });

  test("the composer's placeholder fits on one line", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await openConversation(page, SUPPORT_CHAT_PATH);
    await expect(composer(page)).toHaveAttribute("placeholder", CONVERSATION_TEXTS.placeholder);
    const room = await composer(page).evaluate((input: HTMLTextAreaElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d");
      if (!context) throw new Error("no canvas");
      context.font = style.font;
      const inner = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { needed: context.measureText(input.placeholder).width, inner };
    });
    expect(room.needed).toBeLessThanOrEqual(room.inner);
  });
});

test.describe("an image message", () => {
  test("is named by who sent it, for the sender and for the other person", async ({ page, browser, baseURL }) => {
    const me = await newAccount(page, baseURL ?? "");
    const them = await anotherPerson(browser, baseURL ?? "");
    await openConversation(page, chatWith(them.user.id));
    await page.getByLabel(CONVERSATION_TEXTS.attach).setInputFiles(pngFile());
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const mine = log(page).getByRole("link", { name: /open full size/ });
    await expect(mine).toHaveAccessibleName(new RegExp(`^${CONVERSATION_TEXTS.imageYouSent} ?, open full size$`));
    await expect(mine.getByRole("img")).toHaveAccessibleName(CONVERSATION_TEXTS.imageYouSent);

    await openConversation(them.page, chatWith(me.user.id));
    await expect(log(them.page).getByRole("link", { name: /open full size/ })).toHaveAccessibleName(
      new RegExp(`^${CONVERSATION_TEXTS.imageFrom(me.user.username)} ?, open full size$`),
    );
    await them.context.close();
  });
});

test.describe("a community conversation's header at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("shows the contact's whole name, with Report and Block in a menu that the keyboard opens and Escape closes", async ({
    page,
    browser,
    baseURL,
  }) => {
    await newAccount(page, baseURL ?? "");
    const them = await anotherPerson(browser, baseURL ?? "");
    await openConversation(page, chatWith(them.user.id));
    const name = page.getByRole("link", { name: `View the profile of ${them.user.username}` });
    await expect(name).toBeVisible();
    const cut = await name.evaluate((link) => {
      const heading = link.closest("h2") as HTMLElement;
      return heading.scrollWidth > heading.clientWidth;
    });
    expect(cut, "the name is not cut").toBe(false);
    await expect(page.getByRole("button", { name: BLOCK_TEXTS.blockButton(them.user.username) })).toBeHidden();

    const toggle = page
      .getByRole("main")
      .locator("summary", { hasText: CONTACT_MENU_TEXTS.toggle(them.user.username) });
    const menu = page.getByRole("main").locator("details", {
      has: page.locator("summary", { hasText: CONTACT_MENU_TEXTS.toggle(them.user.username) }),
    });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveJSProperty("open", true);
    const block = page.getByRole("button", { name: BLOCK_TEXTS.blockButton(them.user.username) });
    await expect(block).toBeVisible();
    await expect(page.getByRole("button", { name: REPORT_TEXTS.profileButton(them.user.username) })).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(menu).toHaveJSProperty("open", false);
    await expect(toggle).toBeFocused();

    // Report from the menu opens its dialog; closing it goes back to the menu.
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: REPORT_TEXTS.profileButton(them.user.username) }).click();
    const dialog = page.getByRole("dialog", { name: REPORT_TEXTS.profileTitle(them.user.username) });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(menu).toHaveJSProperty("open", true);
    await them.context.close();
  });

  test("without scripts, the menu opens and Block in it blocks", async ({ browser, baseURL }) => {
    const page = await pageWithoutScripts(browser, baseURL, { viewport: { width: 375, height: 740 } });
    const them = await anotherPerson(browser, baseURL ?? "");
    try {
      await newAccount(page, baseURL ?? "");
      await page.goto(chatWith(them.user.id));
      await page
        .getByRole("main")
        .locator("summary", { hasText: CONTACT_MENU_TEXTS.toggle(them.user.username) })
        .click();
      await page.getByRole("button", { name: BLOCK_TEXTS.blockButton(them.user.username) }).click();
      const dialog = page.getByRole("dialog", { name: BLOCK_TEXTS.confirmTitle(them.user.username) });
      await dialog.getByRole("button", { name: BLOCK_TEXTS.confirm, exact: true }).click();
      await expect(page.getByText(BLOCK_TEXTS.blocked(them.user.username))).toBeVisible();
    } finally {
      await page.context().close();
      await them.context.close();
    }
  });
});

test.describe("find people at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a result card shows a long place in full", async ({ page, browser, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    const them = await anotherPerson(browser, baseURL ?? "");
    await them.context.close();
    await writeLocalD1(
      `INSERT INTO profiles (user_id, age, city, country) VALUES (${sqlText(them.user.id)}, 34, 'Manchester', 'United Kingdom') ` +
        "ON CONFLICT(user_id) DO UPDATE SET age = 34, city = 'Manchester', country = 'United Kingdom'",
    );
    await page.goto(`${PATHS.users}?q=${encodeURIComponent(them.user.username)}`);
    const facts = page.getByRole("list", { name: "Search results" }).getByText(/Manchester, United Kingdom/);
    await expect(facts).toBeVisible();
    const cut = await facts.evaluate((line) => line.scrollWidth > line.clientWidth);
    expect(cut, "'Manchester, United Kingdom' is not cut").toBe(false);
  });
});

test.describe("the desk at 320 px", () => {
  test.use({ viewport: { width: 320, height: 568 } });

  test("the Available and Away buttons keep clear of the card's edge", async ({ browser, baseURL }) => {
    const admin = await signedInAsSupport(browser, baseURL ?? "");
    const listener = await newListener(browser, baseURL ?? "", admin.page, { width: 320, height: 568 });
    try {
      await openDesk(listener.page);
      await waitForHydration(listener.page);
      const away = listener.page.getByRole("button", { name: DESK_TEXTS.away });
      const card = listener.page.locator("form", { has: away }).locator("xpath=..");
      const awayBox = await away.boundingBox();
      const cardBox = await card.boundingBox();
      if (!awayBox || !cardBox) throw new Error("not laid out");
      expect(cardBox.x + cardBox.width - (awayBox.x + awayBox.width)).toBeGreaterThanOrEqual(8);
    } finally {
      await leaveTheDesk(listener.page, baseURL ?? "");
      await listener.context.close();
      await admin.context.close();
    }
  });
});
