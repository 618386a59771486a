import type { Page } from "@playwright/test";
import { m } from "../../../app/paraglide/messages";
import { DEFAULT_LANGUAGE, LANGUAGES, languageOf } from "../../../app/shared/languages";
import { chatWith } from "../../../app/shared/routes";
import { CONTACT_MENU_TEXTS } from "../../../app/shared/safety";
import { expect, waitForHydration } from "./test";

/** A text as a regular expression that matches it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The composer's name before the contact's, in each language the site speaks. */
const COMPOSER_NAME = new RegExp(
  `^(${LANGUAGES.map((locale) => literally(m.chat_composer_label({ name: "" }, { locale }))).join("|")})`,
);

/** The conversation's message box, in any of the site's languages (its name says whom the message is for). */
export const composer = (page: Page) => page.getByRole("textbox", { name: COMPOSER_NAME });

/** The conversation's live list of messages. */
export const log = (page: Page) => page.getByRole("log");

/**
 * Opens the conversation with a user (or any chat path, starting with '/'), once its socket is
 * connected: the device's connection reads Online, in the page's language. The page's pictures are part of its HTML (issue
 * 26): a test that holds them back waits for the document only (`waitUntil: "domcontentloaded"`).
 */
export async function openConversation(
  page: Page,
  userIdOrPath: string,
  options: { waitUntil?: "load" | "domcontentloaded" } = {},
) {
  await page.goto(userIdOrPath.startsWith("/") ? userIdOrPath : chatWith(userIdOrPath), options);
  await waitForHydration(page);
  const locale = languageOf(await page.locator("html").getAttribute("lang")) ?? DEFAULT_LANGUAGE;
  await expect(page.getByText(m.chat_connection_online({}, { locale }))).toBeVisible();
}

/**
 * Waits until a message of this page is stored: past 'Sending…'. Sent, Delivered or Read, since the
 * other person may have the conversation or the app open (the seeded Support account is signed in
 * by tests running side by side) and move it on within milliseconds.
 */
export async function expectStored(page: Page, text: string) {
  await expect(log(page).getByRole("listitem").filter({ hasText: text })).toContainText(/Sent|Delivered|Read/);
}

/**
 * The menu beside a conversation's contact name that holds Report and Block: a native <details>,
 * whose <summary> Playwright's role engine does not count as a button, so it is found by its name.
 */
export const contactMenuToggle = (page: Page, username: string) =>
  page.getByRole("main").locator("summary", { hasText: CONTACT_MENU_TEXTS.toggle(username) });

/** Opens the contact menu (with Enter from the keyboard, or a click), unless it is open. */
export async function openContactMenu(page: Page, username: string, { keyboard = false } = {}) {
  const toggle = contactMenuToggle(page, username);
  const menu = page.getByRole("main").locator("details", {
    has: page.locator("summary", { hasText: CONTACT_MENU_TEXTS.toggle(username) }),
  });
  if (await menu.evaluate((details) => (details as HTMLDetailsElement).open)) return;
  if (keyboard) {
    await toggle.focus();
    await page.keyboard.press("Enter");
  } else {
    await toggle.click();
  }
  await expect(menu).toHaveJSProperty("open", true);
}
