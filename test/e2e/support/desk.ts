import type { Browser, Page } from "@playwright/test";
import { LISTENER_INTENTS } from "../../../app/shared/listeners";
import { PATHS } from "../../../app/shared/routes";
import { anotherPerson, expect, waitForHydration } from "./test";

/**
 * The support desk in browser tests. The seeded Support account is the admin, shared by
 * every test running at the same time, and so is the desk: the desk's tests run one after another
 * (serially), begin with an empty queue, and put every listener they made Away at the end.
 */

type Viewport = { width: number; height: number };

/** Someone signed up in a browser of their own, made a listener by the admin. Close the context when done. */
export async function newListener(
  browser: Browser,
  baseURL: string,
  admin: Page,
  viewport?: Viewport,
  options: { javaScriptEnabled?: boolean } = {},
) {
  const person = await anotherPerson(browser, baseURL, { ...(viewport ? { viewport } : {}), ...options });
  const response = await admin.request.post(PATHS.adminListeners, {
    form: { intent: LISTENER_INTENTS.add, username: person.user.username },
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(200);
  return person;
}

/** A desk form posted as a page's person would: the page's own route action, without its scripts. */
function postDesk(page: Page, baseURL: string, path: string, intent: string) {
  return page.request.post(path, { form: { intent }, headers: { Origin: baseURL }, maxRedirects: 0 });
}

/**
 * Marks a listener Available with their 'Available' button on the desk, which stays open: a desk page
 * of theirs must be there for conversations to come to them.
 */
export async function markAvailable(page: Page) {
  await openDesk(page);
  await page.getByRole("button", { name: "Available" }).click();
  await expect(page.getByRole("button", { name: "Available" })).toHaveAttribute("aria-pressed", "true");
}

/**
 * The end of every desk test, for each listener it made: whatever they still hold is resolved (a
 * conversation held by someone away would go back to the queue a little later, in another test's
 * way) and they are Away.
 */
export async function leaveTheDesk(page: Page, baseURL: string) {
  await page.goto(PATHS.desk);
  const held = await deskList(page, "Mine")
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  for (const path of held) await postDesk(page, baseURL, path, "resolve");
  expect((await postDesk(page, baseURL, PATHS.desk, "away")).status()).toBe(200);
}

/**
 * Empties the queue: the admin takes each waiting conversation and marks it resolved, until the
 * desk says nobody is waiting. Conversations other tests left waiting (they write to the support
 * account, and nobody listens) would otherwise come first.
 */
export async function emptyTheQueue(admin: Page, baseURL: string) {
  for (let taken = 0; taken < 500; taken += 1) {
    const next = await postDesk(admin, baseURL, PATHS.desk, "take-next");
    if (next.status() === 409) return;
    expect(next.status(), "Take next answers with the conversation it took").toBe(302);
    const conversation = new URL(next.headers().location ?? "", baseURL).pathname;
    expect((await postDesk(admin, baseURL, conversation, "resolve")).status()).toBe(302);
  }
  throw new Error("The queue did not empty");
}

/** The desk, once its socket is live. */
export async function openDesk(page: Page) {
  await page.goto(PATHS.desk);
  await waitForHydration(page);
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
}

/** One of the desk's lists ('Waiting', 'Mine', 'All'), by its heading. */
export const deskList = (page: Page, name: string) => page.getByRole("region", { name: new RegExp(`^${name} \\(`) });
