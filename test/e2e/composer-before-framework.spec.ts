import type { Page, Route } from "@playwright/test";
import { COMPOSER_SENDING_ATTRIBUTE } from "../../app/lib/composer-before-framework";
import { HELD_SCRIPT_TYPE } from "../../app/lib/framework-after-paint";
import { VISITOR_DESK_TEXTS } from "../../app/shared/desk";
import { chatWith } from "../../app/shared/routes";
import { composer, expectStored, log } from "./support/chat-page";
import { expect, newAccount, test, waitForHydration } from "./support/test";

const SUPPORT_ID = "kindred-support";

/** The line above the composer that says where the visitor stands on the desk. */
const deskLine = (page: Page) =>
  page.getByRole("status").filter({ hasText: /in line|joining you|with you shortly|No listener is available/ });

/**
 * Holds every script of the built app (the framework and the page's modules: not the inline boot
 * script, which is part of the HTML) until released, and counts the posts of the conversation's form.
 */
async function slowPage(page: Page) {
  const scripts: Route[] = [];
  const seen = { posts: 0 };
  let released = false;
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    if (released) return route.continue();
    scripts.push(route);
  });
  await page.route(
    (url) => url.pathname === chatWith(SUPPORT_ID),
    async (route) => {
      if (route.request().method() === "POST") seen.posts++;
      await route.continue();
    },
  );
  return {
    seen,
    releaseScripts: async () => {
      released = true;
      for (const route of scripts.splice(0)) await route.continue();
    },
  };
}

const firstContentfulPaint = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length > 0);

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

/**
 * Opens the support conversation and waits until it is painted, as a person sees it (no page shows
 * before its stylesheet), while its held scripts keep it from going live.
 */
async function openPaintedNotLive(page: Page) {
  await page.goto(chatWith(SUPPORT_ID), { waitUntil: "commit" });
  await expect(composer(page)).toBeVisible();
  await expect.poll(() => firstContentfulPaint(page)).toBe(true);
  expect(await hydrated(page)).toBe(false);
}

/**
 * Records, in the tab's session storage (which outlives the page), how the composer looks each time
 * the page's script marks it as posted: the page is gone by the time the test could look.
 */
async function recordComposerWhenPosted(page: Page) {
  await page.addInitScript((sending) => {
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const form = mutation.target as HTMLFormElement;
        if (mutation.attributeName !== sending || !form.hasAttribute(sending)) continue;
        const records = JSON.parse(sessionStorage.getItem("composer-posted") ?? "[]");
        records.push({
          // biome-ignore lint/performance/useDomNodeTextContent: the words shown, not the hidden ones
          button: form.querySelector<HTMLElement>("button[type=submit]")?.innerText,
          readOnly: form.querySelector("textarea")?.readOnly,
          hydrated: document.documentElement.dataset.hydrated === "true",
        });
        sessionStorage.setItem("composer-posted", JSON.stringify(records));
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: [sending] });
  }, COMPOSER_SENDING_ATTRIBUTE);
  return () => page.evaluate(() => JSON.parse(sessionStorage.getItem("composer-posted") ?? "[]"));
}

/** The rows of the conversation that hold this text, read from a fresh render of what is stored. */
async function storedCopies(page: Page, text: string): Promise<number> {
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText("Connection: Online")).toBeVisible();
  return log(page).getByRole("listitem").filter({ hasText: text }).count();
}

test.describe("a visitor on a slow phone writes before the page's framework has arrived", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("Enter sends the first message once, shown as sending, never again once the page is live; the line never says it is kept before it exists", async ({
    page,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    await newAccount(page, baseURL);
    const slow = await slowPage(page);
    const postedLooks = await recordComposerWhenPosted(page);
    await openPaintedNotLive(page);
    // Before anything is written, no line says a message is kept.
    await expect(page.locator("body")).not.toContainText(VISITOR_DESK_TEXTS.noListener);

    const text = "I can't stop shaking tonight";
    await composer(page).fill(text);
    // Pressed from the keyboard, twice in a row (a locator's press would wait for the navigation).
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");

    // The page comes back with the message in it, still before the framework; it was shown as
    // sending, read-only, on its way, and posted once.
    await expect(log(page).getByRole("listitem").filter({ hasText: text })).toHaveCount(1);
    await expect(composer(page)).toHaveValue("");
    expect(await hydrated(page)).toBe(false);
    expect(await postedLooks()).toEqual([{ button: "Sending…", readOnly: true, hydrated: false }]);
    expect(slow.seen.posts).toBe(1);
    // Once there is a message, whatever the desk says of it is true: kept only if nobody is there.
    await expect(deskLine(page)).toBeVisible();
    await expect(deskLine(page)).not.toContainText(VISITOR_DESK_TEXTS.noListenerBeforeWriting);

    // Live at last: nothing sent again, nothing back in the box.
    await slow.releaseScripts();
    await waitForHydration(page);
    await expect(page.getByText("Connection: Online")).toBeVisible();
    await expectStored(page, text);
    await expect(log(page).getByRole("listitem").filter({ hasText: text })).toHaveCount(1);
    await expect(composer(page)).toHaveValue("");
    expect(slow.seen.posts).toBe(1);
    expect(await storedCopies(page, text)).toBe(1);
  });

  test("a framework that takes over the page after its script posted the composer keeps that text out of the draft", async ({
    page,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    await newAccount(page, baseURL);
    const slow = await slowPage(page);
    await openPaintedNotLive(page);
    // The page asked for the framework once painted; it is held on the way.
    await expect
      .poll(() =>
        page.evaluate(
          (held) => document.readyState !== "loading" && document.querySelector(`script[type="${held}"]`) === null,
          HELD_SCRIPT_TYPE,
        ),
      )
      .toBe(true);

    // The form as the page's script leaves it once it has posted it, and the framework arriving
    // before the page comes back. A real post cannot be held here: the browser answers no test while
    // a navigation is on its way, so the form is only marked, and nothing is posted.
    const text = "Is anyone awake? I need to talk";
    await composer(page).fill(text);
    await page.evaluate(
      (sending) => document.querySelector("form[data-composer]")?.setAttribute(sending, ""),
      COMPOSER_SENDING_ATTRIBUTE,
    );
    await expect(page.getByRole("button", { name: "Sending…" })).toBeVisible();

    await slow.releaseScripts();
    await waitForHydration(page);
    // The framework's composer is live, empty, and stored no draft of the text on its way.
    await expect(composer(page)).toHaveValue("");
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("kindred:draft:"))),
    ).toEqual([]);
    await expect(page.getByText("Connection: Online")).toBeVisible();
    expect(slow.seen.posts).toBe(0);
  });
});
