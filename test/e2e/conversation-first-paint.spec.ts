import type { Page } from "@playwright/test";
import { COMPOSER_FIELDS, SEND_INTENT } from "../../app/shared/conversation-page";
import { chatWith } from "../../app/shared/routes";
import { REPORT_TEXTS } from "../../app/shared/safety";
import { composer, expectStored, log, openContactMenu } from "./support/chat-page";
import { anotherPerson, expect, holdRequests, newAccount, test, waitForHydration } from "./support/test";

/** A message sent the way a browser without scripts sends it: the conversation's own form. */
async function postMessage(page: Page, baseURL: string, contactId: string, text: string) {
  const posted = await page.request.post(chatWith(contactId), {
    multipart: {
      [COMPOSER_FIELDS.intent]: SEND_INTENT,
      [COMPOSER_FIELDS.clientId]: `temp-${crypto.randomUUID()}`,
      [COMPOSER_FIELDS.text]: text,
    },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);
}

const firstContentfulPaint = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length > 0);

test("the conversation paints its history before any script runs, then goes live from its last message keeping what was typed", async ({
  page,
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  const visitor = await newAccount(page, baseURL);
  const friend = await anotherPerson(browser, baseURL);
  await postMessage(page, baseURL, friend.user.id, "Are you around tonight?");
  await postMessage(friend.page, baseURL, visitor.user.id, "I am, what's up?");

  // Every script the page loads waits for the test; for the framework's entry, whether the page had
  // painted when the browser asked for it.
  const held: (() => void)[] = [];
  let released = false;
  const entryAskedAfterPaint: boolean[] = [];
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    if (/\/entry\.client-[^/]+\.js$/.test(route.request().url())) {
      entryAskedAfterPaint.push(await firstContentfulPaint(page));
    }
    if (released) return route.continue();
    held.push(() => void route.continue());
  });
  await page.goto(chatWith(friend.user.id), { waitUntil: "commit" });

  // Painted from the server's HTML alone: the whole history, the composer, no script run yet.
  const messages = log(page).getByRole("listitem");
  await expect(messages).toHaveCount(2);
  await expect(messages.first()).toContainText("Are you around tonight?");
  await expect(messages.last()).toContainText("I am, what's up?");
  await expect.poll(() => firstContentfulPaint(page)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  // The framework is asked for only once the page has painted.
  await expect.poll(() => entryAskedAfterPaint).toEqual([true]);

  // Meanwhile the person starts writing, and the friend writes again: after the page was rendered.
  await composer(page).fill("Rough day. Can I tell you about it?");
  await postMessage(friend.page, baseURL, visitor.user.id, "Written while your page was loading");

  released = true;
  for (const continueRequest of held) continueRequest();
  await waitForHydration(page);
  await expect(page.getByText("Connection: Online")).toBeVisible();
  // Live from its last message: what came after the render is there, once, and nothing before twice.
  await expect(messages).toHaveCount(3);
  await expect(messages.last()).toContainText("Written while your page was loading");
  await expect(composer(page)).toHaveValue("Rough day. Can I tell you about it?");

  // And live from then on, both ways.
  await postMessage(friend.page, baseURL, visitor.user.id, "Of course. I'm listening.");
  await expect(messages).toHaveCount(4);
  await expect(messages.last()).toContainText("Of course. I'm listening.");
  await composer(page).press("Enter");
  await expectStored(page, "Rough day. Can I tell you about it?");
  await expect(messages.filter({ hasText: "Rough day. Can I tell you about it?" })).toHaveCount(1);
  await expect(composer(page)).toHaveValue("");
  await friend.context.close();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("a long conversation shows its newest message from the first paint, before any script has run", async ({
    page,
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    const visitor = await newAccount(page, baseURL);
    const friend = await anotherPerson(browser, baseURL);
    for (let n = 1; n <= 12; n++) {
      const [from, to] = n % 2 ? [page, friend.user.id] : [friend.page, visitor.user.id];
      await postMessage(from, baseURL, to, `Message ${n} of a long evening's conversation.`);
    }
    const release = await holdRequests(page, /\/assets\/.+\.js$/);
    await page.goto(chatWith(friend.user.id), { waitUntil: "commit" });
    await expect.poll(() => firstContentfulPaint(page)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    // Whether a message lies wholly inside the list's visible box (to the pixel: boxes have fractions).
    const inView = (text: string) =>
      log(page)
        .getByRole("listitem")
        .filter({ hasText: text })
        .evaluate((item) => {
          const list = item.closest("[role=log]")?.getBoundingClientRect();
          const box = item.getBoundingClientRect();
          return list !== undefined && box.top >= list.top - 1 && box.bottom <= list.bottom + 1;
        });
    expect(await inView("Message 12 of")).toBe(true);
    expect(await inView("Message 1 of")).toBe(false);

    release();
    await waitForHydration(page);
    await expect(page.getByText("Connection: Online")).toBeVisible();
    expect(await inView("Message 12 of")).toBe(true);
    await friend.context.close();
  });
});

test("the contact menu's dialogs work before their code arrives, keep the server's markup while the page updates, and hydrate after", async ({
  page,
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  const visitor = await newAccount(page, baseURL);
  const friend = await anotherPerson(browser, baseURL);
  const name = friend.user.username;
  // The report dialog's code is held back; the rest of the page hydrates.
  const release = await holdRequests(page, /\/assets\/report-dialog-[^/]+\.js$/);
  await page.goto(chatWith(friend.user.id));
  await waitForHydration(page);
  await expect(page.getByText("Connection: Online")).toBeVisible();

  // The page updates meanwhile: a message arrives, live.
  await postMessage(friend.page, baseURL, visitor.user.id, "Hi, good to meet you.");
  await expect(log(page).getByRole("listitem").filter({ hasText: "Hi, good to meet you." })).toBeVisible();

  // The server's dialog is still there, and opens as it does without scripts.
  await openContactMenu(page, name);
  await page.getByRole("button", { name: REPORT_TEXTS.profileButton(name) }).click();
  const dialog = page.getByRole("dialog", { name: REPORT_TEXTS.profileTitle(name) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: "Spam" }).check();
  await dialog.getByRole("button", { name: REPORT_TEXTS.cancel }).click();
  await expect(dialog).toBeHidden();

  // Its code arrives: it hydrates, and a report is sent in place, the confirmation in the dialog.
  release();
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType("resource").some((entry) => /report-dialog-/.test(entry.name))),
    )
    .toBe(true);
  await openContactMenu(page, name);
  await page.getByRole("button", { name: REPORT_TEXTS.profileButton(name) }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: "Spam" }).check();
  await dialog.getByRole("button", { name: REPORT_TEXTS.submit }).click();
  await expect(dialog.getByText(REPORT_TEXTS.sent)).toBeVisible();
  await expect(page).toHaveURL(chatWith(friend.user.id));
  await friend.context.close();
});
