import type { Page } from "@playwright/test";
import { m } from "../../app/paraglide/messages";
import { ADMIN_TITLES } from "../../app/shared/admin";
import { DESK_TEXTS } from "../../app/shared/desk";
import { PATHS } from "../../app/shared/routes";
import { SIGN_OUT_TEXTS } from "../../app/shared/session-end";
import { leaveTheDesk, newListener, openDesk } from "./support/desk";
import { queryLocalD1, sqlText } from "./support/local-d1";
import {
  expect,
  newAccount,
  openAccountMenu,
  pageWithoutScripts,
  signedInAsSupport,
  test,
  waitForHydration,
} from "./support/test";

/** The signed-in header's account menu, named after its person. */
const accountMenu = (page: Page, username: string) =>
  page.getByRole("button", { name: m.header_account_menu({ name: username }), exact: true });

/**
 * The people the browser tests make without signing up (support/accounts.ts) are what a sign-up
 * makes: they sign in with their password, their cookie is the app's own session, a listener has
 * the desk and the admin the admin pages.
 */

test("an account made for a test is signed in on /chat, and signs in again with its email and password on /login", async ({
  page,
  browser,
  baseURL,
}) => {
  const { email, password, user } = await newAccount(page, baseURL ?? "");
  await page.goto("/chat");
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await waitForHydration(page);
  await openAccountMenu(page);
  await expect(accountMenu(page, user.username)).toBeVisible();
  await expect(page.getByRole("button", { name: SIGN_OUT_TEXTS.button, exact: true })).toBeVisible();
  // What sign-up writes beside the user: the small profile, under the generated username.
  const [profile] = await queryLocalD1<{ first_name: string; gender: string }>(
    `SELECT first_name, gender FROM profiles WHERE user_id = ${sqlText(user.id)}`,
  );
  expect(profile).toEqual({ first_name: user.username, gender: "Female" });

  const other = await pageWithoutScripts(browser, baseURL);
  await other.goto("/login?next=%2Fprofile");
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password", { exact: true }).fill(password);
  await other.getByRole("button", { name: "Sign In" }).click();
  await expect(other).toHaveURL(/\/profile$/);
  await expect(accountMenu(other, user.username)).toBeVisible();
});

test("a second account made in the same browser replaces the first one's session", async ({ page, baseURL }) => {
  const first = await newAccount(page, baseURL ?? "");
  await page.goto("/profile");
  await expect(accountMenu(page, first.user.username)).toBeVisible();
  const second = await newAccount(page, baseURL ?? "");
  await page.goto("/profile");
  await expect(accountMenu(page, second.user.username)).toBeVisible();
});

test("a listener made for a test opens the desk, and the admin the admin pages", async ({ browser, baseURL }) => {
  const admin = await signedInAsSupport(browser, baseURL ?? "");
  await admin.page.goto("/admin/listeners");
  await expect(admin.page.getByRole("heading", { level: 1, name: ADMIN_TITLES.listeners })).toBeVisible();

  const listener = await newListener(browser, baseURL ?? "", admin.page);
  await openDesk(listener.page);
  await expect(listener.page.getByRole("heading", { level: 1, name: DESK_TEXTS.title })).toBeVisible();
  await expect(listener.page).toHaveURL(new RegExp(`${PATHS.desk}$`));
  await leaveTheDesk(listener.page, baseURL ?? "");
});
