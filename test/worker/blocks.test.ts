import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pairIdFor } from "~/shared/pair-id";
import { BLOCK_TEXTS } from "~/shared/safety";
import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import { findUsersByUsername } from "../../worker/accounts/search-users";
import { blockedFrame, REOPENED_CLOSE } from "../../worker/chat/closed-conversation";
import { BlockError, blockStateBetween, blockUser, listBlockedPeople, unblockUser } from "../../worker/safety/blocks";
import { pngWithMetadata } from "../unit/images/fixtures";
import { insertAdmin, insertUser } from "./support/accounts";
import { APP_ORIGIN } from "./support/auth-requests";
import { closing, connect, isAck, storedChatImage } from "./support/chat-sockets";
import { EMAIL_GRACE_MS, runInboxAlarmAfter } from "./support/inbox-alarm";
import { messageCount } from "./support/room-state";
import { until } from "./support/until";

type Person = Awaited<ReturnType<typeof insertUser>>;

const blockedError = (frame: ServerFrame) => frame.type === "error" && frame.code === "blocked";
const isError = (clientId: string) => (frame: ServerFrame) => frame.type === "error" && frame.clientId === clientId;
const isPage = (frame: ServerFrame): frame is Extract<ServerFrame, { type: "messages" }> => frame.type === "messages";
const textsOf = (page: Extract<ServerFrame, { type: "messages" }>) => page.messages.map((m) => m.text);

/** A is about to be blocked by B: they talk first, so the room, both inboxes and a pending email exist. */
async function conversation() {
  const a = await insertUser();
  const b = await insertUser();
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
  it("keeps the conversation readable for both on their open sockets, and refuses every send with the same message", async () => {
    const { a, b, pairId, aChat } = await conversation();
    const bChat = await connect(b.cookie, pairId);
    const imageUrl = await storedChatImage(pairId);
    bChat.send({ type: "send", clientId: "temp-photo", text: "", imageUrl });
    await bChat.waitFor(isAck("temp-photo"));

    await blockUser(b.user.id, a.user.id);

    // Both are told, and both sockets stay open to read.
    expect(await aChat.waitFor(blockedError)).toEqual(blockedFrame());
    expect(await bChat.waitFor(blockedError)).toEqual(blockedFrame());
    const aSinceBlock = aChat.frames.length;
    const bSinceBlock = bChat.frames.length;
    for (const chat of [aChat, bChat]) {
      const from = chat.frames.length;
      chat.send({ type: "resume", afterSeq: 0 });
      expect(textsOf(await chat.waitFor(isPage, from))).toEqual(["Hello from A", ""]);
      expect(chat.ws.readyState).toBe(WebSocket.OPEN);
    }
    // The conversation's images stay readable by both while its history is shown.
    for (const person of [a, b]) {
      const image = await exports.default.fetch(`${APP_ORIGIN}${imageUrl}`, { headers: { Cookie: person.cookie } });
      expect(image.status).toBe(200);
    }

    // Neither can write: each send is answered with the same neutral message, and nothing is stored.
    aChat.send({ type: "send", clientId: "temp-a-after", text: "Let me in" });
    expect(await aChat.waitFor(isError("temp-a-after"))).toEqual(blockedFrame("temp-a-after"));
    bChat.send({ type: "send", clientId: "temp-b-after", text: "Not you" });
    expect(await bChat.waitFor(isError("temp-b-after"))).toEqual(blockedFrame("temp-b-after"));
    expect(await messageCount(pairId)).toBe(2);

    // Typing and presence reach nobody: A's next answer comes after anything B's frames caused.
    bChat.send({ type: "typing", typing: true });
    bChat.send({ type: "presence" });
    let from = bChat.frames.length;
    bChat.send({ type: "resume", afterSeq: 2 });
    await bChat.waitFor(isPage, from);
    from = aChat.frames.length;
    aChat.send({ type: "presence" });
    aChat.send({ type: "resume", afterSeq: 2 });
    await aChat.waitFor(isPage, from);
    expect(aChat.frames.slice(aSinceBlock).filter((f) => f.type === "typing" || f.type === "presence")).toEqual([]);
    expect(bChat.frames.slice(bSinceBlock).filter((f) => f.type === "presence")).toEqual([]);

    // A new socket opens read-only: told at once, then answered with the history, still refused a send.
    const again = await connect(a.cookie, pairId);
    expect(again.frames[0] ?? (await again.waitFor(blockedError))).toEqual(blockedFrame());
    again.send({ type: "resume", afterSeq: 0 });
    expect(textsOf(await again.waitFor(isPage))).toEqual(["Hello from A", ""]);
    again.send({ type: "send", clientId: "temp-again", text: "Once more" });
    expect(await again.waitFor(isError("temp-again"))).toEqual(blockedFrame("temp-again"));
    expect(await messageCount(pairId)).toBe(2);

    // Unblocking closes the sockets the ordinary way, so pages reconnect to an open conversation.
    const closings = [aChat, bChat, again].map((chat) => closing(chat.ws));
    await unblockUser(b.user.id, a.user.id);
    for (const closed of closings) expect(await closed()).toEqual(REOPENED_CLOSE);
  });

  it("refuses a send that reaches the room after the block, even on a socket opened before it", async () => {
    const { a, b, pairId, room } = await conversation();
    const aChat = await connect(a.cookie, pairId);
    // As if the block landed while this frame was on its way: only the room's own copy says closed
    // (D1 does not), and the page sends as if it had not heard of it.
    await room.setBlocked(b.user.id, a.user.id, true);
    aChat.send({ type: "send", clientId: "temp-late", text: "Too late" });
    expect(await aChat.waitFor(isError("temp-late"))).toEqual(blockedFrame("temp-late"));
    expect(await messageCount(pairId)).toBe(1);
    // The socket still reads.
    aChat.send({ type: "resume", afterSeq: 0 });
    expect(textsOf(await aChat.waitFor(isPage))).toEqual(["Hello from A"]);
  });

  it("is enforced at the Worker's gate from D1 alone", async () => {
    const a = await insertUser();
    const b = await insertUser();
    const pairId = pairIdFor(a.user.id, b.user.id);
    await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)").bind(b.user.id, a.user.id).run();
    const socket = await connect(a.cookie, pairId);
    expect(await socket.waitFor(blockedError)).toEqual(blockedFrame());
    socket.send({ type: "send", clientId: "temp-gate", text: "Hello?" });
    expect(await socket.waitFor(isError("temp-gate"))).toEqual(blockedFrame("temp-gate"));
    expect(await messageCount(pairId)).toBe(0);
    // A conversation that can get no message gets no registry row either.
    const row = await env.DB.prepare("SELECT 1 FROM chats WHERE pair_id = ?").bind(pairId).first();
    expect(row).toBeNull();
  });

  it("takes no new image into the closed conversation, from either member", async () => {
    const { a, b, pairId } = await conversation();
    await blockUser(a.user.id, b.user.id);
    for (const person of [a, b]) {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(pngWithMetadata())], { type: "image/png" }), "photo.png");
      form.append("pairId", pairId);
      const response = await exports.default.fetch(`${APP_ORIGIN}/api/uploads?purpose=chat`, {
        method: "POST",
        headers: { Origin: APP_ORIGIN, Cookie: person.cookie },
        body: form,
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ code: "blocked", message: BLOCK_TEXTS.cannotMessage });
    }
    expect((await env.IMAGES.list({ prefix: `chats/${pairId}/` })).objects).toHaveLength(0);
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
    expect(await runInboxAlarmAfter(b.user.id, EMAIL_GRACE_MS + 1)).toBe(true);
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
    const a = await insertUser();
    const b = await insertUser();
    const admin = await insertAdmin();
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
    const a = await insertUser();
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
