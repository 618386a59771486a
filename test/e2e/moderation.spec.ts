import type { Browser, Page } from "@playwright/test";
import { MODERATION_TEXTS, suspensionReasonLabel } from "../../app/shared/safety";
import { signInWithForm } from "./support/auth-forms";
import { seriousViolations } from "./support/axe";
import { CONTACT_EMAIL } from "./support/config";
import { expectNoSideScroll } from "./support/layout";
import {
  expect,
  newAccount,
  randomClientAddress,
  SEEDED_SUPPORT,
  signedInAsSupport,
  test,
  waitForHydration,
  waitForPageScripts,
} from "./support/test";

const PHONE = { width: 375, height: 740 };

/**
 * Someone reported for their profile by someone else, through the profile's own form action, with
 * a note that tells this report apart from every other one the admin sees.
 */
async function reportedPerson(page: Page, browser: Browser, baseURL: string) {
  const them = await newAccount(page, baseURL);
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "cf-connecting-ip": randomClientAddress() },
  });
  const reporter = await context.newPage();
  await newAccount(reporter, baseURL);
  const marker = `Report ${crypto.randomUUID().slice(0, 8)}`;
  const reported = await reporter.request.post(`/users/${them.user.id}`, {
    form: { intent: "report", subject: "profile", reason: "harassment", note: marker },
    headers: { Origin: baseURL },
  });
  expect(reported.status()).toBe(200);
  await context.close();
  return { ...them, marker };
}

/** What the suspended person reads when they try to sign in. */
const suspendedAtSignIn = (reason: Parameters<typeof suspensionReasonLabel>[0]) =>
  `This account has been suspended. Reason: ${suspensionReasonLabel(reason)}. To appeal, email ${CONTACT_EMAIL}.`;

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto("/login");
  await waitForPageScripts(page);
  await signInWithForm(page, { email, password });
}

test.describe("suspending an account", () => {
  // On a phone, where a thumb aims: the page's layout at other widths is swept by the layout tests.
  const viewport = PHONE;
  test(`at ${viewport.width} px Suspend asks for a reason first, records it, and the person's sign-in names it with the appeal address`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const them = await reportedPerson(page, browser, baseURL ?? "");
    const admin = await signedInAsSupport(browser, baseURL ?? "", viewport);
    await admin.page.goto("/admin/reports");
    await waitForHydration(admin.page);
    const report = admin.page.getByRole("article").filter({ hasText: them.marker });
    const suspend = report.getByRole("button", { name: MODERATION_TEXTS.suspend(them.user.username) });
    const dismiss = report.getByRole("button", { name: /^Dismiss/ });

    // Suspend is not where a thumb aiming for Dismiss lands: far apart, on the other side.
    const [suspendBox, dismissBox] = [await suspend.boundingBox(), await dismiss.boundingBox()];
    if (!suspendBox || !dismissBox) throw new Error("the report's actions are not shown");
    const horizontalGap = suspendBox.x - (dismissBox.x + dismissBox.width);
    const verticalGap = suspendBox.y - (dismissBox.y + dismissBox.height);
    expect(Math.max(horizontalGap, verticalGap)).toBeGreaterThanOrEqual(32);
    expect(suspendBox.x + suspendBox.width).toBeLessThanOrEqual(viewport.width);

    // One tap only asks.
    await suspend.click();
    const dialog = admin.page.getByRole("dialog", { name: MODERATION_TEXTS.suspendTitle(them.user.username) });
    await expect(dialog).toBeVisible();
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox && dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= viewport.width).toBe(true);
    await expectNoSideScroll(admin.page);

    // Confirming without a reason says what is missing, and suspends no one.
    await dialog.getByRole("button", { name: MODERATION_TEXTS.confirmSuspend }).click();
    await expect(dialog.getByRole("alert")).toHaveText(MODERATION_TEXTS.chooseSuspensionReason);
    await expect(dialog.getByRole("radio", { name: suspensionReasonLabel("harassment") })).toBeFocused();
    expect(await seriousViolations(admin.page)).toEqual([]);
    const early = await page.request.post("/api/auth/sign-in/email", {
      data: { email: them.email, password: them.password },
      headers: { Origin: baseURL ?? "" },
    });
    expect(early.status()).toBe(200);

    // With a reason and a note it is done, and the log says why.
    const note = `Insulted several people ${crypto.randomUUID().slice(0, 6)}`;
    await dialog.getByRole("radio", { name: suspensionReasonLabel("harassment") }).check();
    await dialog.getByRole("textbox", { name: MODERATION_TEXTS.suspensionNoteLabel }).fill(note);
    await dialog.getByRole("button", { name: MODERATION_TEXTS.confirmSuspend }).click();
    await expect(
      admin.page.getByRole("status").filter({ hasText: MODERATION_TEXTS.suspendedDone(them.user.username) }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(report).toHaveCount(0);
    const entry = admin.page.getByRole("listitem").filter({ hasText: `Suspended an account (${them.user.username})` });
    await expect(entry).toContainText(MODERATION_TEXTS.logReason(suspensionReasonLabel("harassment")));
    await expect(entry).toContainText(MODERATION_TEXTS.logNote(note));

    // The person is told the category and where to appeal, never the admin's note.
    const person = await browser.newContext({
      baseURL,
      viewport,
      extraHTTPHeaders: { "cf-connecting-ip": randomClientAddress() },
    });
    const signIn = await person.newPage();
    await signInThroughForm(signIn, them.email, them.password);
    await expect(signIn.getByRole("alert").filter({ hasText: "suspended" })).toHaveText(
      suspendedAtSignIn("harassment"),
    );
    await expect(signIn.getByText(note)).toHaveCount(0);
    await person.close();
    await admin.context.close();
  });

  test("without scripts the confirmation keeps what was typed when the reason is missing, and then suspends", async ({
    page,
    browser,
    baseURL,
  }) => {
    const them = await reportedPerson(page, browser, baseURL ?? "");
    const context = await browser.newContext({
      baseURL,
      viewport: PHONE,
      javaScriptEnabled: false,
      extraHTTPHeaders: { "cf-connecting-ip": randomClientAddress() },
    });
    const admin = await context.newPage();
    const signedIn = await admin.request.post("/api/auth/sign-in/email", {
      data: SEEDED_SUPPORT,
      headers: { Origin: baseURL ?? "" },
    });
    expect(signedIn.status()).toBe(200);
    await admin.goto("/admin/reports");
    const report = admin.getByRole("article").filter({ hasText: them.marker });
    await report.getByRole("button", { name: MODERATION_TEXTS.suspend(them.user.username) }).click();
    const dialog = admin.getByRole("dialog", { name: MODERATION_TEXTS.suspendTitle(them.user.username) });
    const note = "Posted the same scam link all week.";
    await dialog.getByRole("textbox", { name: MODERATION_TEXTS.suspensionNoteLabel }).fill(note);
    await dialog.getByRole("button", { name: MODERATION_TEXTS.confirmSuspend }).click();

    // The server refuses it with the reason's message, and the form is there again, note and all.
    const again = admin.getByRole("region", { name: MODERATION_TEXTS.suspendTitle(them.user.username) });
    await expect(again.getByRole("alert")).toHaveText(MODERATION_TEXTS.chooseSuspensionReason);
    await expect(again.getByRole("textbox", { name: MODERATION_TEXTS.suspensionNoteLabel })).toHaveValue(note);
    await expect(admin.getByText(MODERATION_TEXTS.suspendedBadge, { exact: true })).toHaveCount(0);

    await again.getByRole("radio", { name: suspensionReasonLabel("spam") }).check();
    await again.getByRole("button", { name: MODERATION_TEXTS.confirmSuspend }).click();
    await expect(
      admin.getByRole("status").filter({ hasText: MODERATION_TEXTS.suspendedDone(them.user.username) }),
    ).toBeVisible();
    const entry = admin.getByRole("listitem").filter({ hasText: `Suspended an account (${them.user.username})` });
    await expect(entry).toContainText(MODERATION_TEXTS.logReason(suspensionReasonLabel("spam")));
    await expect(entry).toContainText(MODERATION_TEXTS.logNote(note));

    const refused = await page.request.post("/api/auth/sign-in/email", {
      data: { email: them.email, password: them.password },
      headers: { Origin: baseURL ?? "" },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ message: suspendedAtSignIn("spam") });
    await context.close();
  });

  test("the action refuses a suspension posted without a reason and changes nothing", async ({
    page,
    browser,
    baseURL,
  }) => {
    const them = await reportedPerson(page, browser, baseURL ?? "");
    const admin = await signedInAsSupport(browser, baseURL ?? "");
    await admin.page.goto("/admin/reports");
    const report = admin.page.getByRole("article").filter({ hasText: them.marker });
    await expect(report).toBeVisible();
    const reportId = await report.locator('input[name="id"]').first().inputValue();
    const posted = await admin.page.request.post("/admin/reports", {
      form: { intent: "suspend", id: reportId, note: "No reason chosen." },
      headers: { Origin: baseURL ?? "" },
    });
    expect(posted.status()).toBe(400);
    expect(await posted.text()).toContain(MODERATION_TEXTS.chooseSuspensionReason);
    await admin.page.reload();
    await expect(report).toBeVisible();
    await expect(admin.page.getByText(`Suspended an account (${them.user.username})`)).toHaveCount(0);
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email: them.email, password: them.password },
      headers: { Origin: baseURL ?? "" },
    });
    expect(signIn.status()).toBe(200);
    await admin.context.close();
  });
});
