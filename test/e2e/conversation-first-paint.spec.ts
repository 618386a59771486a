import type { Page } from "@playwright/test";
import { COMPOSER_FIELDS, SEND_INTENT } from "../../app/shared/conversation-page";
import { chatWith } from "../../app/shared/routes";
import { composer, expectStored, log } from "./support/chat-page";
import { anotherPerson, expect, signUpThroughApi, test, waitForHydration } from "./support/test";

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
  const visitor = await signUpThroughApi(page, baseURL);
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
