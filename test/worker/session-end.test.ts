import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SESSION_TIMEOUT_MS } from "~/shared/inactivity";
import { pairIdFor } from "~/shared/pair-id";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import { suspendAccount } from "../../worker/accounts/suspension";
import { insertUser, withSessionCache } from "./support/accounts";
import { setLastActivity } from "./support/activity";
import { APP_ORIGIN, postJson, requestResetToken, sessionCookie } from "./support/auth-requests";
import {
  type Closed,
  closing,
  connect,
  endedSession,
  isAck,
  openInboxSocket,
  type TestSocket,
  upgradeAnswer,
} from "./support/chat-sockets";
import { messageCount } from "./support/room-state";
import { until } from "./support/until";

async function inboxSocket(cookie: string) {
  const inbox = await openInboxSocket(cookie);
  if (!inbox.ws) throw new Error(`the inbox upgrade was refused with ${inbox.status}`);
  await until(() => inbox.frames.length >= 1);
  return { ...inbox, ws: inbox.ws };
}

/**
 * Alice has a conversation and her inbox open, Bob has the conversation open. `end` ends Alice's
 * session one way; afterwards both her sockets must close within a second with the reason, and
 * what she sends on the old chat socket must be neither stored nor delivered to Bob.
 */
async function expectSocketsClosedBy(
  reason: string,
  end: (alice: Awaited<ReturnType<typeof insertUser>>) => Promise<unknown>,
) {
  const alice = await insertUser();
  const bob = await insertUser();
  const pairId = pairIdFor(alice.user.id, bob.user.id);
  const aliceChat = await connect(alice.cookie, pairId);
  const aliceInbox = await inboxSocket(alice.cookie);
  const bobChat = await connect(bob.cookie, pairId);
  aliceChat.send({ type: "send", clientId: "temp-before", text: "Before the end" });
  await aliceChat.waitFor(isAck("temp-before"));
  const chatClosed = closing(aliceChat.ws);
  const inboxClosed = closing(aliceInbox.ws);

  await end(alice);
  try {
    aliceChat.send({ type: "send", clientId: "temp-after", text: "After the end" });
  } catch {
    // The socket may already know it is closed; either way nothing may arrive.
  }
  expect(await chatClosed()).toEqual({ code: CLOSE_CODES.sessionEnded, reason });
  expect(await inboxClosed()).toEqual({ code: CLOSE_CODES.sessionEnded, reason });

  // Bob's own message is acknowledged after anything Alice's old socket sent before it.
  bobChat.send({ type: "send", clientId: "temp-bob", text: "Still here" });
  await bobChat.waitFor(isAck("temp-bob"));
  expect(await messageCount(pairId)).toBe(2);
  expect(
    bobChat.frames.filter((f) => f.type === "message").map((f) => (f.type === "message" ? f.message.text : "")),
  ).toEqual(["Before the end", "Still here"]);
  return { alice, bob, pairId, aliceChat, bobChat };
}

async function signIn(email: string, password: string) {
  const response = await postJson("/api/auth/sign-in/email", { email, password });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

describe("ending a session ends its sockets everywhere", () => {
  it("sign-out closes the chat and inbox sockets opened with that session", async () => {
    await expectSocketsClosedBy("signed-out", async (alice) => {
      expect((await postJson("/api/auth/sign-out", {}, { cookie: alice.cookie })).status).toBe(200);
    });
  });

  it("a password reset closes every socket of the account", async () => {
    await expectSocketsClosedBy("password-reset", async (alice) => {
      const token = await requestResetToken(alice.email);
      const reset = await postJson("/api/auth/reset-password", { token, newPassword: "a new password" });
      expect(reset.status).toBe(200);
    });
  });

  it("the forced inactivity logout closes them", async () => {
    await expectSocketsClosedBy("inactivity", async (alice) => {
      expect((await postJson("/api/session/expire", {}, { cookie: alice.cookie })).status).toBe(200);
    });
  });

  it("the server finding the session idle on a request closes them", async () => {
    await expectSocketsClosedBy("inactivity", async (alice) => {
      await setLastActivity(alice.user.id, Date.now() - SESSION_TIMEOUT_MS - 1000);
      const refused = await postJson("/api/session/activity", { idleMs: 0 }, { cookie: alice.cookie });
      expect(refused.status).toBe(401);
    });
  });

  it("suspending the account closes them, and its sign-in says it is suspended", async () => {
    const { alice } = await expectSocketsClosedBy("suspended", (alice) => suspendAccount(alice.user.id));
    const refused = await postJson("/api/auth/sign-in/email", { email: alice.email, password: alice.password });
    expect(refused.status).toBe(403);
    // Suspended without a recorded reason: the message still says where to appeal.
    expect(await refused.json()).toMatchObject({
      message: "This account has been suspended. To appeal, email support@kindred.example.",
    });
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?")
      .bind(alice.user.id)
      .first<{ n: number }>();
    expect(sessions?.n).toBe(0);
  });

  it("sockets close when their session passes its idle deadline, with nobody making a request", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    // Last active almost 10 minutes ago: the deadline is 1.5 s away.
    await setLastActivity(alice.user.id, Date.now() - SESSION_TIMEOUT_MS + 1500);
    const aliceChat = await connect(alice.cookie, pairId);
    const aliceInbox = await inboxSocket(alice.cookie);
    const closed = new Promise<Closed[]>((resolve) => {
      const seen: Closed[] = [];
      for (const ws of [aliceChat.ws, aliceInbox.ws]) {
        ws.addEventListener("close", (event) => {
          seen.push({ code: event.code, reason: event.reason });
          if (seen.length === 2) resolve(seen);
        });
      }
    });
    expect(await closed).toEqual([
      { code: CLOSE_CODES.sessionEnded, reason: "inactivity" },
      { code: CLOSE_CODES.sessionEnded, reason: "inactivity" },
    ]);
    const record = await env.DB.prepare("SELECT last_activity, reason FROM user_sessions WHERE user_id = ?")
      .bind(alice.user.id)
      .first();
    expect(record).toEqual({ last_activity: 0, reason: "inactivity_timeout" });
  });

  it("activity meanwhile keeps a session's sockets open past the deadline they were opened with", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    const openedDeadline = Date.now() + 1000;
    await setLastActivity(alice.user.id, openedDeadline - SESSION_TIMEOUT_MS);
    const aliceChat = await connect(alice.cookie, pairId);
    const aliceInbox = await inboxSocket(alice.cookie);
    // The heartbeat of another page moves the recorded activity to now.
    expect((await postJson("/api/session/activity", { idleMs: 0 }, { cookie: alice.cookie })).status).toBe(200);
    await until(() => Date.now() > openedDeadline + 500, 3000);

    aliceChat.send({ type: "send", clientId: "temp-later", text: "Still talking" });
    await aliceChat.waitFor(isAck("temp-later"));
    expect(aliceChat.ws.readyState).toBe(WebSocket.OPEN);
    expect(aliceInbox.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("signing out on one device leaves the other device's sockets open; a reset closes both", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    const phone = alice.cookie;
    const laptop = await signIn(alice.email, alice.password);
    const phoneChat = await connect(phone, pairId);
    const laptopChat = await connect(laptop, pairId);
    const laptopInbox = await inboxSocket(laptop);
    const phoneClosed = closing(phoneChat.ws);

    await postJson("/api/auth/sign-out", {}, { cookie: phone });
    expect(await phoneClosed()).toEqual({ code: CLOSE_CODES.sessionEnded, reason: "signed-out" });
    laptopChat.send({ type: "send", clientId: "temp-laptop", text: "From the laptop" });
    await laptopChat.waitFor(isAck("temp-laptop"));

    const laptopChatClosed = closing(laptopChat.ws);
    const laptopInboxClosed = closing(laptopInbox.ws);
    const token = await requestResetToken(alice.email);
    await postJson("/api/auth/reset-password", { token, newPassword: "another password" });
    expect(await laptopChatClosed()).toMatchObject({ reason: "password-reset" });
    expect(await laptopInboxClosed()).toMatchObject({ reason: "password-reset" });
  });

  it("an ended session's page is told why when it opens a socket again, and a new sign-in can open one", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    // What a page's browser sends: the session and better-auth's signed cache of it.
    const browserCookies = await withSessionCache(alice.cookie);
    await postJson("/api/auth/sign-out", {}, { cookie: alice.cookie });
    // A page whose socket was away when the session ended (reconnecting, not yet open) learns it on
    // its next attempt, as an open socket would have, and so leaves instead of retrying for ever.
    for (const path of [`/api/chats/${pairId}/ws`, "/api/inbox/ws"]) {
      expect(await upgradeAnswer(path, browserCookies), path).toEqual(endedSession("signed-out"));
    }
    // A cookie of no session this server ever ended is refused plainly.
    const forged = await exports.default.fetch(`${APP_ORIGIN}/api/inbox/ws`, {
      headers: { Upgrade: "websocket", Origin: APP_ORIGIN, Cookie: "kindred.session_token=made-up.c2lnbmF0dXJl" },
    });
    expect(forged.status).toBe(401);

    const again = await signIn(alice.email, alice.password);
    const chat: TestSocket = await connect(again, pairId);
    chat.send({ type: "send", clientId: "temp-back", text: "Back again" });
    await chat.waitFor(isAck("temp-back"));
  });

  it("a page whose sockets were away during a password reset is told so when they come back", async () => {
    const alice = await insertUser();
    const browserCookies = await withSessionCache(alice.cookie);
    const token = await requestResetToken(alice.email);
    expect((await postJson("/api/auth/reset-password", { token, newPassword: "a new password" })).status).toBe(200);
    expect(await upgradeAnswer("/api/inbox/ws", browserCookies)).toEqual(endedSession("password-reset"));
  });

  it("a room refuses an upgrade whose session ended while it was on its way", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    const session = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ?")
      .bind(alice.user.id)
      .first<{ id: string }>();
    // The Worker checked this session a moment ago; then the user signed out.
    await env.USER_INBOX.getByName(alice.user.id).endSessions({
      reason: "signed-out",
      sessionIds: [session?.id ?? ""],
      everySession: false,
    });
    const response = await env.CHAT_ROOM.getByName(pairId).fetch(
      new Request(`${APP_ORIGIN}/api/chats/${pairId}/ws`, {
        headers: {
          Upgrade: "websocket",
          "X-Kindred-User-Id": alice.user.id,
          "X-Kindred-User-Name": alice.user.username,
          "X-Kindred-Pair-Id": pairId,
          "X-Kindred-Session-Id": session?.id ?? "",
          "X-Kindred-Idle-Deadline": String(Date.now() + SESSION_TIMEOUT_MS),
          "X-Kindred-Session-Started-At": String(Date.now() - 10),
        },
      }),
    );
    const ws = response.webSocket;
    if (!ws) throw new Error(`expected a socket that closes at once, got ${response.status}`);
    const closed = closing(ws);
    ws.accept();
    expect(await closed()).toEqual({ code: CLOSE_CODES.sessionEnded, reason: "signed-out" });
    expect(await messageCount(pairId)).toBe(0);
  });
});
