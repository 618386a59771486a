import type { Page } from "@playwright/test";
import { ADMIN_TEXTS, ADMIN_TITLES } from "../../app/shared/admin";
import { BLOCK_TEXTS, MODERATION_TEXTS, REPORT_TEXTS, suspensionReasonLabel } from "../../app/shared/safety";
import { SESSION_END_MESSAGES } from "../../app/shared/session-end";
import { seriousViolations } from "./support/axe";
import { composer, contactMenuToggle, log, openContactMenu, openConversation } from "./support/chat-page";
import { SUPPORT_CHAT_PATH } from "./support/config";
import { expectNoSideScroll } from "./support/layout";
import {
  anotherPerson,
  expect,
  newAccount,
  openAccountMenu,
  randomClientAddress,
  signedInAsSupport,
  test,
  waitForHydration,
} from "./support/test";

async function say(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect(log(page).getByText(text)).toBeVisible();
}

test.describe("blocking", () => {
  test("blocking from the conversation closes it for both, hides the blocker, and unblocking reopens it", async ({
    page,
    browser,
    baseURL,
  }) => {
    const me = await newAccount(page, baseURL ?? "");
    const them = await anotherPerson(browser, baseURL ?? "");
    await openConversation(them.page, me.user.id);
    await say(them.page, "Answer me right now");

    await openConversation(page, them.user.id);
    await expect(log(page).getByText("Answer me right now")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Recent chats" })).toContainText(them.user.username);
    await openContactMenu(page, them.user.username);
    await page.getByRole("button", { name: BLOCK_TEXTS.blockButton(them.user.username) }).click();
    const dialog = page.getByRole("dialog", { name: BLOCK_TEXTS.confirmTitle(them.user.username) });
    await expect(dialog).toContainText(BLOCK_TEXTS.explanation(them.user.username));
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: BLOCK_TEXTS.confirm, exact: true }).click();

    await expect(page.getByText(BLOCK_TEXTS.blocked(them.user.username))).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Recent chats" })).not.toContainText(them.user.username);
    // The history stays readable; only sending stops.
    await expect(log(page).getByText("Answer me right now")).toBeVisible();
    await expect(composer(page)).toBeHidden();

    // The blocked person's open conversation says it is closed, with their draft kept.
    await expect(them.page.getByText(BLOCK_TEXTS.cannotMessage).first()).toBeVisible();
    await expect(them.page.getByText("Online", { exact: true })).toHaveCount(0);
    // And they no longer find the blocker.
    await them.page.goto(`/users?q=${encodeURIComponent(me.user.username)}`);
    await expect(them.page.getByText("No users found", { exact: true })).toBeVisible();
    const profile = await them.page.goto(`/users/${me.user.id}`);
    expect(profile?.status()).toBe(404);

    // 'Blocked people' in the account menu lists them; unblocking reopens the conversation.
    await openAccountMenu(page);
    await page.getByRole("link", { name: "Blocked people" }).click();
    await expect(page.getByRole("heading", { name: BLOCK_TEXTS.pageTitle })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: BLOCK_TEXTS.unblockButton(them.user.username) }).click();
    await expect(page.getByText(BLOCK_TEXTS.unblocked(them.user.username))).toBeVisible();
    await expect(page.getByText(BLOCK_TEXTS.noneBlocked)).toBeVisible();

    await openConversation(them.page, me.user.id);
    await say(them.page, "Sorry about before");
    await openConversation(page, them.user.id);
    await expect(log(page).getByText("Sorry about before")).toBeVisible();
    await them.context.close();
  });

  test("the support account has no Block button: it is the help line", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await page.goto(SUPPORT_CHAT_PATH);
    await waitForHydration(page);
    await expect(page.getByText("Connection: Online")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Block / })).toHaveCount(0);
    await expect(contactMenuToggle(page, "Support")).toHaveCount(0);
  });

  test("blocking from a profile works before any script runs", async ({ page, browser, baseURL }) => {
    const them = await newAccount(page, baseURL ?? "");
    const me = await anotherPerson(browser, baseURL ?? "", { javaScriptEnabled: false });
    await me.page.goto(`/users/${them.user.id}`);
    await me.page.getByRole("button", { name: BLOCK_TEXTS.blockButton(them.user.username) }).click();
    const dialog = me.page.getByRole("dialog", { name: BLOCK_TEXTS.confirmTitle(them.user.username) });
    await dialog.getByRole("button", { name: BLOCK_TEXTS.confirm, exact: true }).click();
    await expect(me.page.getByText(BLOCK_TEXTS.blocked(them.user.username))).toBeVisible();
    await expect(me.page.getByRole("link", { name: "Send Message" })).toHaveCount(0);
    await me.context.close();
  });
});

test.describe("reports and moderation", () => {
  test("a reported message reaches /admin/reports, where the admin suspends the sender", async ({
    page,
    browser,
    baseURL,
  }) => {
    const me = await newAccount(page, baseURL ?? "");
    const them = await anotherPerson(browser, baseURL ?? "");
    const hurtful = `You are worthless ${crypto.randomUUID().slice(0, 6)}`;
    await openConversation(them.page, me.user.id);
    await say(them.page, hurtful);

    await openConversation(page, them.user.id);
    await log(page)
      .getByRole("button", { name: `Report this message from ${them.user.username}` })
      .click();
    const dialog = page.getByRole("dialog", { name: REPORT_TEXTS.messageTitle(them.user.username) });
    await dialog.getByRole("button", { name: REPORT_TEXTS.submit }).click();
    await expect(dialog.getByText(REPORT_TEXTS.chooseReason)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("radio", { name: "Harassment" }).check();
    await dialog.getByRole("textbox", { name: REPORT_TEXTS.noteLabel }).fill("Every day this week.");
    await dialog.getByRole("button", { name: REPORT_TEXTS.submit }).click();
    await expect(dialog.getByText(REPORT_TEXTS.sent)).toBeVisible();
    await dialog.getByRole("button", { name: REPORT_TEXTS.close }).click();
    await expect(dialog).toBeHidden();

    const admin = await signedInAsSupport(browser, baseURL ?? "");
    await admin.page.goto("/chat");
    await waitForHydration(admin.page);
    await openAccountMenu(admin.page);
    await expect(admin.page.getByRole("link", { name: /^Reports \d+ open$/ })).toBeVisible();
    await admin.page.getByRole("link", { name: /^Reports/ }).click();
    await expect(admin.page.getByRole("heading", { name: ADMIN_TITLES.reports, level: 1 })).toBeVisible();
    const report = admin.page.getByRole("article").filter({ hasText: hurtful });
    await expect(report).toContainText(`Harassment: a message from ${them.user.username}`);
    await expect(report).toContainText(`by ${me.user.username}`);
    await expect(report).toContainText("Every day this week.");
    expect(await seriousViolations(admin.page)).toEqual([]);

    await report.getByRole("button", { name: MODERATION_TEXTS.suspend(them.user.username) }).click();
    // Suspending asks for a reason first (moderation.spec.ts covers the confirmation).
    const confirm = admin.page.getByRole("dialog", { name: MODERATION_TEXTS.suspendTitle(them.user.username) });
    await confirm.getByRole("radio", { name: suspensionReasonLabel("harassment") }).check();
    await confirm.getByRole("button", { name: MODERATION_TEXTS.confirmSuspend }).click();
    await expect(admin.page.getByRole("article").filter({ hasText: hurtful })).toHaveCount(0);
    await expect(admin.page.getByText(`Suspended an account (${them.user.username})`)).toBeVisible();
    // Once the suspension is done, the suspended person's open page leaves by itself, with the reason.
    await expect(them.page).toHaveURL(/\/signup\?reason=suspended/);
    await expect(them.page.getByText(SESSION_END_MESSAGES.suspended)).toBeVisible();

    // Unsuspending is recorded too, and they can sign in again.
    await admin.page.getByRole("button", { name: MODERATION_TEXTS.unsuspend(them.user.username) }).click();
    await expect(admin.page.getByText(`Lifted a suspension (${them.user.username})`)).toBeVisible();
    const signIn = await them.page.request.post("/api/auth/sign-in/email", {
      data: { email: them.email, password: them.password },
      headers: { Origin: baseURL ?? "" },
    });
    expect(signIn.status()).toBe(200);
    await admin.context.close();
    await them.context.close();
  });

  test("reporting a profile for self-harm risk shows the crisis resources and offers to block", async ({
    page,
    browser,
    baseURL,
  }) => {
    const them = await newAccount(page, baseURL ?? "");
    const me = await anotherPerson(browser, baseURL ?? "");
    await me.page.goto(`/users/${them.user.id}`);
    await waitForHydration(me.page);
    await me.page.getByRole("button", { name: REPORT_TEXTS.profileButton(them.user.username) }).click();
    const dialog = me.page.getByRole("dialog", { name: REPORT_TEXTS.profileTitle(them.user.username) });
    await dialog.getByRole("radio", { name: "Self-harm risk" }).check();
    await dialog.getByRole("checkbox", { name: REPORT_TEXTS.alsoBlock(them.user.username) }).check();
    await dialog.getByRole("button", { name: REPORT_TEXTS.submit }).click();
    await expect(dialog.getByText(REPORT_TEXTS.sentAndBlocked(them.user.username))).toBeVisible();
    await expect(dialog.getByText(REPORT_TEXTS.selfHarmHelp)).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Call 988" })).toHaveAttribute("href", "tel:988");
    await expect(dialog.getByRole("link", { name: "Text 741741" })).toBeVisible();
    expect(await seriousViolations(me.page)).toEqual([]);
    await dialog.getByRole("button", { name: REPORT_TEXTS.close }).click();
    await expect(me.page.getByText(BLOCK_TEXTS.blocked(them.user.username))).toBeVisible();
    await me.context.close();
  });

  test("the report and block dialogs fit a 320 px phone with a long username", async ({ page, browser, baseURL }) => {
    const them = await newAccount(page, baseURL ?? "");
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 320, height: 568 },
      extraHTTPHeaders: { "cf-connecting-ip": randomClientAddress() },
    });
    const phone = await context.newPage();
    await newAccount(phone, baseURL ?? "");
    await phone.goto(`/users/${them.user.id}`);
    await waitForHydration(phone);
    for (const [opener, title] of [
      [REPORT_TEXTS.profileButton(them.user.username), REPORT_TEXTS.profileTitle(them.user.username)],
      [BLOCK_TEXTS.blockButton(them.user.username), BLOCK_TEXTS.confirmTitle(them.user.username)],
    ] as const) {
      await phone.getByRole("button", { name: opener }).click();
      const dialog = phone.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
      await expectNoSideScroll(phone);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
    }
    await context.close();
  });

  test("/admin/reports refuses everyone but the admin, reading and acting", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    const response = await page.goto("/admin/reports");
    expect(response?.status()).toBe(403);
    await expect(page.getByText(ADMIN_TEXTS.forbidden)).toBeVisible();
    const post = await page.request.post("/admin/reports", {
      form: { intent: "unsuspend", id: "someone" },
      headers: { Origin: baseURL ?? "" },
    });
    expect(post.status()).toBe(403);
  });
});
