import type { Page } from "@playwright/test";
import { ADMIN_TEXTS, ADMIN_TITLES } from "../../app/shared/admin";
import { LISTENER_TEXTS, MAX_LISTENER_ALIAS } from "../../app/shared/listeners";
import { seriousViolations } from "./support/axe";
import { expectNoSideScroll } from "./support/layout";
import { sqlText, writeLocalD1 } from "./support/local-d1";
import { menuToggle } from "./support/mobile-menu";
import {
  expect,
  newAccount,
  openAccountMenu,
  pageWithoutScripts,
  SEEDED_SUPPORT,
  signedInAsSupport,
  test,
  waitForHydration,
} from "./support/test";

const PATH = "/admin/listeners";
const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 320, height: 640 };

/** What the admin is told after an action (a status region). */
const told = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/**
 * Opens the page the admin's way: from the account menu, linked where the other admin pages are. On
 * a phone that menu is inside the header's menu.
 */
async function openFromAccountMenu(p: Page, { insideHeaderMenu = false } = {}) {
  await p.goto("/chat");
  await waitForHydration(p);
  if (insideHeaderMenu) await menuToggle(p).click();
  await openAccountMenu(p);
  await p.getByRole("link", { name: "Listeners" }).click();
  await expect(p.getByRole("heading", { level: 1, name: ADMIN_TITLES.listeners })).toBeVisible();
  await expect(p).toHaveURL(new RegExp(`${PATH}$`));
  await waitForHydration(p);
}

test.describe("the admin's listeners page", () => {
  test("at 1280 px the admin opens it from the account menu, adds a listener by exact username, names them and removes them", async ({
    page,
    browser,
    baseURL,
  }) => {
    const person = await newAccount(page, baseURL ?? "");
    const { username } = person.user;
    const admin = await signedInAsSupport(browser, baseURL ?? "", DESKTOP);
    const p = admin.page;

    await openFromAccountMenu(p);

    // A username that is not exact: refused next to the field, which keeps what was typed.
    const field = p.getByRole("textbox", { name: LISTENER_TEXTS.usernameLabel });
    const typo = `${username}x`;
    await field.fill(typo);
    await p.getByRole("button", { name: LISTENER_TEXTS.add }).click();
    await expect(field).toHaveAccessibleDescription(LISTENER_TEXTS.unknownUsername(typo));
    await expect(p.getByRole("alert").filter({ hasText: LISTENER_TEXTS.unknownUsername(typo) })).toBeVisible();
    await expect(field).toHaveValue(typo);
    await expect(field).toBeFocused();
    await expect(p.getByRole("article", { name: username })).toHaveCount(0);
    expect(await seriousViolations(p)).toEqual([]);

    // The exact username, in another letter case, with Enter.
    await field.fill(username.toUpperCase());
    await field.press("Enter");
    await expect(told(p, LISTENER_TEXTS.added(username))).toBeVisible();
    const row = p.getByRole("article", { name: username });
    await expect(row).toBeVisible();
    await expect(row.getByText(LISTENER_TEXTS.noAlias)).toBeVisible();
    await expect(row.getByText(/^Added /)).toBeVisible();
    await expect(field).toHaveValue("");
    await expect(field).not.toHaveAttribute("aria-invalid");

    // An alias visitors may see, then cleared.
    const alias = row.getByRole("textbox", { name: `Display alias for ${username}` });
    await alias.fill("  Quiet Harbor ");
    await row.getByRole("button", { name: `${LISTENER_TEXTS.saveAlias} for ${username}` }).click();
    await expect(told(p, LISTENER_TEXTS.aliasSaved(username, "Quiet Harbor"))).toBeVisible();
    await expect(row.getByText(LISTENER_TEXTS.aliasShown("Quiet Harbor"))).toBeVisible();
    await expect(alias).toHaveValue("Quiet Harbor");
    expect(await seriousViolations(p)).toEqual([]);
    await expectNoSideScroll(p);
    await alias.fill("");
    await row.getByRole("button", { name: `${LISTENER_TEXTS.saveAlias} for ${username}` }).click();
    await expect(told(p, LISTENER_TEXTS.aliasCleared(username))).toBeVisible();
    await expect(row.getByText(LISTENER_TEXTS.noAlias)).toBeVisible();

    // Remove: the row goes and focus lands on what happened.
    await row.getByRole("button", { name: `${LISTENER_TEXTS.remove} ${username}` }).click();
    await expect(told(p, LISTENER_TEXTS.removed(username))).toBeVisible();
    await expect(p.locator(":focus")).toContainText(LISTENER_TEXTS.removed(username));
    await expect(p.getByRole("article", { name: username })).toHaveCount(0);
    await p.reload();
    await expect(p.getByRole("heading", { level: 1, name: ADMIN_TITLES.listeners })).toBeVisible();
    await expect(p.getByRole("article", { name: username })).toHaveCount(0);
    await admin.context.close();
  });

  test("everyone but the admin gets the answer /admin/reports gives, reading and posting; a listener too", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Signed out: to sign in, and back here afterwards.
    await page.goto(PATH);
    await expect(page).toHaveURL(`/signup?next=${encodeURIComponent(PATH)}`);

    const person = await newAccount(page, baseURL ?? "");
    const admin = await signedInAsSupport(browser, baseURL ?? "");
    const added = await admin.page.request.post(PATH, {
      form: { intent: "add", username: person.user.username },
      headers: { Origin: baseURL ?? "" },
    });
    expect(added.status()).toBe(200);

    // Now a listener, still not the admin.
    for (const path of ["/admin/reports", PATH]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByText(ADMIN_TEXTS.forbidden)).toBeVisible();
    }
    const post = await page.request.post(PATH, {
      form: { intent: "remove", userId: person.user.id },
      headers: { Origin: baseURL ?? "" },
    });
    expect(post.status()).toBe(403);

    // The admin still sees them listed: nothing changed.
    await admin.page.goto(PATH);
    await expect(admin.page.getByRole("article", { name: person.user.username })).toBeVisible();
    await admin.context.close();
  });

  test("works without scripts: a refused username stays in the field, then the listener is added and removed", async ({
    page,
    browser,
    baseURL,
  }) => {
    const person = await newAccount(page, baseURL ?? "");
    const { username } = person.user;
    const p = await pageWithoutScripts(browser, baseURL);
    const signIn = await p.request.post("/api/auth/sign-in/email", {
      data: SEEDED_SUPPORT,
      headers: { Origin: baseURL ?? "" },
    });
    expect(signIn.status()).toBe(200);
    await p.goto(PATH);
    const field = p.getByRole("textbox", { name: LISTENER_TEXTS.usernameLabel });
    await field.fill("   ");
    await p.getByRole("button", { name: LISTENER_TEXTS.add }).click();
    await expect(field).toHaveAccessibleDescription(LISTENER_TEXTS.usernameRequired);

    const typo = username.slice(0, 5);
    await field.fill(typo);
    await p.getByRole("button", { name: LISTENER_TEXTS.add }).click();
    await expect(field).toHaveAccessibleDescription(LISTENER_TEXTS.unknownUsername(typo));
    await expect(field).toHaveValue(typo);

    await field.fill(username);
    await p.getByRole("button", { name: LISTENER_TEXTS.add }).click();
    await expect(told(p, LISTENER_TEXTS.added(username))).toBeVisible();
    const row = p.getByRole("article", { name: username });
    const tooLong = "L".repeat(MAX_LISTENER_ALIAS + 1);
    await row.getByRole("textbox", { name: `Display alias for ${username}` }).fill(tooLong);
    await row.getByRole("button", { name: `${LISTENER_TEXTS.saveAlias} for ${username}` }).click();
    const refusedAlias = p.getByRole("article", { name: username }).getByRole("textbox");
    await expect(refusedAlias).toHaveAccessibleDescription(LISTENER_TEXTS.aliasTooLong);
    await expect(refusedAlias).toHaveValue(tooLong);
    await expect(p.getByRole("article", { name: username }).getByText(LISTENER_TEXTS.noAlias)).toBeVisible();

    await p
      .getByRole("article", { name: username })
      .getByRole("button", { name: `Remove ${username}` })
      .click();
    await expect(told(p, LISTENER_TEXTS.removed(username))).toBeVisible();
    await expect(p.getByRole("article", { name: username })).toHaveCount(0);
    await p.context().close();
  });

  test("at 320 px it is reached through the header's menu, a long username and a full-length alias fit, and every control stays on screen", async ({
    page,
    browser,
    baseURL,
  }) => {
    const person = await newAccount(page, baseURL ?? "");
    // Sign-up makes 10-character usernames; an older or imported account may have a far longer one.
    const longName = `Listener${crypto.randomUUID().replaceAll("-", "")}${"W".repeat(30)}`;
    await writeLocalD1(`UPDATE users SET username = ${sqlText(longName)} WHERE id = ${sqlText(person.user.id)}`);
    const admin = await signedInAsSupport(browser, baseURL ?? "", NARROW);
    const p = admin.page;
    await openFromAccountMenu(p, { insideHeaderMenu: true });
    await p.getByRole("textbox", { name: LISTENER_TEXTS.usernameLabel }).fill(longName.toLowerCase());
    await p.getByRole("button", { name: LISTENER_TEXTS.add }).click();
    await expect(told(p, LISTENER_TEXTS.added(longName))).toBeVisible();

    const row = p.getByRole("article", { name: longName });
    const alias = "M".repeat(MAX_LISTENER_ALIAS);
    await row.getByRole("textbox", { name: `Display alias for ${longName}` }).fill(alias);
    await row.getByRole("button", { name: `${LISTENER_TEXTS.saveAlias} for ${longName}` }).click();
    await expect(row.getByText(LISTENER_TEXTS.aliasShown(alias))).toBeVisible();

    await expectNoSideScroll(p);
    for (const control of [
      row.getByRole("heading", { name: longName }),
      row.getByRole("textbox", { name: `Display alias for ${longName}` }),
      row.getByRole("button", { name: `${LISTENER_TEXTS.saveAlias} for ${longName}` }),
      row.getByRole("button", { name: `${LISTENER_TEXTS.remove} ${longName}` }),
      p.getByRole("button", { name: LISTENER_TEXTS.add }),
    ]) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= NARROW.width).toBe(true);
      expect(box && box.height >= 24).toBe(true);
    }
    expect(await seriousViolations(p)).toEqual([]);

    await row.getByRole("button", { name: `${LISTENER_TEXTS.remove} ${longName}` }).click();
    await expect(told(p, LISTENER_TEXTS.removed(longName))).toBeVisible();
    await expectNoSideScroll(p);
    await admin.context.close();
  });
});
