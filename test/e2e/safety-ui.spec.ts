import type { Page } from "@playwright/test";
import { CRISIS_BANNER_TEXTS } from "../../app/components/chat/crisis-banner";
import { HERO } from "../../app/lib/landing-content";
import { QUICK_EXIT_ESCAPE_WINDOW_MS } from "../../app/lib/quick-exit";
import { QUICK_EXIT_TEXTS } from "../../app/lib/quick-exit-texts";
import { allContacts } from "../../app/shared/crisis-help";
import { chatWith } from "../../app/shared/routes";
import { crisisHelpFor } from "../../worker/crisis-help/country-help";
import { seriousViolations } from "./support/axe";
import { composer, openConversation } from "./support/chat-page";
import { PUBLIC_PAGES, QUICK_EXIT_URL, SUPPORT_CHAT_PATH, SUPPORT_USER_ID } from "./support/config";
import { expectNoSideScroll } from "./support/layout";
import { leaveWith, recordExits, serveNeutralPage, serveNeutralPageNotingReferer } from "./support/quick-exit";
import {
  anotherPerson,
  expect,
  newAccount,
  openAccountMenu,
  pageWithoutScripts,
  test,
  waitForHydration,
  waitForPageScripts,
} from "./support/test";

const header = (page: Page) => page.getByRole("banner");
const quickExitLink = (page: Page) => header(page).getByRole("link", { name: QUICK_EXIT_TEXTS.button, exact: true });
const quickExitAndSignOut = (page: Page) => header(page).getByRole("link", { name: QUICK_EXIT_TEXTS.signOut });
const crisisBanner = (page: Page) => page.getByRole("region", { name: CRISIS_BANNER_TEXTS.heading });

/** Opens the crisis banner's numbers: one line until then. */
async function showCrisisNumbers(page: Page) {
  // Its name reads as one phrase (never 'You're not alone , More numbers').
  const toggle = crisisBanner(page).getByRole("button", {
    name: CRISIS_BANNER_TEXTS.toggle(CRISIS_BANNER_TEXTS.heading),
    exact: true,
  });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

/** The drafts this browser keeps (app/hooks/use-draft.ts), whoever wrote them. */
function storedDrafts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith("kindred:draft:"))
      .map((key) => localStorage.getItem(key) ?? ""),
  );
}

test.describe("Quick exit", () => {
  test("is a link to the neutral site in the header of every page", async ({ page }) => {
    for (const path of [...PUBLIC_PAGES.map((p) => p.path), "/signup", "/header", "/no-such-page"]) {
      await page.goto(path);
      await expect(quickExitLink(page), path).toHaveAttribute("href", QUICK_EXIT_URL);
      await expect(quickExitLink(page), path).toHaveAttribute("rel", "noreferrer");
      // Signing out is for signed-in people only.
      await expect(quickExitAndSignOut(page), path).toHaveCount(0);
    }
  });

  test("replaces the conversation with the neutral site: Back returns to the page before it, the draft stays", async ({
    page,
    context,
    baseURL,
  }) => {
    const referer = await serveNeutralPageNotingReferer(context);
    await newAccount(page, baseURL ?? "");
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: HERO.primaryCta }).click();
    await expect(page).toHaveURL(SUPPORT_CHAT_PATH);
    await expect(page.getByText("Connection: Online")).toBeVisible();
    await composer(page).fill("Something I am still writing");

    // Replaced, not added to, and the site's address is not sent.
    await leaveWith(page, quickExitLink(page), referer);

    await page.goBack();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole("heading", { level: 1, name: HERO.title })).toBeVisible();
    expect(await storedDrafts(page)).toEqual(["Something I am still writing"]);
    // Still signed in, and the conversation gives the draft back.
    await openConversation(page, SUPPORT_CHAT_PATH);
    await expect(composer(page)).toHaveValue("Something I am still writing");
  });

  test("every open tab of the site leaves with it", async ({ page, context, baseURL }) => {
    await serveNeutralPage(context);
    await newAccount(page, baseURL ?? "");
    await openConversation(page, SUPPORT_CHAT_PATH);
    const other = await context.newPage();
    await other.goto("/privacypolicy");
    await waitForHydration(other);

    await quickExitLink(page).click();
    await expect(page).toHaveURL(QUICK_EXIT_URL);
    await expect(other).toHaveURL(QUICK_EXIT_URL);
  });

  test("works before the page's scripts arrive, as an ordinary link", async ({ browser, baseURL }) => {
    const page = await pageWithoutScripts(browser, baseURL);
    await serveNeutralPage(page.context());
    await page.goto("/privacypolicy");
    await quickExitLink(page).click();
    await expect(page).toHaveURL(QUICK_EXIT_URL);
    await page.context().close();
  });

  test("Escape three times leaves at once, also with a menu open (the press that closes it does not count)", async ({
    page,
    context,
    baseURL,
  }) => {
    await serveNeutralPage(context);
    await newAccount(page, baseURL ?? "");
    await page.goto("/privacypolicy");
    await waitForHydration(page);
    await openConversation(page, SUPPORT_CHAT_PATH);
    await composer(page).fill("Half a sentence");
    await openAccountMenu(page);

    // The first press closes the menu; the three after it leave.
    for (let i = 0; i < 4; i++) await page.keyboard.press("Escape");
    await expect(page).toHaveURL(QUICK_EXIT_URL);
    await page.goBack();
    await expect(page).toHaveURL(/\/privacypolicy$/);
    expect(await storedDrafts(page)).toEqual(["Half a sentence"]);
  });

  test("two presses do not leave, nor three spread over more than 1.5 s", async ({ page, context, baseURL }) => {
    await serveNeutralPage(context);
    const exits = await recordExits(page);
    await page.clock.install({ time: new Date("2026-03-02T10:00:00Z") });
    await newAccount(page, baseURL ?? "");
    await openConversation(page, SUPPORT_CHAT_PATH);
    // From here only the test moves the page's time.
    await page.clock.pauseAt(new Date("2026-03-02T10:01:00Z"));

    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await composer(page).fill("still here after two");
    await expect(composer(page)).toHaveValue("still here after two");
    expect(await exits()).toEqual([]);

    // The third press comes just after the window: the first two no longer count.
    await page.clock.fastForward(QUICK_EXIT_ESCAPE_WINDOW_MS + 1);
    await page.keyboard.press("Escape");
    await composer(page).fill("still here after a late third");
    await expect(composer(page)).toHaveValue("still here after a late third");
    expect(await exits()).toEqual([]);
    await expect(page).toHaveURL(SUPPORT_CHAT_PATH);

    // Two more at once make three within the window.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(QUICK_EXIT_URL);
  });

  test("'Quick exit and sign out' leaves and ends the session; the draft stays", async ({ page, context, baseURL }) => {
    await serveNeutralPage(context);
    await newAccount(page, baseURL ?? "");
    await openConversation(page, SUPPORT_CHAT_PATH);
    await composer(page).fill("Words I want to keep");

    await quickExitAndSignOut(page).click();
    await expect(page).toHaveURL(QUICK_EXIT_URL);

    const next = await context.newPage();
    // The sign-out request outlives the page that sent it (keepalive); it may land a moment later.
    await expect(async () => {
      await next.goto("/chat");
      await expect(next).toHaveURL(/\/signup/, { timeout: 1000 });
    }).toPass();
    expect(await storedDrafts(next)).toEqual(["Words I want to keep"]);
  });

  test.describe("at 320 px", () => {
    test.use({ viewport: { width: 320, height: 568 } });

    test("is in view without opening the menu, and the header does not scroll sideways", async ({ page, baseURL }) => {
      await page.goto("/");
      await waitForPageScripts(page);
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
      await expect(quickExitLink(page)).toBeInViewport({ ratio: 1 });
      await expectNoSideScroll(page);

      await newAccount(page, baseURL ?? "");
      await openConversation(page, SUPPORT_CHAT_PATH);
      await expect(quickExitLink(page)).toBeInViewport({ ratio: 1 });
      await expect(quickExitAndSignOut(page)).toBeInViewport({ ratio: 1 });
      await expectNoSideScroll(page);
    });
  });

  test("the landing page says what Quick exit and Escape three times do", async ({ page }) => {
    await page.goto("/");
    const note = page.getByRole("complementary", { name: QUICK_EXIT_TEXTS.landingTitle });
    await expect(note).toContainText(QUICK_EXIT_TEXTS.landingText);
    await expect(note).toContainText(QUICK_EXIT_TEXTS.landingHistory);
  });
});

test.describe("crisis help in a conversation", () => {
  test("typing crisis words shows it above the composer; everyday phrases do not; sending is untouched and private", async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await anotherPerson(browser, baseURL ?? "");
    const requests: string[] = [];
    page.on("request", (request) => requests.push(`${request.url()} ${request.postData() ?? ""}`));
    // Analytics posts what it gathered a second after the page view, while the page is open (a beacon
    // sent while the page unloads is not always reported to the test).
    const analyticsPosted = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/events");
    await newAccount(page, baseURL ?? "");
    await openConversation(page, chatWith(other.user.id));

    // Everyday figures of speech, sent and acknowledged: long enough for any banner to have shown.
    for (const text of ["I'm killing it at work", "this song kills me", "I'm dying to see that film"]) {
      await composer(page).fill(text);
      await composer(page).press("Enter");
      await expect(page.getByRole("log").getByRole("listitem").filter({ hasText: text })).toContainText("Sent");
    }
    await expect(crisisBanner(page)).toBeHidden();

    const words = "Honestly I want to kill myself";
    await composer(page).fill(words);
    const banner = crisisBanner(page);
    await expect(banner).toBeVisible();
    // One line until opened: the numbers are one tap away.
    await showCrisisNumbers(page);
    for (const contact of allContacts(crisisHelpFor("US"))) {
      await expect(banner.getByRole("link", { name: contact.label, exact: true })).toHaveAttribute(
        "href",
        contact.href,
      );
    }
    await expect(banner.getByRole("link", { name: CRISIS_BANNER_TEXTS.support })).toHaveAttribute(
      "href",
      chatWith(SUPPORT_USER_ID),
    );
    // Rewriting the words does not take the help away either.
    await composer(page).fill("");
    await expect(banner).toBeVisible();
    await composer(page).fill(words);
    // It takes no focus and blocks nothing.
    await expect(composer(page)).toBeFocused();
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
    await composer(page).press("Enter");
    await expect(page.getByRole("log").getByRole("listitem").filter({ hasText: words })).toContainText("Sent");
    // Sending the words does not take the help away.
    await expect(banner).toBeVisible();

    // Analytics heard of this page, but nothing about the banner, and no request carried the words
    // (the message itself travels over the conversation's socket). Leaving flushes the rest.
    await analyticsPosted;
    await page.goto("about:blank");
    const events = requests.filter((request) => request.includes("/api/events"));
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((request) => /crisis|banner/i.test(request))).toEqual([]);
    expect(requests.filter((request) => /kill(\s|%20|\+)myself/i.test(request))).toEqual([]);
    await other.context.close();
  });

  test("a crisis message from the other person shows it; closed, it stays closed for that conversation", async ({
    page,
    browser,
    baseURL,
  }) => {
    const me = await newAccount(page, baseURL ?? "");
    const other = await anotherPerson(browser, baseURL ?? "");
    await openConversation(page, chatWith(other.user.id));
    await openConversation(other.page, chatWith(me.user.id));

    await composer(other.page).fill("I have been feeling suicidal");
    await composer(other.page).press("Enter");
    await expect(page.getByRole("log").getByText("I have been feeling suicidal")).toBeVisible();
    // Addressed to the person who received the words.
    const received = page.getByRole("region", { name: CRISIS_BANNER_TEXTS.aboutOther(other.user.username) });
    await expect(received).toBeVisible();

    await received
      .getByRole("button", { name: `${CRISIS_BANNER_TEXTS.close}${CRISIS_BANNER_TEXTS.closeContext}` })
      .click();
    await expect(received).toBeHidden();
    // A later message does not bring it back, nor does a reload in this tab.
    await composer(other.page).fill("I want to end it all");
    await composer(other.page).press("Enter");
    await expect(page.getByRole("log").getByText("I want to end it all")).toBeVisible();
    await expect(received).toBeHidden();
    await openConversation(page, chatWith(other.user.id));
    await expect(page.getByRole("log").getByText("I want to end it all")).toBeVisible();
    await expect(received).toBeHidden();

    // Another conversation decides for itself; in the support conversation there is no link to it.
    await openConversation(page, SUPPORT_CHAT_PATH);
    await composer(page).fill("kms");
    await expect(crisisBanner(page)).toBeVisible();
    await expect(crisisBanner(page).getByRole("link", { name: CRISIS_BANNER_TEXTS.support })).toHaveCount(0);
    await other.context.close();
  });

  test.describe("at 320 px", () => {
    test.use({ viewport: { width: 320, height: 568 } });

    test("fits the screen and keeps the composer and Send in view", async ({ page, baseURL }) => {
      await newAccount(page, baseURL ?? "");
      await openConversation(page, SUPPORT_CHAT_PATH);
      await composer(page).fill("I want to die");
      await expect(crisisBanner(page)).toBeVisible();
      await showCrisisNumbers(page);
      await expectNoSideScroll(page);
      await expect(crisisBanner(page).getByRole("link", { name: "Call 911" })).toHaveText("911", {
        useInnerText: true,
      });
      await expect(composer(page)).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole("button", { name: "Send" })).toBeInViewport({ ratio: 1 });
    });
  });
});

test.describe("accessibility of the safety controls (axe-core)", () => {
  test("the header with Quick exit, signed out and signed in, and the open crisis help", async ({ page, baseURL }) => {
    await page.goto("/");
    await waitForPageScripts(page);
    expect(await seriousViolations(page)).toEqual([]);

    await newAccount(page, baseURL ?? "");
    await openConversation(page, SUPPORT_CHAT_PATH);
    await expect(quickExitAndSignOut(page)).toBeVisible();
    await composer(page).fill("I keep hurting myself");
    await expect(crisisBanner(page)).toBeVisible();
    await showCrisisNumbers(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 320, height: 568 } });

    test("the header and the open crisis help", async ({ page, baseURL }) => {
      await newAccount(page, baseURL ?? "");
      await openConversation(page, SUPPORT_CHAT_PATH);
      await composer(page).fill("self-harm");
      await expect(crisisBanner(page)).toBeVisible();
      await showCrisisNumbers(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
