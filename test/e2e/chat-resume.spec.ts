import type { Page, WebSocketRoute } from "@playwright/test";
import { CHAT_MESSAGES } from "../../app/shared/schemas/chat-protocol";
import { composer, expectStored, log, openConversation } from "./support/chat-page";
import { SUPPORT_CHAT_PATH } from "./support/config";
import { expect, newAccount, signedInAsSupport, test, waitForHydration } from "./support/test";

const CHAT_SOCKET = /\/api\/chats\/.+\/ws$/;

/** The temp- id of a send frame the page wrote, or null for any other frame. */
function sentClientId(message: string | Buffer): string | null {
  if (typeof message !== "string" || !message.startsWith("{")) return null;
  const frame = JSON.parse(message) as { type: string; clientId?: string };
  return frame.type === "send" && frame.clientId ? frame.clientId : null;
}

/**
 * Routes the conversation's socket through the test: each frame the page writes goes on to the
 * room, a send's temp- id recorded in `sentIds`; each frame of the room's goes on to the page unless
 * `intercept` takes it (answers true), to drop it or to hand it on later through `toPage`.
 */
async function routeChatSocket(
  page: Page,
  sentIds: string[],
  intercept: (message: string | Buffer, toPage: (message: string | Buffer) => void) => boolean,
) {
  await page.routeWebSocket(CHAT_SOCKET, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const clientId = sentClientId(message);
      if (clientId) sentIds.push(clientId);
      server.send(message);
    });
    const toPage = (message: string | Buffer) => ws.send(message);
    server.onMessage((message) => {
      if (!intercept(message, toPage)) toPage(message);
    });
  });
}

/** What the support account's page shows of a visitor's conversation: each text, how many times. */
async function expectOnceOnSupportSide(
  browser: Parameters<typeof signedInAsSupport>[0],
  baseURL: string,
  visitorId: string,
  texts: string[],
) {
  const support = await signedInAsSupport(browser, baseURL);
  await openConversation(support.page, visitorId);
  for (const text of texts) await expect(log(support.page).getByText(text, { exact: true })).toHaveCount(1);
  await support.context.close();
}

/** Sends what is in the composer, as a person pressing Enter. */
async function write(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
}

/**
 * a message stored by the room whose own frame (its acknowledgement) never reached the
 * page, because the connection dropped in between. The page still holds it as pending; after
 * reconnecting, the resume page carries it and the resend is answered with an ack. It must settle
 * once: shown a single time, no longer 'Sending…'.
 */
test("a message pending when the connection dropped is settled exactly once after the page resumes", async ({
  page,
  browser,
  baseURL,
}) => {
  const visitor = await newAccount(page, baseURL ?? "");
  let connections = 0;
  let dropped = false;
  const sentIds: string[] = [];
  await page.routeWebSocket(/\/api\/chats\/.+\/ws$/, (ws) => {
    connections += 1;
    const first = connections === 1;
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (typeof message === "string" && message.startsWith("{")) {
        const frame = JSON.parse(message) as { type: string; clientId?: string };
        if (frame.type === "send" && frame.clientId) sentIds.push(frame.clientId);
      }
      server.send(message);
    });
    server.onMessage((message) => {
      if (first && typeof message === "string" && message.startsWith("{")) {
        const frame = JSON.parse(message) as { type: string; message?: { clientId?: string } };
        // The room stored the message and sent its frame: the connection drops before the page has it.
        if (frame.type === "message" && frame.message?.clientId && sentIds.includes(frame.message.clientId)) {
          dropped = true;
          void ws.close({ code: 1006, reason: "network lost" });
          return;
        }
      }
      ws.send(message);
    });
  });

  await page.goto("/chat/kindred-support");
  await waitForHydration(page);
  await composer(page).fill("Are you still there?");
  await composer(page).press("Enter");
  await expect.poll(() => dropped).toBe(true);

  // The page reconnects by itself, resumes, resends; the message settles once.
  await expect.poll(() => connections).toBeGreaterThanOrEqual(2);
  await expect(log(page).getByText("Sending…")).toHaveCount(0, { timeout: 15_000 });
  await expect(log(page).getByText("Are you still there?", { exact: true })).toHaveCount(1);
  // Its resend carried the same id, so the room stored it once.
  expect(new Set(sentIds).size).toBe(1);
  await expect(page.getByText("Failed to send message. Please try again.")).toHaveCount(0);

  const support = await signedInAsSupport(browser, baseURL ?? "");
  await support.page.goto(`/chat/${visitor.user.id}`);
  await waitForHydration(support.page);
  await expect(log(support.page).getByText("Are you still there?", { exact: true })).toHaveCount(1);
  await support.context.close();

  await page.reload();
  await waitForHydration(page);
  await expect(log(page).getByText("Are you still there?", { exact: true })).toHaveCount(1);
});

/**
 * A phone in a tunnel: the browser says it is offline and its socket is cut; connecting fails until
 * the network is back. Messages written meanwhile wait, however long, and go out once each when it
 * is: none comes back to the composer as failed. The page's clock runs the 30 s at once.
 */
test("two messages written during 30 s offline are delivered exactly once each, none bounced back", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const visitor = await newAccount(page, baseURL ?? "");
  let offline = false;
  const sockets: WebSocketRoute[] = [];
  const sentIds: string[] = [];
  await page.routeWebSocket(CHAT_SOCKET, (ws) => {
    // No network: the connection fails before it opens.
    if (offline) return void ws.close({ code: 1006, reason: "no network" });
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const clientId = sentClientId(message);
      if (clientId) sentIds.push(clientId);
      server.send(message);
    });
    sockets.push(ws);
  });
  await page.clock.install();
  await openConversation(page, SUPPORT_CHAT_PATH);

  offline = true;
  await context.setOffline(true);
  await sockets.at(-1)?.close({ code: 1006, reason: "network lost" });
  await expect(page.getByText("Connection: Offline")).toBeVisible();
  await write(page, "Written in the tunnel");
  await write(page, "Still in the tunnel");
  await expect(log(page).getByText("Sending…")).toHaveCount(2);
  // Half a minute without a network, the page retrying all along.
  await page.clock.runFor(30_000);
  await expect(log(page).getByText("Sending…")).toHaveCount(2);
  await expect(composer(page)).toHaveValue("");

  offline = false;
  await context.setOffline(false);
  await expect(page.getByText("Connection: Online")).toBeVisible();
  for (const text of ["Written in the tunnel", "Still in the tunnel"]) {
    await expectStored(page, text);
    await expect(log(page).getByText(text, { exact: true })).toHaveCount(1);
  }
  await expect(log(page).getByText("Sending…")).toHaveCount(0);
  await expect(page.getByText(CHAT_MESSAGES.sendFailed)).toHaveCount(0);
  await expect(composer(page)).toHaveValue("");
  // Each went out under one id of its own, however often it was sent.
  expect(new Set(sentIds).size).toBe(2);
  await expectOnceOnSupportSide(browser, baseURL ?? "", visitor.user.id, [
    "Written in the tunnel",
    "Still in the tunnel",
  ]);
});

/**
 * Chromium keeps a socket open while the browser says it is offline (setOffline cuts requests, not
 * open sockets), and a real network may swallow what goes over it. A message written then waits,
 * and goes out again over that socket when the network is back.
 */
test("a message written while offline over a socket still open waits, and goes out again once online", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const visitor = await newAccount(page, baseURL ?? "");
  let offline = false;
  const sentIds: string[] = [];
  await page.routeWebSocket(CHAT_SOCKET, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const clientId = sentClientId(message);
      if (clientId) sentIds.push(clientId);
      // Lost in the tunnel.
      if (clientId && offline) return;
      server.send(message);
    });
  });
  await page.clock.install();
  await openConversation(page, SUPPORT_CHAT_PATH);

  offline = true;
  await context.setOffline(true);
  await expect(page.getByText("Connection: Offline")).toBeVisible();
  await write(page, "Sent into the void");
  await expect.poll(() => sentIds.length).toBe(1);
  await page.clock.runFor(30_000);
  await expect(log(page).getByText("Sending…")).toHaveCount(1);

  offline = false;
  await context.setOffline(false);
  await expectStored(page, "Sent into the void");
  await expect(page.getByText(CHAT_MESSAGES.sendFailed)).toHaveCount(0);
  await expect(composer(page)).toHaveValue("");
  expect(new Set(sentIds)).toEqual(new Set([sentIds[0]]));
  await expectOnceOnSupportSide(browser, baseURL ?? "", visitor.user.id, ["Sent into the void"]);
});

/**
 * The room stored a message but its answer never reached the page over a socket that stayed open:
 * the page says it failed and gives the text back. Sent again, it carries the same id, so the
 * room acknowledges the message it has instead of storing a second one.
 */
test("a failed message sent again keeps its id, and a stored one is not stored twice", async ({
  page,
  browser,
  baseURL,
}) => {
  const visitor = await newAccount(page, baseURL ?? "");
  const sentIds: string[] = [];
  let answerLost = false;
  await routeChatSocket(page, sentIds, (message) => {
    // The message's own frame (its acknowledgement) is lost on the way to the page, whenever the
    // room answers: a busy room may answer after the page has given up on it.
    if (answerLost || typeof message !== "string" || !message.includes('"type":"message"')) return false;
    answerLost = true;
    return true;
  });
  await page.clock.install();
  await openConversation(page, SUPPORT_CHAT_PATH);

  await write(page, "Did this one arrive?");
  await expect(log(page).getByText("Sending…")).toBeVisible();
  await page.clock.runFor(12_000);
  await expect(page.getByText(CHAT_MESSAGES.sendFailed)).toBeVisible();
  await expect(composer(page)).toHaveValue("Did this one arrive?");

  await composer(page).press("Enter");
  await expectStored(page, "Did this one arrive?");
  await expect(log(page).getByText("Did this one arrive?", { exact: true })).toHaveCount(1);
  expect(sentIds).toHaveLength(2);
  expect(sentIds[1]).toBe(sentIds[0]);
  await expectOnceOnSupportSide(browser, baseURL ?? "", visitor.user.id, ["Did this one arrive?"]);
});

/**
 * The room stored a message and answered after the page had given up on it: the page shows the
 * stored message, and the person sending the text again (still in the composer) gets it
 * acknowledged, never a second copy, neither stored nor 'Sending…' on the page.
 */
test("a failed message whose answer comes late is shown once, also when it is sent again", async ({
  page,
  browser,
  baseURL,
}) => {
  const visitor = await newAccount(page, baseURL ?? "");
  const sentIds: string[] = [];
  // The frames the page has not been given yet, by type: the message's own, then the resend's ack.
  const held = new Map<string, () => void>();
  await routeChatSocket(page, sentIds, (message, toPage) => {
    const type = typeof message === "string" && message.startsWith("{") ? JSON.parse(message).type : null;
    if ((type !== "message" && type !== "ack") || held.has(type)) return false;
    held.set(type, () => toPage(message));
    return true;
  });
  await page.clock.install();
  await openConversation(page, SUPPORT_CHAT_PATH);

  await write(page, "Late but stored");
  await expect.poll(() => held.has("message")).toBe(true);
  await page.clock.runFor(12_000);
  await expect(page.getByText(CHAT_MESSAGES.sendFailed)).toBeVisible();
  await expect(composer(page)).toHaveValue("Late but stored");

  held.get("message")?.();
  await expectStored(page, "Late but stored");
  const copies = log(page).getByRole("listitem").filter({ hasText: "Late but stored" });
  // Sent again with the text still in the composer: once before the room answers, once after.
  await composer(page).press("Enter");
  await expect(composer(page)).toHaveValue("");
  await expect.poll(() => held.has("ack")).toBe(true);
  await expect(copies).toHaveCount(1);
  await expect(copies).toContainText(/Sent|Delivered|Read/);
  held.get("ack")?.();
  await expect(page.getByText(CHAT_MESSAGES.sendFailed)).toBeHidden();
  await expect(copies).toHaveCount(1);
  await expect(copies).toContainText(/Sent|Delivered|Read/);
  expect(sentIds).toHaveLength(2);
  expect(sentIds[1]).toBe(sentIds[0]);
  await expectOnceOnSupportSide(browser, baseURL ?? "", visitor.user.id, ["Late but stored"]);
});

/**
 * The room limits how fast a socket may ask for history: a page refused for now asks again for
 * the same place once the budget allows (HISTORY_RETRY_MS), rather than staying behind.
 */
test("a page whose history request is refused for now asks again for the same place", async ({ page, baseURL }) => {
  await newAccount(page, baseURL ?? "");
  const resumes: string[] = [];
  await page.routeWebSocket(CHAT_SOCKET, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (typeof message === "string" && message.includes('"type":"resume"')) {
        resumes.push(message);
        // The first is refused as the room refuses a socket over its history budget.
        if (resumes.length === 1) {
          ws.send(JSON.stringify({ type: "error", code: "history_limited", message: CHAT_MESSAGES.historyLimited }));
          return;
        }
      }
      server.send(message);
    });
  });
  await openConversation(page, SUPPORT_CHAT_PATH);
  await expect.poll(() => resumes.length).toBe(2);
  expect(resumes[1]).toBe(resumes[0]);
  await expect(page.getByText(CHAT_MESSAGES.historyLimited)).toHaveCount(0);
});
