import type { Browser, Page } from "@playwright/test";
import { PATHS } from "../../app/shared/routes";
import { SESSION_END_MESSAGES, SIGN_OUT_TEXTS } from "../../app/shared/session-end";
import { openConversation } from "./support/chat-page";
import { SUPPORT_CHAT_PATH } from "./support/config";
import { menuToggle, mobileMenu } from "./support/mobile-menu";
import { expect, newAccount, pageWithoutScripts, test } from "./support/test";

/**
 * The signed-in header without JavaScript: a person in Tor Browser's 'Safest' mode who
 * can talk to the support desk must also reach their profile and be able to sign out. The account
 * menu's panel shows without its button's script, and 'Sign Out' is a form posted to /signout.
 */

const accountButton = (page: Page) => page.getByRole("button", { name: /account menu/ });
const signOutButton = (page: Page) => page.getByRole("button", { name: SIGN_OUT_TEXTS.button, exact: true });

/** A page of the same session as `page`, with scripts: its conversation's socket is live. */
async function livePageOfSameSession(browser: Browser, baseURL: string, page: Page) {
  const context = await browser.newContext({ baseURL, storageState: await page.context().storageState() });
  const live = await context.newPage();
  await openConversation(live, SUPPORT_CHAT_PATH);
  return live;
}

async function expectSignedOut(page: Page) {
  await expect(page).toHaveURL(`${PATHS.signup}?reason=signed-out`);
  await expect(page.getByRole("main").getByText(SESSION_END_MESSAGES["signed-out"], { exact: true })).toBeVisible();
  // The header is the signed-out one (at a phone's width inside its closed menu, so hidden ones count).
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Get Started", includeHidden: true }).first()).toBeAttached();
  await expect(banner.getByRole("button", { name: /account menu/, includeHidden: true })).toHaveCount(0);
  await page.goto(PATHS.chat);
  await expect(page).toHaveURL(/\/signup\?next=%2Fchat$/);
}

test.describe("the account menu with JavaScript disabled", () => {
  test("at 375 px it shows inside the phone menu, its links work, and Sign Out ends the session and its sockets", async ({
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    const page = await pageWithoutScripts(browser, baseURL, { viewport: { width: 375, height: 740 } });
    const { user } = await newAccount(page, baseURL);
    const live = await livePageOfSameSession(browser, baseURL, page);
    try {
      await page.goto(SUPPORT_CHAT_PATH);
      const menu = mobileMenu(page);
      await expect(menu).toBeHidden();
      await menuToggle(page).click();
      await expect(menu).toBeVisible();
      await expect(menu.getByText(`Signed in as ${user.username}`)).toBeVisible();
      await menu.getByRole("link", { name: "My Profile" }).click();
      await expect(page).toHaveURL(PATHS.profile);

      await menuToggle(page).click();
      await expect(signOutButton(page).locator("visible=true")).toBeInViewport();
      await menu.getByRole("button", { name: SIGN_OUT_TEXTS.button, exact: true }).click();
      await expectSignedOut(page);
      // The same session's live page elsewhere is told, and leaves too.
      await expect(live).toHaveURL(`${PATHS.signup}?reason=signed-out`);
    } finally {
      await live.context().close();
      await page.context().close();
    }
  });

  test("at 1280 px it drops down for the keyboard and the pointer, and Sign Out works", async ({
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    const page = await pageWithoutScripts(browser, baseURL, { viewport: { width: 1280, height: 800 } });
    await newAccount(page, baseURL);
    try {
      await page.goto(PATHS.profile);
      const button = accountButton(page).locator("visible=true");
      const signOut = signOutButton(page).locator("visible=true");
      await expect(signOut).toHaveCount(0);
      // From the keyboard: focus on the button opens it, and Tab walks into its links.
      await button.focus();
      await expect(signOut).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "My Profile" }).locator("visible=true")).toBeFocused();
      // Focus elsewhere closes it again.
      await page.getByRole("link", { name: "Messages" }).locator("visible=true").focus();
      await expect(signOut).toHaveCount(0);
      // With the pointer: it opens under the button and stays open on the way down to Sign Out.
      await button.hover();
      await expect(signOut).toBeVisible();
      await signOut.hover();
      await signOut.click();
      await expectSignedOut(page);
    } finally {
      await page.context().close();
    }
  });

  test("/signout read by address asks first and signs no one out; signed out, it is the sign-in page", async ({
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    const page = await pageWithoutScripts(browser, baseURL);
    await newAccount(page, baseURL);
    try {
      await page.goto(PATHS.signOut);
      await expect(page.getByRole("heading", { level: 1, name: SIGN_OUT_TEXTS.pageTitle })).toBeVisible();
      await expect(page.getByRole("main").getByText(SIGN_OUT_TEXTS.question, { exact: true })).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: SIGN_OUT_TEXTS.cancel }).click();
      await expect(page).toHaveURL(PATHS.chat);
      const session = await (await page.request.get("/api/auth/get-session")).json();
      expect(session?.user).toBeTruthy();

      await page.goto(PATHS.signOut);
      await page.getByRole("main").getByRole("button", { name: SIGN_OUT_TEXTS.button }).click();
      await expectSignedOut(page);
      await page.goto(PATHS.signOut);
      await expect(page).toHaveURL(PATHS.signup);
    } finally {
      await page.context().close();
    }
  });
});
