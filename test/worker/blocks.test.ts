import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pairIdFor } from "../../app/lib/pair-id";
import { BLOCK_TEXTS, CONVERSATION_CLOSED_CLOSE_CODE } from "../../app/lib/safety";
import { findUsersByUsername } from "../../worker/accounts/search-users";
import { EMAIL_GRACE_MS } from "../../worker/inbox/user-inbox";
import { BlockError, blockStateBetween, blockUser, listBlockedPeople, unblockUser } from "../../worker/safety/blocks";
import { APP_ORIGIN, signUpAdmin, signUpUser } from "./support/auth-requests";
import { closing, connect, isAck, openChatSocket } from "./support/chat-sockets";
import { messageCount } from "./support/room-state";
import { until } from "./support/until";

type Person = Awaited<ReturnType<typeof signUpUser>>;

const blockedError = (frame: { type: string; code?: string }) => frame.type === "error" && frame.code === "blocked";

/** A is about to be blocked by B: they talk first, so the room, both inboxes and a pending email exist. */
async function conversation() {
  const a = await signUpUser();
  const b = await signUpUser();
  const pairId = pairIdFor(a.user.id, b.user.id);
  const aChat = await connect(a.cookie, pairId);
  aChat.send({ type: "send", clientId: "temp-hello", text: "Hello from A" });
  await aChat.waitFor(isAck("temp-hello"));
  const inbox = env.USER_INBOX.getByName(b.user.id);
  await until(async () => (await inbox.unreadCount()) === 1);
  return { a, b, pairId, aChat, inbox, room: env.CHAT_ROOM.getByName(pairId) };
}

async function emailsTo(person: Person): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM email_outbox WHERE "to" = ?')
    .bind(person.email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("blocking someone", () => {
  it("closes the blocked person's open socket with a clear error, and refuses their upgrade and sends", async () => {
    const { a, b, pairId, aChat } = await conversation();
    const bChat = await connect(b.cookie, pairId);
    const aClosed = closing(aChat.ws);
    const bClosed = closing(bChat.ws);

    await blockUser(b.user.id, a.user.id);

    expect(await aClosed()).toEqual({ code: CONVERSATION_CLOSED_CLOSE_CODE, reason: "blocked" });
    expect(await bClosed()).toEqual({ code: CONVERSATION_CLOSED_CLOSE_CODE, reason: "blocked" });
    expect(await aChat.waitFor(blockedError)).toMatchObject({ message: BLOCK_TEXTS.cannotMessage });

    // A new upgrade is answered with the same error and closed: the page shows it instead of retrying.
    const again = await openChatSocket(a.cookie, pairId);
    expect(again.status).toBe(101);
    if (!again.socket) throw new Error("expected the refusal to come over a socket");
    const againClosed = closing(again.socket.ws);
    expect(await again.socket.waitFor(blockedError)).toMatchObject({ message: BLOCK_TEXTS.cannotMessage });
    expect(await againClosed()).toEqual({ code: CONVERSATION_CLOSED_CLOSE_CODE, reason: "blocked" });
    try {
      again.socket.send({ type: "send", clientId: "temp-after", text: "Let me in" });
    } catch {
      // Closed already: either way nothing may be stored.
    }
    expect(await messageCount(pairId)).toBe(1);
  });

  it("refuses a send that reaches the room after the block, even on a socket still open", async () => {
    const { a, pairId, room } = await conversation();
    const aChat = await connect(a.cookie, pairId);
    // As if the block landed while this frame was on its way: the room's own copy says closed.
    // The row alone, without setBlock's closing of the sockets; the room keeps whether it is closed in
    // memory (read once per frame would cost every message a query), so that copy is dropped too.
    await runInDurableObject(room, async (instance, state) => {
      state.storage.sql.exec("INSERT INTO blocks (blocker_id, blocked_id) VALUES ('x', 'y')");
      Reflect.set(instance, "closed", undefined);
    });
    const closed = closing(aChat.ws);
    aChat.send({ type: "send", clientId: "temp-late", text: "Too late" });
    expect(await aChat.waitFor(blockedError)).toMatchObject({ clientId: "temp-late" });
    expect((await closed()).code).toBe(CONVERSATION_CLOSED_CLOSE_CODE);
    expect(await messageCount(pairId)).toBe(1);
  });

  it("is enforced at the Worker's gate from D1 alone", async () => {
    const a = await signUpUser();
    const b = await signUpUser();
    await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)").bind(b.user.id, a.user.id).run();
    const { socket } = await openChatSocket(a.cookie, pairIdFor(a.user.id, b.user.id));
    if (!socket) throw new Error("expected the refusal to come over a socket");
    expect(await socket.waitFor(blockedError)).toMatchObject({ message: BLOCK_TEXTS.cannotMessage });
    // Nothing of the room was reached: it never learned who the pair is.
    expect(await messageCount(pairIdFor(a.user.id, b.user.id))).toBe(0);
  });

  it("takes the conversation out of the blocker's chats, badge and email, and nothing later reaches them", async () => {
    const { a, b, pairId, inbox } = await conversation();
    expect((await inbox.list()).map((chat) => chat.contactId)).toEqual([a.user.id]);

    await blockUser(b.user.id, a.user.id);
    expect(await inbox.list()).toEqual([]);
    expect(await inbox.unreadCount()).toBe(0);

    // An update the room had already sent on its way arrives after the block: it is dropped.
    await inbox.recordMessage({
      pairId,
      contactId: a.user.id,
      contactName: a.user.username,
      seq: 2,
      preview: "In flight",
      timestamp: Date.now(),
      unread: true,
    });
    expect(await inbox.list()).toEqual([]);
    expect(await inbox.unreadCount()).toBe(0);
    // B was away, so an email was owed for the first message: the block cancels it.
    expect(await inbox.sendDueEmails(Date.now() + EMAIL_GRACE_MS + 1)).toBe(0);
    expect(await emailsTo(b)).toBe(0);

    // Unblocking brings the conversation back as it was before the block (the dropped update stays dropped).
    await unblockUser(b.user.id, a.user.id);
    expect((await inbox.list()).map((chat) => chat.lastMessage)).toEqual(["Hello from A"]);
    expect(await blockStateBetween(b.user.id, a.user.id)).toBe("none");
    const aChat = await connect(a.cookie, pairId);
    aChat.send({ type: "send", clientId: "temp-again", text: "Talking again" });
    await aChat.waitFor(isAck("temp-again"));
  });

  it("hides the blocker from the blocked person's search, while the admin still finds everyone", async () => {
    const a = await signUpUser();
    const b = await signUpUser();
    const admin = await signUpAdmin();
    expect((await findUsersByUsername(b.user.username, a.user.id)).map((u) => u.id)).toEqual([b.user.id]);

    await blockUser(b.user.id, a.user.id);
    await blockUser(b.user.id, admin.user.id);
    expect(await findUsersByUsername(b.user.username, a.user.id)).toEqual([]);
    // The blocker still finds the person they blocked (to unblock or report them).
    expect((await findUsersByUsername(a.user.username, b.user.id)).map((u) => u.id)).toEqual([a.user.id]);
    const response = await exports.default.fetch(
      `${APP_ORIGIN}/api/admin/users/search?q=${encodeURIComponent(b.user.username)}`,
      { headers: { Cookie: admin.cookie } },
    );
    expect(((await response.json()) as { users: { id: string }[] }).users.map((u) => u.id)).toEqual([b.user.id]);
    expect((await listBlockedPeople(b.user.id)).map((p) => p.username).sort()).toEqual(
      [a.user.username, admin.user.username].sort(),
    );
  });

  it("never blocks the support account, nor oneself", async () => {
    const a = await signUpUser();
    await expect(blockUser(a.user.id, env.SUPPORT_USER_ID)).rejects.toThrow(
      new BlockError(BLOCK_TEXTS.cannotBlockSupport),
    );
    await expect(blockUser(a.user.id, a.user.id)).rejects.toThrow(new BlockError(BLOCK_TEXTS.cannotBlockYourself));
    // A forged id (even one shaped to break a pair id) is refused before any room is woken.
    await expect(blockUser(a.user.id, "no_such-person")).rejects.toThrow(new BlockError(BLOCK_TEXTS.unknownPerson));
    expect(await unblockUser(a.user.id, "no_such-person")).toBeNull();
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM blocks WHERE blocker_id = ?")
      .bind(a.user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});
