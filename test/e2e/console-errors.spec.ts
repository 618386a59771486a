import type { Page } from "@playwright/test";
import { ADMIN_PAGES } from "../../app/shared/admin";
import { COMPOSER_FIELDS, SEND_INTENT } from "../../app/shared/conversation-page";
import { VISITOR_DESK_INTENTS } from "../../app/shared/desk-operations";
import { chatWith, deskConversationPath, PATHS, userProfilePath } from "../../app/shared/routes";
import { PUBLIC_PAGES, SUPPORT_CHAT_PATH, SUPPORT_USER_ID } from "./support/config";
import { anotherPerson, expect, signedInAsSupport, test, waitForPageScripts } from "./support/test";

/**
 * Every route of app/routes.ts, visited the way its people see it, must log no error: not in the
 * console, not as an uncaught exception. A hydration mismatch, a failed module, a refused beacon
 * all show up here first.
 */

type Problem = { path: string; kind: "console" | "pageerror"; text: string };

/** Collects every console error and uncaught exception of a page, with the page it happened on. */
function watchErrors(page: Page): Problem[] {
  const problems: Problem[] = [];
  const path = () => new URL(page.url()).pathname;
  page.on("console", (message) => {
    if (message.type() === "error") problems.push({ path: path(), kind: "console", text: message.text() });
  });
  page.on("pageerror", (error) => problems.push({ path: path(), kind: "pageerror", text: String(error) }));
  return problems;
}

/**
 * Opens each path and waits until its scripts have run (the page hydrated, or its own modules
 * started); the next page's load then sends the last one's beacons, so they are watched too.
 */
async function visitAll(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.goto(path);
    await waitForPageScripts(page);
  }
  await page.goto("about:blank");
}

/** The 404 page answers 404 on purpose: the browser logs that status for the document itself. */
const isTheNotFoundDocument = (problem: Problem) =>
  problem.path === NOT_FOUND_PATH && problem.kind === "console" && /status of 404/.test(problem.text);
const NOT_FOUND_PATH = "/no-such-page-here";

test("no public page or sign-in screen logs an error", async ({ page }) => {
  const problems = watchErrors(page);
  await visitAll(page, [
    ...PUBLIC_PAGES.map(({ path }) => path),
    "/signup",
    PATHS.login,
    "/recover",
    "/reset-password?token=not-a-real-token",
    "/header",
    "/footer",
    NOT_FOUND_PATH,
  ]);
  expect(problems.filter((problem) => !isTheNotFoundDocument(problem))).toEqual([]);
});

test("no signed-in page logs an error", async ({ browser, baseURL }) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const person = await anotherPerson(browser, baseURL);
  try {
    const problems = watchErrors(person.page);
    await visitAll(person.page, [
      PATHS.chat,
      chatWith(SUPPORT_USER_ID),
      PATHS.profile,
      `${PATHS.profile}?tab=edit`,
      PATHS.users,
      userProfilePath(SUPPORT_USER_ID),
      PATHS.thankYou,
      PATHS.blockedPeople,
      "/signout",
      NOT_FOUND_PATH,
    ]);
    expect(problems.filter((problem) => !isTheNotFoundDocument(problem))).toEqual([]);
  } finally {
    await person.context.close();
  }
});

test("no desk or admin page logs an error for the admin", async ({ browser, baseURL }) => {
  if (!baseURL) throw new Error("baseURL is not set");
  const visitor = await anotherPerson(browser, baseURL);
  const admin = await signedInAsSupport(browser, baseURL);
  try {
    // A support conversation for the desk's page of one: the visitor writes to the support account.
    const sent = await visitor.page.request.post(SUPPORT_CHAT_PATH, {
      multipart: {
        [COMPOSER_FIELDS.intent]: SEND_INTENT,
        [COMPOSER_FIELDS.clientId]: `temp-console-${Date.now()}`,
        [COMPOSER_FIELDS.text]: "Hello, is anyone there?",
      },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(sent.status()).toBeLessThan(400);
    const problems = watchErrors(admin.page);
    await visitAll(admin.page, [
      PATHS.desk,
      deskConversationPath(visitor.user.id),
      // Every admin page, so one added to the admin's nav is swept too.
      ...ADMIN_PAGES.map((page) => page.path),
    ]);
    expect(problems).toEqual([]);
  } finally {
    // The visitor ends it: it leaves the desk's queue, where the desk's own tests expect none of theirs.
    await visitor.page.request.post(SUPPORT_CHAT_PATH, {
      form: { intent: VISITOR_DESK_INTENTS.end },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    await visitor.context.close();
    await admin.context.close();
  }
});
