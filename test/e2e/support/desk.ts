import type { Browser, Page } from "@playwright/test";
import { COMPOSER_FIELDS, SEND_INTENT } from "../../../app/shared/conversation-page";
import { DESK_PAGE_TEXTS, DESK_TEXTS, VISITOR_DESK_TEXTS } from "../../../app/shared/desk";
import {
  END_CONVERSATION_TEXTS,
  RISK_ANSWERS,
  WRAP_UP_FIELDS,
  WRAP_UP_TEXTS,
} from "../../../app/shared/desk-operations";
import { LISTENER_INTENTS } from "../../../app/shared/listeners";
import { PATHS } from "../../../app/shared/routes";
import { anotherPerson, expect, waitForHydration } from "./test";

/**
 * The support desk in browser tests. The seeded Support account is the admin, shared by
 * every test running at the same time, and so is the desk: the desk's tests run one after another
 * (serially), begin with an empty queue, and put every listener they made Away at the end.
 */

type Viewport = { width: number; height: number };

/**
 * Someone with a new account in a browser of their own, made a listener by the admin. Close the
 * context when done.
 */
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

/** 'Mark resolved' asks for a wrap-up (a seeded topic, and the risk answer); which one does not matter here. */
export const ANY_WRAP_UP = { [WRAP_UP_FIELDS.topics]: "Other", [WRAP_UP_FIELDS.riskDiscussed]: RISK_ANSWERS.no };

/** A desk form posted as a page's person would: the page's own route action, without its scripts. */
function postDesk(page: Page, baseURL: string, path: string, intent: string) {
  const form = intent === "resolve" ? { intent, ...ANY_WRAP_UP } : { intent };
  return page.request.post(path, { form, headers: { Origin: baseURL }, maxRedirects: 0 });
}

/**
 * Replies in a conversation its page's person holds, then marks it resolved, with the page's forms:
 * the desk refuses to resolve one nobody answered. The room tells the desk of the reply just after
 * storing it, so the resolve is asked again until the desk has heard (409 until then).
 */
async function replyAndResolve(page: Page, baseURL: string, path: string) {
  const reply = {
    [COMPOSER_FIELDS.intent]: SEND_INTENT,
    [COMPOSER_FIELDS.clientId]: `temp-${crypto.randomUUID()}`,
    [COMPOSER_FIELDS.text]: "Thank you for writing. This conversation is closing now; write again any time.",
  };
  const sent = await page.request.post(path, { form: reply, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(sent.status(), "the reply is taken").toBeLessThan(400);
  await expect.poll(async () => (await postDesk(page, baseURL, path, "resolve")).status()).toBe(302);
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
 * The end of every desk test, for each listener it made: they are Away, and whatever they still
 * hold is resolved (a conversation held by someone away would go back to the queue a little later,
 * in another test's way).
 */
export async function leaveTheDesk(page: Page, baseURL: string) {
  // Away first: each resolve below frees a place, which would otherwise go at once to whoever is
  // waiting in line, and be handed back to the line a minute later, in another test's way.
  expect((await postDesk(page, baseURL, PATHS.desk, "away")).status()).toBe(200);
  await page.goto(PATHS.desk);
  const held = await deskList(page, "Mine")
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  for (const path of held) await replyAndResolve(page, baseURL, path);
}

/**
 * Empties the queue: the admin takes each waiting conversation, replies and marks it resolved, until
 * the desk says nobody is waiting. Conversations other tests left waiting (they write to the support
 * account, and nobody listens) would otherwise come first.
 */
export async function emptyTheQueue(admin: Page, baseURL: string) {
  for (let taken = 0; taken < 500; taken += 1) {
    const next = await postDesk(admin, baseURL, PATHS.desk, "take-next");
    if (next.status() === 409) return;
    expect(next.status(), "Take next answers with the conversation it took").toBe(302);
    const conversation = new URL(next.headers().location ?? "", baseURL).pathname;
    await replyAndResolve(admin, baseURL, conversation);
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

/** The 'Mark resolved' form beside a conversation on the desk, with its wrap-up. */
export const resolveForm = (page: Page) => page.getByRole("form", { name: DESK_TEXTS.markResolved });

/**
 * Fills the wrap-up as a listener does: ticks the topics, answers 'Risk discussed'. Once the page
 * (live, with its scripts) no longer says nobody has replied: the desk has heard of the reply.
 */
export async function fillWrapUp(page: Page, topics: string[] = ["Other"], riskDiscussed = false) {
  const form = resolveForm(page);
  await expect(form.getByText(DESK_PAGE_TEXTS.replyBeforeResolving)).toHaveCount(0);
  for (const topic of topics) await form.getByRole("checkbox", { name: topic, exact: true }).check();
  await form
    .getByRole("group", { name: WRAP_UP_TEXTS.riskDiscussed })
    .getByRole("radio", { name: riskDiscussed ? WRAP_UP_TEXTS.yes : WRAP_UP_TEXTS.no })
    .check();
}

/**
 * 'End conversation', confirmed, as the visitor does it: the question says what ending does now
 * (a listener let go, or only leaving the line), and the end is told among the messages.
 */
export async function endSupportConversation(page: Page, { withListener }: { withListener: boolean }) {
  await page.getByText(END_CONVERSATION_TEXTS.button, { exact: true }).click();
  await expect(page.getByRole("heading", { name: END_CONVERSATION_TEXTS.confirmTitle })).toBeVisible();
  const body = withListener ? END_CONVERSATION_TEXTS.confirmBodyWithListener : END_CONVERSATION_TEXTS.confirmBodyInLine;
  await expect(page.getByText(body)).toBeVisible();
  await page.getByRole("button", { name: END_CONVERSATION_TEXTS.confirm }).click();
  await expect(page.getByRole("log").getByText(VISITOR_DESK_TEXTS.youEnded)).toBeVisible();
}
