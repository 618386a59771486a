import type { Browser, Locator, Page } from "@playwright/test";
import { HERO } from "../../app/lib/landing-content";
import { QUICK_EXIT_TEXTS } from "../../app/lib/quick-exit-texts";
import { ADMIN_PAGES, ADMIN_TITLES } from "../../app/shared/admin";
import { PATHS } from "../../app/shared/routes";
import { REPORT_TEXTS } from "../../app/shared/safety";
import { QUICK_EXIT_URL, SUPPORT_CHAT_PATH, SUPPORT_USER_ID } from "./support/config";
import { expectNoSideScroll } from "./support/layout";
import { menuIsOpen, menuToggle, mobileMenu } from "./support/mobile-menu";
import { expectOnScreen } from "./support/on-screen";
import { recordExits, serveNeutralPage } from "./support/quick-exit";
import { anotherPerson, expect, newAccount, signedInAsSupport, test, waitForHydration } from "./support/test";

/** The widths a phone layout must hold, each with a common screen height for it. */
const PHONES = [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
  { width: 430, height: 932 },
] as const;

const accountButton = (page: Page) => page.getByRole("button", { name: /account menu/ });
/** The panel the account button opens, found through the button's own aria-controls. */
async function accountMenu(page: Page): Promise<Locator> {
  const id = await accountButton(page).getAttribute("aria-controls");
  return page.locator(`[id="${id}"]`);
}
const mainHeading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });

/**
 * A client-side move to another page waits for its route module and its data from the local Workers
 * runtime, which takes longer than 5 s when the machine is busy.
 */
const ARRIVAL = { timeout: 15_000 };

/**
 * Opens the account menu from the keyboard. The signed-in header is a lazy chunk that hydrates a
 * moment after the page, and a key press before that is lost, so press until it reports itself open.
 */
async function openAccountMenuWithKeyboard(page: Page): Promise<Locator> {
  const button = accountButton(page);
  await expect(async () => {
    await button.focus();
    if ((await button.getAttribute("aria-expanded")) !== "true") await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true", { timeout: 500 });
  }).toPass();
  return accountMenu(page);
}

/** Another signed-up person, whose browser is closed at once: someone to find and write to. */
async function someoneToFind(browser: Browser, baseURL: string) {
  const { context, user } = await anotherPerson(browser, baseURL);
  await context.close();
  return user;
}

/** Quick exit counts only presses that fall in one window; from here only the test moves time. */
async function holdTheClock(page: Page) {
  await page.clock.pauseAt(new Date("2026-03-02T10:01:00Z"));
}

test.describe("the header's menus on a phone", () => {
  for (const screen of PHONES) {
    test.describe(`at ${screen.width} px`, () => {
      test.use({ viewport: screen });

      test("the mobile menu and the account menu inside it lie wholly on the screen", async ({ page, baseURL }) => {
        await newAccount(page, baseURL ?? "");
        await page.goto("/users");
        await waitForHydration(page);
        await menuToggle(page).click();
        await expect(mobileMenu(page)).toBeVisible();
        await expectOnScreen(page, mobileMenu(page), "the mobile menu");

        const menu = await openAccountMenuWithKeyboard(page);
        await expect(menu).toBeVisible();
        await expectOnScreen(page, menu, "the account menu");
        const items = [...(await menu.getByRole("link").all()), ...(await menu.getByRole("button").all())];
        expect(items.length).toBeGreaterThanOrEqual(4);
        for (const item of items) await expectOnScreen(page, item, `'${await item.textContent()}'`);
        await expect(menu.getByRole("link", { name: "My Profile" })).toBeVisible();
        await expect(menu.getByRole("button", { name: "Sign Out" })).toBeVisible();
      });
    });
  }

  test("at 1280 px the account menu opens under its button, lined up with its right edge", async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await newAccount(page, baseURL ?? "");
    await page.goto("/users");
    await waitForHydration(page);
    const menu = await openAccountMenuWithKeyboard(page);
    await expectOnScreen(page, menu, "the account menu");
    const button = await accountButton(page).boundingBox();
    const panel = await menu.boundingBox();
    expect(button && panel).toBeTruthy();
    if (!button || !panel) return;
    expect(panel.y).toBeGreaterThanOrEqual(button.y + button.height);
    expect(Math.abs(panel.x + panel.width - (button.x + button.width))).toBeLessThanOrEqual(1);
  });

  // The admin's menu is the longest: every admin page follows the others. On the narrowest phone it
  // is taller than the screen, inside the mobile menu that scrolls; as a dropdown it must fit whole.
  for (const screen of [PHONES[0], { width: 1280, height: 800 }]) {
    test(`at ${screen.width} px the admin's account menu lists every admin page, in the admin nav's order, each on the screen`, async ({
      browser,
      baseURL,
    }) => {
      const admin = await signedInAsSupport(browser, baseURL ?? "", screen);
      const page = admin.page;
      try {
        await page.goto("/users");
        await waitForHydration(page);
        const phone = screen.width < 768;
        if (phone) await menuToggle(page).click();
        const menu = await openAccountMenuWithKeyboard(page);
        await expect(menu).toBeVisible();
        // Each link's own words come first; Reports may carry its count after them.
        const labels = await menu
          .getByRole("link")
          .evaluateAll((links) => links.map((link) => link.childNodes[0]?.textContent ?? ""));
        expect(labels.slice(-ADMIN_PAGES.length)).toEqual(ADMIN_PAGES.map((adminPage) => adminPage.title));
        if (!phone) await expectOnScreen(page, menu, "the account menu");
        for (const { title } of ADMIN_PAGES) {
          const link = menu.getByRole("link", { name: new RegExp(`^${title}( \\d+\\+? open)?$`) });
          await link.scrollIntoViewIfNeeded();
          await expectOnScreen(page, link, `'${title}'`);
        }
        const signOut = menu.getByRole("button", { name: "Sign Out" });
        await signOut.scrollIntoViewIfNeeded();
        await expectOnScreen(page, signOut, "'Sign Out'");
        await expectNoSideScroll(page);

        // The last of them leads to its page.
        await menu.getByRole("link", { name: ADMIN_TITLES.topics }).click();
        await expect(mainHeading(page, ADMIN_TITLES.topics)).toBeVisible(ARRIVAL);
        await expect(page).toHaveURL(new RegExp(`${PATHS.adminTopics}$`));
      } finally {
        await admin.context.close();
      }
    });
  }
});

test.describe("Escape that closes something does not count toward Quick exit", () => {
  test("Escape on an account menu item closes the menu and puts focus back on its button; only later presses count", async ({
    page,
    context,
    baseURL,
  }) => {
    await serveNeutralPage(context);
    const exits = await recordExits(page);
    await page.clock.install({ time: new Date("2026-03-02T10:00:00Z") });
    await newAccount(page, baseURL ?? "");
    await page.goto("/users");
    await waitForHydration(page);
    const menu = await openAccountMenuWithKeyboard(page);
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "My Profile" })).toBeFocused();
    await holdTheClock(page);

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(accountButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(accountButton(page)).toBeFocused();

    // Two presses with nothing open: with the one that closed the menu, that would have been three.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    // Enter on the button opens the menu again: every press before it has been handled.
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    expect(await exits()).toEqual([]);
    await expect(page).toHaveURL(/\/users$/);

    // Closing the menu again does not count either; the next press is the third that counts.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    expect(await exits()).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(QUICK_EXIT_URL);
  });

  test.describe("on a 375 px phone", () => {
    test.use({ viewport: { width: 375, height: 667 } });

    test("Escape closes the account menu, then the mobile menu, each giving focus back to its button; neither press counts", async ({
      page,
      context,
      baseURL,
    }) => {
      await serveNeutralPage(context);
      const exits = await recordExits(page);
      await page.clock.install({ time: new Date("2026-03-02T10:00:00Z") });
      await newAccount(page, baseURL ?? "");
      await page.goto("/users");
      await waitForHydration(page);
      await menuToggle(page).focus();
      await page.keyboard.press("Enter");
      await expect(mobileMenu(page)).toBeVisible();
      const menu = await openAccountMenuWithKeyboard(page);
      await page.keyboard.press("Tab");
      await expect(menu.getByRole("link", { name: "My Profile" })).toBeFocused();
      await holdTheClock(page);

      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(accountButton(page)).toBeFocused();
      await expect(mobileMenu(page)).toBeVisible();

      await page.keyboard.press("Escape");
      await expect(mobileMenu(page)).toBeHidden();
      await expect(menuToggle(page)).toBeFocused();
      expect(await menuIsOpen(page)).toBe(false);

      // One press with nothing open counts once; Enter then opens the menu again, so it was handled.
      await page.keyboard.press("Escape");
      await page.keyboard.press("Enter");
      await expect(mobileMenu(page)).toBeVisible();
      expect(await exits()).toEqual([]);

      // The press that closes the mobile menu does not count; two more make three that do.
      await page.keyboard.press("Escape");
      await expect(mobileMenu(page)).toBeHidden();
      await page.keyboard.press("Escape");
      expect(await exits()).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(page).toHaveURL(QUICK_EXIT_URL);
    });
  });

  test("Escape that closes a dialog does not count; the dialog gives focus back to its opener", async ({
    page,
    context,
    baseURL,
  }) => {
    await serveNeutralPage(context);
    const exits = await recordExits(page);
    await page.clock.install({ time: new Date("2026-03-02T10:00:00Z") });
    await newAccount(page, baseURL ?? "");
    await page.goto(`/users/${SUPPORT_USER_ID}`);
    await waitForHydration(page);
    const opener = page.getByRole("button", { name: REPORT_TEXTS.profileButton("Support") });
    const dialog = page.getByRole("dialog", { name: REPORT_TEXTS.profileTitle("Support") });
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await holdTheClock(page);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    // Enter opens the dialog again: the presses before it were handled, and the site is still here.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    expect(await exits()).toEqual([]);
    await expect(page).toHaveURL(new RegExp(`/users/${SUPPORT_USER_ID}$`));

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await exits()).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(QUICK_EXIT_URL);
  });
});

test.describe("the account menu and focus", () => {
  test("Tab past its last item or Shift+Tab before its button closes it, and focus stays where it went", async ({
    page,
    baseURL,
  }) => {
    await newAccount(page, baseURL ?? "");
    await page.goto(`/users/${SUPPORT_USER_ID}`);
    await waitForHydration(page);
    const menu = await openAccountMenuWithKeyboard(page);
    const items = menu.getByRole("link").or(menu.getByRole("button"));
    const count = await items.count();
    for (let i = 0; i < count; i++) await page.keyboard.press("Tab");
    await expect(menu.getByRole("button", { name: "Sign Out" })).toBeFocused();

    await page.keyboard.press("Tab");
    await expect(menu).toBeHidden();
    await expect(accountButton(page)).toHaveAttribute("aria-expanded", "false");
    // The next control in the header keeps the focus Tab gave it.
    await expect(
      page.getByRole("banner").getByRole("link", { name: QUICK_EXIT_TEXTS.button, exact: true }),
    ).toBeFocused();

    await page.keyboard.press("Shift+Tab");
    await expect(accountButton(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Shift+Tab");
    await expect(menu).toBeHidden();
    expect(
      await page.evaluate(() => {
        const focused = document.activeElement;
        return focused !== document.body && focused?.closest("header") !== null;
      }),
    ).toBe(true);
    await expect(accountButton(page)).not.toBeFocused();
  });

  test("a click outside closes it", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await page.goto("/users");
    await waitForHydration(page);
    const menu = await openAccountMenuWithKeyboard(page);
    await mainHeading(page, "Find Other Christians").click();
    await expect(menu).toBeHidden();
    await expect(accountButton(page)).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("moving to another page", () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 667 },
  ]) {
    test(`at ${viewport.width} px, Enter on '${HERO.primaryCta}' puts focus on the conversation page's heading`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize(viewport);
      await newAccount(page, baseURL ?? "");
      await page.goto("/");
      await waitForHydration(page);
      await page.getByRole("main").getByRole("link", { name: HERO.primaryCta }).focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(SUPPORT_CHAT_PATH, ARRIVAL);
      await expect(mainHeading(page, "Messages")).toBeFocused();
      await expect(mainHeading(page, "Messages")).toHaveAttribute("tabindex", "-1");
    });
  }

  test("a /users search keeps focus in the search box; 'Send Message to …' and a recent chat then focus the chat page's heading", async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await someoneToFind(browser, baseURL ?? "");
    await newAccount(page, baseURL ?? "");
    // A conversation with Support, so the list of recent chats has one to switch to.
    await page.goto(SUPPORT_CHAT_PATH);
    await waitForHydration(page);
    const composer = page.getByRole("textbox", { name: /^Message / });
    await composer.fill("Hello there");
    await composer.press("Enter");
    await expect(page.getByRole("log").getByRole("listitem").filter({ hasText: "Hello there" })).toContainText(
      /· (Sent|Delivered|Read)/,
    );

    await page.goto("/users");
    await waitForHydration(page);
    const box = page.getByRole("searchbox", { name: "Username" });
    await box.focus();
    await page.keyboard.type(other.username);
    await page.keyboard.press("Enter");
    const results = page.getByRole("list", { name: "Search results" });
    await expect(results.getByText(other.username, { exact: true })).toBeVisible();
    // A new answer on the same page is not a new page: the search box keeps the focus.
    await expect(box).toBeFocused();
    await expect(page).toHaveURL(/\/users\?q=/);

    const sendMessage = results.getByRole("link", { name: `Send Message to ${other.username}` });
    await sendMessage.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/chat/${other.id}$`), ARRIVAL);
    await expect(mainHeading(page, "Messages")).toBeFocused();

    // Another conversation is another page, though the list and the heading stay on the screen.
    const recent = page.getByRole("navigation", { name: "Recent chats" }).getByRole("link").filter({
      hasText: "Hello there",
    });
    await recent.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(SUPPORT_CHAT_PATH, ARRIVAL);
    await expect(mainHeading(page, "Messages")).toBeFocused();
  });

  test("the first load leaves focus alone; Back focuses the earlier page's heading at its old scroll position", async ({
    page,
    baseURL,
  }) => {
    // Client-side navigations are a hydrated page's: a signed-in person's (public pages load no
    // framework for visitors, and their links are ordinary page loads).
    await newAccount(page, baseURL ?? "");
    await page.goto("/");
    await waitForHydration(page);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" });
    await footerLink.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    await footerLink.focus();
    await page.keyboard.press("Enter");
    await expect(mainHeading(page, "Terms of Service")).toBeFocused(ARRIVAL);
    // ScrollRestoration still starts a new page at the top: focusing the heading does not scroll.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(mainHeading(page, HERO.title)).toBeFocused(ARRIVAL);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  });
});
