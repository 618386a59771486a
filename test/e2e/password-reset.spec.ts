import { RESET_TEXTS } from "../../app/lib/password-reset";
import { SESSION_END_MESSAGES } from "../../app/shared/session-end";
import { latestEmailTo } from "./support/outbox";
import { expect, newAccount, test, uniqueEmail, waitForPageScripts } from "./support/test";

test.describe("password reset", () => {
  test("validates the email and never reveals whether an account exists", async ({ page }) => {
    await page.goto("/recover");
    await waitForPageScripts(page);
    await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
    // Someone who remembered their password goes back to signing in.
    await expect(page.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/login");
    const send = page.getByRole("button", { name: "Send Reset Link" });
    await send.click();
    await expect(page.getByText("Email is required", { exact: true })).toBeVisible();
    await page.getByLabel("Email").fill("not an email");
    await send.click();
    await expect(page.getByText("Invalid email format", { exact: true })).toBeVisible();
    await page.getByLabel("Email").fill(uniqueEmail());
    await send.click();
    await expect(page.getByRole("status")).toHaveText(RESET_TEXTS.requested);

    await page.getByRole("link", { name: "Back to sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
  });

  test("works end to end through the local outbox and signs out the other sessions", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { email } = await newAccount(page, baseURL ?? "");
    await page.goto("/chat");
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();

    const other = await browser.newPage({ extraHTTPHeaders: { "cf-connecting-ip": "2001:db8:feed:1::1" } });
    await other.goto("/recover");
    await waitForPageScripts(other);
    await other.getByLabel("Email").fill(email);
    await other.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(other.getByRole("status")).toHaveText(RESET_TEXTS.requested);

    const message = await latestEmailTo(email);
    expect(message.subject).toMatch(/Reset your .+ password/);
    const link = message.text.match(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/)?.[0];
    expect(link, message.text).toBeDefined();
    await other.goto(link ?? "");
    await expect(other).toHaveURL(/\/reset-password\?token=/);
    await waitForPageScripts(other);
    await other.getByLabel("New password", { exact: true }).fill("a brand new one");
    await other.getByLabel("Confirm new password", { exact: true }).fill("something else");
    await other.getByRole("button", { name: "Set New Password" }).click();
    await expect(other.getByText("Passwords do not match", { exact: true })).toBeVisible();
    await other.getByLabel("Confirm new password", { exact: true }).fill("a brand new one");
    await other.getByRole("button", { name: "Set New Password" }).click();
    await expect(other.getByRole("status")).toHaveText(
      "Your password has been changed. Please sign in with your new password.",
    );

    // The page that was open before the reset leaves by itself: its sockets were closed with the
    // reason, and it says why.
    await expect(page).toHaveURL(/\/signup\?reason=password-reset/);
    await expect(page.getByText(SESSION_END_MESSAGES["password-reset"])).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    // A page asked for with the ended session's cookie says why too.
    await page.goto("/chat");
    await expect(page).toHaveURL(/\/signup\?reason=password-reset$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();

    // The new password works; the link cannot be used twice.
    await other.getByRole("link", { name: "Sign In" }).click();
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password", { exact: true }).fill("a brand new one");
    await other.getByRole("button", { name: "Sign In" }).click();
    await other.waitForURL("**/chat");
    await other.goto(link ?? "");
    await expect(
      other.getByText("This reset link has expired or was already used. Please ask for a new one."),
    ).toBeVisible();
    await other.close();
  });

  test("the development outbox page does not exist in a production build", async ({ page }) => {
    const response = await page.goto("/dev/outbox");
    expect(response?.status()).toBe(404);
  });
});
