import type { Page } from "@playwright/test";
import { INACTIVITY_MESSAGES } from "../../app/lib/inactivity";
import { SUPPORT_CHAT_PATH } from "./support/config";
import { expect, holdRequests, signUpThroughApi, test, waitForHydration, waitForSessionTimers } from "./support/test";

const MINUTE = 60_000;
const START = new Date("2026-03-02T10:00:00Z").getTime();

/** Signed in on /chat (or `path`) with the page's clock stopped, so only the test moves time. */
async function signedInWithStoppedClock(page: Page, baseURL: string, path = "/chat") {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + MINUTE);
  const account = await signUpThroughApi(page, baseURL);
  await page.goto(path);
  await waitForSessionTimers(page);
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  return account;
}

const warning = (page: Page) => page.getByRole("dialog", { name: "Are you still there?" });

test.describe("inactivity", () => {
  test("warns at 8 minutes and signs out at 10 with the spec's messages", async ({ page, baseURL }) => {
    await signedInWithStoppedClock(page, baseURL ?? "");
    await page.clock.runFor(8 * MINUTE - 1000);
    await expect(warning(page)).toBeHidden();
    await page.clock.runFor(1000);
    await expect(warning(page)).toBeVisible();
    await expect(warning(page)).toContainText(INACTIVITY_MESSAGES.warning);
    // Not on a conversation: nothing to reassure about.
    await expect(warning(page)).not.toContainText(INACTIVITY_MESSAGES.conversationKept);

    await page.clock.runFor(2 * MINUTE);
    // Signing in again comes back to the page the person was on.
    await page.waitForURL("**/signup?reason=inactivity&next=%2Fchat");
    await expect(page.getByText(INACTIVITY_MESSAGES.loggedOut)).toBeVisible();
    // The person has an account: the spec's /signup opens on signing in (issue 23).
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    // The server ended the session too, and a page asked for with its cookie says why (issue 23).
    await page.goto(SUPPORT_CHAT_PATH);
    await expect(page).toHaveURL(`/signup?reason=inactivity&next=${encodeURIComponent(SUPPORT_CHAT_PATH)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await expect(page.getByText(INACTIVITY_MESSAGES.loggedOut)).toBeVisible();
  });

  test("OK keeps the person signed in for another full period", async ({ page, baseURL }) => {
    await signedInWithStoppedClock(page, baseURL ?? "");
    await page.clock.runFor(8 * MINUTE);
    // OK from the keyboard: a mouse click would leave the pointer where the dialog was, and Chromium
    // may send a synthetic mousemove (activity) when it goes, at a moment no test can wait for.
    await warning(page).getByRole("button", { name: "OK" }).press("Enter");
    await expect(warning(page)).toBeHidden();
    await page.clock.runFor(7 * MINUTE);
    await expect(page).toHaveURL(/\/chat$/);
    await expect(warning(page)).toBeHidden();
    await page.clock.runFor(1 * MINUTE);
    await expect(warning(page)).toBeVisible();
  });

  test("an answer to a session check that arrives after OK does not take the time back", async ({ page, baseURL }) => {
    // The check sent when the page opened answers only after OK was pressed (a slow phone network).
    const release = await holdRequests(page, "**/api/session/activity");
    await signedInWithStoppedClock(page, baseURL ?? "");
    await page.clock.runFor(8 * MINUTE);
    await warning(page).getByRole("button", { name: "OK" }).press("Enter");
    await expect(warning(page)).toBeHidden();
    release();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.sessionCheckedAt)).toBeDefined();

    await page.clock.runFor(7 * MINUTE);
    await expect(page).toHaveURL(/\/chat$/);
    await expect(warning(page)).toBeHidden();
    await page.clock.runFor(1 * MINUTE);
    await expect(warning(page)).toBeVisible();
  });

  test("keeps tabs in step: activity in one keeps the other alive, a logout in one signs out both", async ({
    page,
    context,
    baseURL,
  }) => {
    await signedInWithStoppedClock(page, baseURL ?? "");
    const second = await context.newPage();
    await second.goto("/chat");
    await waitForSessionTimers(second);

    await page.clock.runFor(5 * MINUTE);
    await second.getByRole("heading", { level: 1, name: "Messages" }).click();
    await page.clock.runFor(4 * MINUTE);
    // 9 minutes since the first tab's own last activity, but only 4 since the other tab's.
    await expect(warning(page)).toBeHidden();
    await expect(page).toHaveURL(/\/chat$/);

    await page.clock.runFor(6 * MINUTE);
    await second.waitForURL("**/signup?reason=inactivity&next=%2Fchat");
    await page.waitForURL("**/signup?reason=inactivity&next=%2Fchat");
  });
});

for (const width of [320, 375]) {
  test.describe(`an inactivity logout on a conversation, at ${width} px (issue 23)`, () => {
    test.use({ viewport: { width, height: 640 } });

    test("warns that nothing is lost, lands on Welcome Back and signing in returns to the conversation and its draft", async ({
      page,
      baseURL,
    }) => {
      const { email, password } = await signedInWithStoppedClock(page, baseURL ?? "", SUPPORT_CHAT_PATH);
      const composer = page.getByRole("textbox", { name: /^Message / });
      await composer.fill("I am still here, waiting for you");

      await page.clock.runFor(8 * MINUTE);
      await expect(warning(page)).toBeVisible();
      await expect(warning(page)).toContainText(INACTIVITY_MESSAGES.warning);
      await expect(warning(page)).toContainText(INACTIVITY_MESSAGES.conversationKept);

      await page.clock.runFor(2 * MINUTE);
      await page.waitForURL(`**/signup?reason=inactivity&next=${encodeURIComponent(SUPPORT_CHAT_PATH)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
      await expect(page.getByText(INACTIVITY_MESSAGES.loggedOut)).toBeVisible();
      await expect(page.getByLabel("Your anonymous username")).toHaveCount(0);

      // The rest happens in real time.
      await page.clock.resume();
      await waitForHydration(page);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL(`**${SUPPORT_CHAT_PATH}`);
      await expect(page.getByRole("heading", { level: 2, name: "Support" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: /^Message / })).toHaveValue("I am still here, waiting for you");
    });
  });
}
