import type { BrowserContext, Page } from "@playwright/test";
import { m } from "../../app/paraglide/messages";
import { INACTIVITY_MESSAGES } from "../../app/shared/inactivity";
import { signInWithForm } from "./support/auth-forms";
import { openConversation } from "./support/chat-page";
import { SUPPORT_CHAT_PATH } from "./support/config";
import { readSessionProbe } from "./support/session-probe";
import {
  expect,
  newAccount,
  phoneBrowserIn,
  SPANISH_BROWSER,
  test,
  waitForPageScripts,
  waitForSessionTimers,
} from "./support/test";

const MINUTE = 60_000;
const START = new Date("2026-03-02T10:00:00Z").getTime();

/** Signed in on /chat (or `path`) with the page's clock stopped, so only the test moves time. */
async function signedInWithStoppedClock(
  page: Page,
  baseURL: string,
  { path = "/chat", firstCheckAnswered = true }: { path?: string; firstCheckAnswered?: boolean } = {},
) {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + MINUTE);
  const account = await newAccount(page, baseURL);
  await page.goto(path);
  await waitForSessionTimers(page, { firstCheckAnswered });
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  return account;
}

const warning = (page: Page) => page.getByRole("dialog", { name: INACTIVITY_MESSAGES.title });

/**
 * Relays the page's inbox socket to the server, noting the heartbeat frames the page sends and the
 * answers it receives; with holdAnswers, the answers wait until release() (a slow network).
 */
async function relayInboxSocket(page: Page, { holdAnswers = false } = {}) {
  const relay = { heartbeats: [] as unknown[], answers: 0, release: () => {} };
  let held: string[] = [];
  let holding = holdAnswers;
  await page.routeWebSocket(/\/api\/inbox\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (typeof message === "string" && message.startsWith("{") && JSON.parse(message).type === "activity") {
        relay.heartbeats.push(JSON.parse(message));
      }
      server.send(message);
    });
    server.onMessage((message) => {
      const isAnswer =
        typeof message === "string" && message.startsWith("{") && JSON.parse(message).type === "activity";
      if (isAnswer && holding) return void held.push(message);
      if (isAnswer) relay.answers += 1;
      ws.send(message);
    });
    relay.release = () => {
      holding = false;
      for (const message of held) {
        relay.answers += 1;
        ws.send(message);
      }
      held = [];
    };
  });
  return relay;
}

test.describe("inactivity", () => {
  test("warns at 8 minutes and signs out at 10 with the spec's messages", async ({ page, baseURL }) => {
    await signedInWithStoppedClock(page, baseURL ?? "");
    await page.clock.runFor(8 * MINUTE - 1000);
    await expect(warning(page)).toBeHidden();
    await page.clock.runFor(1000);
    await expect(warning(page)).toBeVisible();
    await expect(warning(page)).toContainText(INACTIVITY_MESSAGES.warning);
    // Not on a conversation: nothing to reassure about.
    await expect(warning(page)).not.toContainText(INACTIVITY_MESSAGES.conversationKept);

    await page.clock.runFor(2 * MINUTE);
    // Signing in again comes back to the page the person was on.
    await page.waitForURL("**/signup?reason=inactivity&next=%2Fchat");
    await expect(page.getByText(INACTIVITY_MESSAGES.loggedOut)).toBeVisible();
    // The person has an account: the spec's /signup opens on signing in.
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    // The server ended the session too, and a page asked for with its cookie says why.
    await page.goto(SUPPORT_CHAT_PATH);
    await expect(page).toHaveURL(`/signup?reason=inactivity&next=${encodeURIComponent(SUPPORT_CHAT_PATH)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await expect(page.getByText(INACTIVITY_MESSAGES.loggedOut)).toBeVisible();
  });

  test("OK keeps the person signed in for another full period", async ({ page, baseURL }) => {
    await signedInWithStoppedClock(page, baseURL ?? "");
    await page.clock.runFor(8 * MINUTE);
    // OK from the keyboard: a mouse click would leave the pointer where the dialog was, and Chromium
    // may send a synthetic mousemove (activity) when it goes, at a moment no test can wait for.
    await warning(page).getByRole("button", { name: INACTIVITY_MESSAGES.ok }).press("Enter");
    await expect(warning(page)).toBeHidden();
    await page.clock.runFor(7 * MINUTE);
    await expect(page).toHaveURL(/\/chat$/);
    await expect(warning(page)).toBeHidden();
    await page.clock.runFor(1 * MINUTE);
    await expect(warning(page)).toBeVisible();
  });

  test("warns a Spanish visitor on a phone in Spanish, and its Spanish OK keeps them signed in", async ({
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    const page = await phoneBrowserIn(browser, baseURL, "es-MX");
    const es = { locale: "es" as const };
    await page.clock.install({ time: START });
    await page.clock.pauseAt(START + MINUTE);
    // An account as a Spanish browser's sign-up makes it: its pages speak Spanish.
    await newAccount(page, baseURL, { languages: SPANISH_BROWSER });
    await page.goto(SUPPORT_CHAT_PATH);
    await waitForSessionTimers(page);
    await page.clock.runFor(8 * MINUTE);
    const spanishWarning = page.getByRole("dialog", { name: m.inactivity_title({}, es) });
    await expect(spanishWarning).toBeVisible();
    const ok = m.inactivity_ok({}, es);
    await expect(spanishWarning).toContainText(m.inactivity_warning({ minutes: 2, ok }, es));
    // On a conversation: nothing typed or said is lost.
    await expect(spanishWarning).toContainText(m.inactivity_conversation_kept({}, es));
    await expect(spanishWarning).not.toContainText(/logged|Click|conversation/);
    await spanishWarning.getByRole("button", { name: ok, exact: true }).press("Enter");
    await expect(spanishWarning).toBeHidden();
    await page.clock.runFor(7 * MINUTE);
    await expect(page).toHaveURL(SUPPORT_CHAT_PATH);
    await expect(spanishWarning).toBeHidden();
  });

  test("an answer to a session check that arrives after OK does not take the time back", async ({ page, baseURL }) => {
    // The check sent as the inbox socket opened answers only after OK was pressed (a slow network).
    const inbox = await relayInboxSocket(page, { holdAnswers: true });
    await signedInWithStoppedClock(page, baseURL ?? "", { firstCheckAnswered: false });
    await expect.poll(() => inbox.heartbeats.length).toBeGreaterThan(0);
    await page.clock.runFor(8 * MINUTE);
    await warning(page).getByRole("button", { name: INACTIVITY_MESSAGES.ok }).press("Enter");
    await expect(warning(page)).toBeHidden();
    inbox.release();
    await expect.poll(async () => (await readSessionProbe(page)).answers).toBeGreaterThan(0);

    await page.clock.runFor(7 * MINUTE);
    await expect(page).toHaveURL(/\/chat$/);
    await expect(warning(page)).toBeHidden();
    await page.clock.runFor(1 * MINUTE);
    await expect(warning(page)).toBeVisible();
  });

  test("reports activity on the inbox socket, once as it opens and then with each check, without a request", async ({
    page,
    baseURL,
  }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/session/activity")) posts.push(request.url());
    });
    const inbox = await relayInboxSocket(page);
    await signedInWithStoppedClock(page, baseURL ?? "");
    await expect.poll(() => inbox.heartbeats.length).toBe(1);
    await expect.poll(() => inbox.answers).toBe(1);

    // Activity, then the next check: a second frame, answered.
    await page.getByRole("heading", { level: 1, name: "Messages" }).click();
    await page.clock.runFor(30_000);
    await expect.poll(() => inbox.heartbeats.length).toBe(2);
    await expect.poll(() => inbox.answers).toBe(2);
    expect(posts).toEqual([]);
  });

  test("falls back to the request while the inbox socket cannot open", async ({ page, baseURL }) => {
    // A network that refuses WebSockets: the heartbeat must still keep an active person signed in.
    await page.routeWebSocket(/\/api\/inbox\/ws$/, (ws) => ws.close({ code: 1006, reason: "blocked" }));
    await signedInWithStoppedClock(page, baseURL ?? "", { firstCheckAnswered: false });
    await page.getByRole("heading", { level: 1, name: "Messages" }).click();
    const heartbeat = page.waitForRequest("**/api/session/activity");
    await page.clock.runFor(30_000);
    expect((await (await heartbeat).response())?.status()).toBe(200);
  });

  test("keeps tabs in step: activity in one keeps the other alive, a logout in one signs out both", async ({
    page,
    context,
    baseURL,
  }) => {
    await signedInWithStoppedClock(page, baseURL ?? "");
    const second = await context.newPage();
    await second.goto("/chat");
    await waitForSessionTimers(second);

    await page.clock.runFor(5 * MINUTE);
    await second.getByRole("heading", { level: 1, name: "Messages" }).click();
    await page.clock.runFor(4 * MINUTE);
    // 9 minutes since the first tab's own last activity, but only 4 since the other tab's.
    await expect(warning(page)).toBeHidden();
    await expect(page).toHaveURL(/\/chat$/);

    await page.clock.runFor(6 * MINUTE);
    await second.waitForURL("**/signup?reason=inactivity&next=%2Fchat");
    await page.waitForURL("**/signup?reason=inactivity&next=%2Fchat");
  });
});

for (const width of [320, 375]) {
  test.describe(`an inactivity logout on a conversation, at ${width} px`, () => {
    test.use({ viewport: { width, height: 640 } });

    test("warns that nothing is lost, lands on Welcome Back and signing in returns to the conversation and its draft", async ({
      page,
      baseURL,
    }) => {
      const { email, password } = await signedInWithStoppedClock(page, baseURL ?? "", { path: SUPPORT_CHAT_PATH });
      const composer = page.getByRole("textbox", { name: /^Message / });
      await composer.fill("I am still here, waiting for you");

      await page.clock.runFor(8 * MINUTE);
      await expect(warning(page)).toBeVisible();
      await expect(warning(page)).toContainText(INACTIVITY_MESSAGES.warning);
      await expect(warning(page)).toContainText(INACTIVITY_MESSAGES.conversationKept);

      await page.clock.runFor(2 * MINUTE);
      await page.waitForURL(`**/signup?reason=inactivity&next=${encodeURIComponent(SUPPORT_CHAT_PATH)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
      await expect(page.getByText(INACTIVITY_MESSAGES.loggedOut)).toBeVisible();
      await expect(page.getByLabel("Your anonymous username")).toHaveCount(0);

      // The rest happens in real time.
      await page.clock.resume();
      await waitForPageScripts(page);
      await signInWithForm(page, { email, password });
      await page.waitForURL(`**${SUPPORT_CHAT_PATH}`);
      await expect(page.getByRole("heading", { level: 2, name: "Support" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: /^Message / })).toHaveValue("I am still here, waiting for you");
    });
  });
}

test.describe("coming back after the session ended while the tab was closed", () => {
  /**
   * Signed in, on the support conversation; then the tab is closed and, with no page of theirs open,
   * the server ends the session for idleness: the forced inactivity logout (the same record, rows
   * deleted and sockets closed as the server's own idle check). The visitor is away far longer than
   * the 5-minute session cache cookie lives, so the browser has dropped it and holds only the
   * ended session's own cookie. Answers a new tab in that browser, and the account.
   */
  async function returningAfterIdleEnd(page: Page, context: BrowserContext, baseURL: string) {
    const account = await newAccount(page, baseURL);
    await openConversation(page, SUPPORT_CHAT_PATH);
    await page.close();
    const ended = await context.request.post("/api/session/expire", { headers: { Origin: baseURL } });
    expect(ended.status()).toBe(200);
    await context.clearCookies({ name: /session_data$/ });
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain("kindred.session_token");
    return { returning: await context.newPage(), ...account };
  }

  async function expectWelcomeBackThenConversation(page: Page, account: { email: string; password: string }) {
    await expect(page).toHaveURL(`/signup?reason=inactivity&next=${encodeURIComponent(SUPPORT_CHAT_PATH)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await expect(page.getByText(INACTIVITY_MESSAGES.loggedOut, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Your anonymous username")).toHaveCount(0);
    await waitForPageScripts(page);
    await signInWithForm(page, account);
    await page.waitForURL(`**${SUPPORT_CHAT_PATH}`);
    await expect(page.getByRole("heading", { level: 2, name: "Support" })).toBeVisible();
  }

  test("the conversation's address opens 'Welcome Back' with the inactivity message, and signing in returns to it", async ({
    page,
    context,
    baseURL,
  }) => {
    const { returning, ...account } = await returningAfterIdleEnd(page, context, baseURL ?? "");
    await returning.goto(SUPPORT_CHAT_PATH);
    await expectWelcomeBackThenConversation(returning, account);
  });

  test("coming back through the landing page first, its call to action still says why", async ({
    page,
    context,
    baseURL,
  }) => {
    const { returning, ...account } = await returningAfterIdleEnd(page, context, baseURL ?? "");
    await returning.goto("/");
    await returning.getByRole("link", { name: "Talk to Someone Now - Free" }).click();
    await expectWelcomeBackThenConversation(returning, account);
  });
});
