import type { Page, WebSocketRoute } from "@playwright/test";
import { SESSION_END_MESSAGES } from "../../app/shared/session-end";
import { CLOSE_CODES } from "../../app/shared/socket-protocol";
import { composer, log } from "./support/chat-page";
import { SUPPORT_CHAT_PATH } from "./support/config";
import { anotherPerson, expect, newAccount, test, waitForHydration } from "./support/test";

/**
 * The browser's socket transport (app/lib/socket-transport.ts) against servers that
 * misbehave, played by Playwright's WebSocket routes in front of the real one.
 */

const CHAT_SOCKET = /\/api\/chats\/[^/]+\/ws$/;
const INBOX_SOCKET = /\/api\/inbox\/ws$/;
const START = new Date("2026-05-04T10:00:00Z").getTime();
const STEP_MS = 100;

/**
 * Plays a server that accepts every connection to `url` and closes it at once, and moves the page's
 * stopped clock in small steps. Answers the page times (ms from the first attempt) of the attempts
 * made in the 30 s after the first one.
 */
async function attemptsIn30sAgainstAServerThatClosesAtOnce(page: Page, url: RegExp, open: () => Promise<void>) {
  let now = 0;
  const attempts: number[] = [];
  const closing: Promise<void>[] = [];
  await page.routeWebSocket(url, (ws: WebSocketRoute) => {
    attempts.push(now);
    // Mocked, never connected to the server. A frame (the answer to a ping, which the page ignores)
    // makes Playwright open the socket in the page first: accepted, then closed at once.
    ws.send("pong");
    closing.push(ws.close({ code: 1011, reason: "going away" }));
  });
  await open();
  const step = async () => {
    await page.clock.runFor(STEP_MS);
    now += STEP_MS;
    await Promise.all(closing);
  };
  // The page's first attempt (the inbox socket starts once the lazy header has loaded).
  while (attempts.length === 0) {
    if (now > 60_000) throw new Error("the page never opened the socket");
    await step();
  }
  const first = attempts[0] ?? 0;
  while (now <= first + 31_000) await step();
  return attempts.filter((t) => t <= first + 30_000).map((t) => t - first);
}

test.describe("a server that closes every connection right after opening it", () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: START });
    await page.clock.pauseAt(START + 60_000);
  });

  test("gets at most 6 attempts in 30 s from a conversation's socket", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    const attempts = await attemptsIn30sAgainstAServerThatClosesAtOnce(page, CHAT_SOCKET, async () => {
      await page.goto(SUPPORT_CHAT_PATH);
      await waitForHydration(page);
    });
    // It keeps trying (the jittered delays allow 5 or 6 attempts in 30 s), but no more than 6.
    expect(attempts.length, `attempts at ${attempts.join(", ")} ms`).toBeGreaterThanOrEqual(4);
    expect(attempts.length, `attempts at ${attempts.join(", ")} ms`).toBeLessThanOrEqual(6);
    await expect(page.getByText("Reconnecting…")).toBeVisible();
  });

  test("gets at most 6 attempts in 30 s from the inbox socket", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    const attempts = await attemptsIn30sAgainstAServerThatClosesAtOnce(page, INBOX_SOCKET, async () => {
      await page.goto("/privacypolicy");
      await waitForHydration(page);
    });
    expect(attempts.length, `attempts at ${attempts.join(", ")} ms`).toBeGreaterThanOrEqual(4);
    expect(attempts.length, `attempts at ${attempts.join(", ")} ms`).toBeLessThanOrEqual(6);
  });
});

test.describe("a socket closed because the session ended", () => {
  test("sends the page to sign-in with the reason, without reconnecting", async ({ page, context, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(CHAT_SOCKET, (ws) => {
      sockets.push(ws);
    });
    await page.goto(SUPPORT_CHAT_PATH);
    await waitForHydration(page);
    // The mocked socket is open: the page asked to resume.
    await expect(page.getByText("Connection: Online")).toBeVisible();
    expect(sockets).toHaveLength(1);

    // The session ended elsewhere (its cookie is gone) and the server closes the socket saying so.
    await context.clearCookies();
    await sockets[0]?.close({ code: CLOSE_CODES.sessionEnded, reason: "signed-out" });
    await page.waitForURL("**/signup?reason=signed-out");
    await expect(page.getByText(SESSION_END_MESSAGES["signed-out"])).toBeVisible();
    expect(sockets).toHaveLength(1);
  });
});

test.describe("a malformed frame from the server", () => {
  test("is ignored, and the conversation goes on working both ways", async ({ page, browser, baseURL }) => {
    const visitor = await newAccount(page, baseURL ?? "");
    const contact = await anotherPerson(browser, baseURL ?? "");
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(CHAT_SOCKET, (ws) => {
      ws.connectToServer();
      sockets.push(ws);
    });
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" && message.text().startsWith("Ignored a frame")) warnings.push(message.text());
    });
    const errors: Error[] = [];
    page.on("pageerror", (error) => errors.push(error));

    await page.goto(`/chat/${contact.user.id}`);
    await waitForHydration(page);
    await expect(page.getByText("Connection: Online")).toBeVisible();
    await expect(page.getByText("No messages yet")).toBeVisible();

    // Toward the page only: the room never sent these.
    const socket = sockets.at(-1);
    socket?.send("not json");
    socket?.send('{"type":"message"}');
    socket?.send(JSON.stringify({ type: "message", message: { seq: "1", text: "<b>forged</b>" } }));
    // The page read all three (each is logged as ignored) before anything else happens.
    await expect.poll(() => warnings.length).toBe(3);

    await composer(page).fill("Still there?");
    await composer(page).press("Enter");
    await expect(log(page).getByText("Sent")).toBeVisible();
    await contact.page.goto(`/chat/${visitor.user.id}`);
    await expect(log(contact.page).getByText("Still there?")).toBeVisible();
    // The page shows the message before its scripts run; Enter sends once it has hydrated.
    await waitForHydration(contact.page);
    await composer(contact.page).fill("Yes, still here.");
    await composer(contact.page).press("Enter");
    await expect(log(page).getByText("Yes, still here.")).toBeVisible();

    await expect(log(page).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByText("forged")).toHaveCount(0);
    await expect(page.getByText("Connection: Online")).toBeVisible();
    expect(sockets).toHaveLength(1);
    expect(errors).toEqual([]);
    await contact.context.close();
  });
});
