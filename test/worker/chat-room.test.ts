import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pairIdFor } from "~/shared/pair-id";
import {
  type ChatMessage,
  HISTORY_BURST,
  HISTORY_PAGES_PER_SECOND,
  HISTORY_RETRY_MS,
  type ServerFrame,
} from "~/shared/schemas/chat-protocol";
import { insertUser } from "./support/accounts";
import { setLastActivity } from "./support/activity";
import {
  acked,
  answered,
  connect,
  endedSession,
  isAck,
  openChatSocket,
  openInboxSocket,
  storedChatImage,
  upgradeAnswer,
} from "./support/chat-sockets";
import { messageCount, readPosition } from "./support/room-state";
import { until } from "./support/until";

async function twoUsers() {
  const alice = await insertUser();
  const bob = await insertUser();
  return { alice, bob, pairId: pairIdFor(alice.user.id, bob.user.id) };
}

const messagesOf = (frames: ServerFrame[]) =>
  frames.flatMap((f) =>
    f.type === "message" ? [f.message] : f.type === "messages" ? f.messages : [],
  ) as ChatMessage[];

describe("opening a conversation", () => {
  it("refuses a signed-out visitor, a non-member, a foreign Origin and an idle-expired session before the upgrade", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const eve = await insertUser();
    expect((await openChatSocket(null, pairId)).status).toBe(401);
    expect((await openChatSocket(eve.cookie, pairId)).status).toBe(403);
    expect((await openChatSocket(alice.cookie, pairId, "https://evil.example")).status).toBe(403);
    expect((await openChatSocket(alice.cookie, pairId, null)).status).toBe(403);
    expect((await openChatSocket(alice.cookie, `${pairId}_x`)).status).toBe(403);
    expect((await openChatSocket(alice.cookie, pairIdFor(alice.user.id, "ghost"))).status).toBe(403);

    await setLastActivity(bob.user.id, Date.now() - 11 * 60 * 1000);
    expect(await upgradeAnswer(`/api/chats/${pairId}/ws`, bob.cookie)).toEqual(endedSession("inactivity"));
  });

  it("creates the chats registry row for the pair", async () => {
    const { alice, pairId } = await twoUsers();
    const { status } = await openChatSocket(alice.cookie, pairId);
    expect(status).toBe(101);
    const row = await env.DB.prepare("SELECT user_a, user_b FROM chats WHERE pair_id = ?").bind(pairId).first();
    expect(row).toEqual({ user_a: pairId.split("_")[0], user_b: pairId.split("_")[1] });
  });
});

describe("sending", () => {
  it("stores, acknowledges with a seq and delivers to the other member", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    const b = await connect(bob.cookie, pairId);
    a.send({ type: "send", clientId: "temp-1", text: "Hello, is anyone there?" });
    // The sender's copy of the message is its acknowledgement.
    expect((await acked(a, "temp-1")).seq).toBe(1);
    const delivered = await b.waitFor((f) => f.type === "message");
    expect(delivered).toMatchObject({
      type: "message",
      message: {
        seq: 1,
        clientId: "temp-1",
        senderId: alice.user.id,
        senderName: alice.user.username,
        text: "Hello, is anyone there?",
      },
    });
  });

  it("stores a resent clientId once and answers it with the original seq", async () => {
    const { alice, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    a.send({ type: "send", clientId: "temp-dup", text: "once" });
    const first = await a.waitFor(isAck("temp-dup"));
    a.send({ type: "send", clientId: "temp-dup", text: "once" });
    const again = await a.waitFor((f) => f.type === "ack" && f.clientId === "temp-dup", a.frames.indexOf(first) + 1);
    // The first send was a new message (its own frame); the resend is only acknowledged, as it was.
    expect(first).toMatchObject({ type: "message", message: { seq: 1, clientId: "temp-dup" } });
    const { seq, timestamp } = (first as Extract<ServerFrame, { type: "message" }>).message;
    expect(again).toEqual({ type: "ack", clientId: "temp-dup", seq, timestamp });
    expect(messagesOf(a.frames)).toHaveLength(1);
    expect(await messageCount(pairId)).toBe(1);
  });

  it("stores a message whose acknowledgement was lost once: its resend over a new socket is acknowledged with the original seq", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const b = await connect(bob.cookie, pairId);
    const a = await connect(alice.cookie, pairId);
    // The page's connection drops right after the send: its own copy (the acknowledgement) is lost.
    a.send({ type: "send", clientId: "temp-lost", text: "did this arrive?" });
    a.ws.close(1000, "tunnel");
    const stored = await b.waitFor((f) => f.type === "message" && f.message.clientId === "temp-lost");

    // Reconnected, the page sends it again with the same temp- id.
    const again = await connect(alice.cookie, pairId);
    again.send({ type: "send", clientId: "temp-lost", text: "did this arrive?" });
    const { seq, timestamp } = (stored as Extract<ServerFrame, { type: "message" }>).message;
    expect(await again.waitFor((f) => f.type === "ack")).toEqual({
      type: "ack",
      clientId: "temp-lost",
      seq,
      timestamp,
    });
    await answered(b);
    expect(messagesOf(b.frames)).toHaveLength(1);
    expect(messagesOf(again.frames)).toHaveLength(0);
    expect(await messageCount(pairId)).toBe(1);
  });

  it("keeps one strictly increasing order for concurrent senders, the same for both members", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    const b = await connect(bob.cookie, pairId);
    for (let i = 0; i < 15; i++) {
      a.send({ type: "send", clientId: `temp-a${i}`, text: `a${i}` });
      b.send({ type: "send", clientId: `temp-b${i}`, text: `b${i}` });
    }
    await a.waitFor(isAck("temp-a14"));
    await b.waitFor(isAck("temp-b14"));
    await b.waitFor((f) => f.type === "message" && f.message.clientId === "temp-a14");
    await a.waitFor((f) => f.type === "message" && f.message.clientId === "temp-b14");

    // Each side receives every message (its own copies are its acks) once, in seq order: 1..30.
    for (const [own, prefix] of [
      [a, "temp-a"],
      [b, "temp-b"],
    ] as const) {
      const received = messagesOf(own.frames);
      expect(received.map((m) => m.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      // Each sender's own messages are in the order it sent them.
      const mine = received.filter((m) => m.clientId.startsWith(prefix));
      expect(mine.map((m) => m.clientId)).toEqual(Array.from({ length: 15 }, (_, i) => `${prefix}${i}`));
    }
  });

  it("answers a 4,001-character text with an error frame, stores nothing, and the socket still works", async () => {
    const { alice, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    a.send({ type: "send", clientId: "temp-long", text: "x".repeat(4001) });
    const error = await a.waitFor((f) => f.type === "error");
    expect(error).toMatchObject({ code: "too_long", clientId: "temp-long" });
    a.send("this is not json");
    await a.waitFor((f) => f.type === "error" && f.code === "bad_frame");
    a.send({ type: "send", clientId: "temp-empty", text: "   " });
    await a.waitFor((f) => f.type === "error" && f.code === "empty");
    a.send({ type: "send", clientId: "temp-ok", text: "x".repeat(4000) });
    expect((await acked(a, "temp-ok")).seq).toBe(1);
  });

  it("accepts only an image the upload endpoint stored for this conversation", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    const image = await storedChatImage(pairId);
    const elsewhere = await storedChatImage(pairIdFor(alice.user.id, crypto.randomUUID()));
    const name = image.slice(image.lastIndexOf("/") + 1);
    const refused = [
      elsewhere,
      `/images/chats/${pairId}/../${pairIdFor(bob.user.id, crypto.randomUUID())}/${name}`,
      `/images/chats/${pairId}/%2e%2e/other/${name}`,
      `/images/chats/${pairId}/${crypto.randomUUID()}.png`,
      `/images/chats/${pairId}/x.png`,
      `/api/auth/sign-out?${name}`,
      `https://evil.example/images/chats/${pairId}/${name}`,
      `${image}?x=1`,
    ];
    for (const [i, imageUrl] of refused.entries()) {
      a.send({ type: "send", clientId: `temp-bad${i}`, text: "", imageUrl });
      expect(await a.waitFor((f) => f.type === "error" && f.clientId === `temp-bad${i}`)).toMatchObject({
        code: "bad_image",
      });
    }
    a.send({ type: "send", clientId: "temp-img", text: "", imageUrl: image });
    await a.waitFor(isAck("temp-img"));
    expect(await messageCount(pairId)).toBe(1);
  });

  it("slows down a sender who floods the conversation", async () => {
    const { alice, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    for (let i = 0; i < 40; i++) a.send({ type: "send", clientId: `temp-f${i}`, text: `flood ${i}` });
    await a.waitFor((f) => isAck("temp-f39")(f) || (f.type === "error" && f.clientId === "temp-f39"));
    const limited = a.frames.filter((f) => f.type === "error" && f.code === "rate_limited");
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.length + messagesOf(a.frames).length).toBe(40);
  });
});

describe("resuming", () => {
  it("gives a reconnecting client exactly what it missed, in order, once", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    let b = await connect(bob.cookie, pairId);
    a.send({ type: "send", clientId: "temp-0", text: "before" });
    await b.waitFor((f) => f.type === "message");
    b.ws.close(1000, "bye");

    for (let i = 1; i <= 5; i++) a.send({ type: "send", clientId: `temp-${i}`, text: `missed ${i}` });
    await a.waitFor(isAck("temp-5"));

    b = await connect(bob.cookie, pairId);
    b.send({ type: "resume", afterSeq: 1 });
    const page = await b.waitFor((f) => f.type === "messages");
    expect(page).toMatchObject({ mode: "resume", hasMore: false });
    expect(messagesOf([page]).map((m) => m.text)).toEqual(["missed 1", "missed 2", "missed 3", "missed 4", "missed 5"]);
    expect(messagesOf([page]).map((m) => m.seq)).toEqual([2, 3, 4, 5, 6]);
  });

  it("refuses a socket's flood of history requests with an error frame, and stays responsive to everyone", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    const b = await connect(bob.cookie, pairId);
    for (let i = 1; i <= 15; i++) a.send({ type: "send", clientId: `temp-h${i}`, text: `history ${i}` });
    await a.waitFor(isAck("temp-h15"));

    const started = Date.now();
    for (let i = 0; i < 200; i++) a.send({ type: "resume", afterSeq: 0 });
    // Meanwhile the other member's message is stored and reaches both.
    b.send({ type: "send", clientId: "temp-meanwhile", text: "still there?" });
    await b.waitFor(isAck("temp-meanwhile"));
    await a.waitFor((f) => f.type === "message" && f.message.clientId === "temp-meanwhile");
    await answered(a);
    const elapsedSeconds = (Date.now() - started) / 1000;

    const pages = a.frames.filter((f) => f.type === "messages");
    const refused = a.frames.filter((f) => f.type === "error");
    expect(pages.length + refused.length).toBe(200);
    // The burst, and what the budget gave back while the frames were handled.
    expect(pages.length).toBeGreaterThanOrEqual(HISTORY_BURST);
    expect(pages.length).toBeLessThanOrEqual(HISTORY_BURST + Math.ceil(elapsedSeconds * HISTORY_PAGES_PER_SECOND) + 1);
    expect(refused[0]).toEqual({
      type: "error",
      code: "history_limited",
      message: "The conversation is being loaded too quickly. Please wait a moment.",
    });

    // Asked again after the wait the page observes, the same socket gets its page.
    await new Promise((resolve) => setTimeout(resolve, HISTORY_RETRY_MS));
    const from = a.frames.length;
    a.send({ type: "resume", afterSeq: 14 });
    const page = await a.waitFor((f) => f.type === "messages" || f.type === "error", from);
    expect(messagesOf([page]).map((m) => m.text)).toEqual(["history 15", "still there?"]);

    // A reconnecting page has a budget of its own: its resume is answered at once.
    a.ws.close(1000, "reconnect");
    const again = await connect(alice.cookie, pairId);
    again.send({ type: "resume", afterSeq: 0 });
    const resumed = await again.waitFor((f) => f.type === "messages" || f.type === "error");
    expect(messagesOf([resumed])).toHaveLength(16);
  });

  it("still delivers to hibernated sockets after the room is evicted, and resumes from storage", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    const b = await connect(bob.cookie, pairId);
    a.send({ type: "send", clientId: "temp-1", text: "first" });
    await b.waitFor((f) => f.type === "message");

    await evictDurableObject(env.CHAT_ROOM.getByName(pairId));

    a.send({ type: "send", clientId: "temp-2", text: "after eviction" });
    const delivered = await b.waitFor((f) => f.type === "message" && f.message.clientId === "temp-2");
    expect(delivered).toMatchObject({ message: { seq: 2, text: "after eviction" } });
    b.send({ type: "resume", afterSeq: 0 });
    const page = await b.waitFor((f) => f.type === "messages");
    expect(messagesOf([page]).map((m) => m.seq)).toEqual([1, 2]);
  });
});

describe("read state", () => {
  it("keeps each member's last-read seq and tells the other member", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    const b = await connect(bob.cookie, pairId);
    a.send({ type: "send", clientId: "temp-1", text: "one" });
    a.send({ type: "send", clientId: "temp-2", text: "two" });
    await b.waitFor((f) => f.type === "message" && f.message.seq === 2);
    expect((await readPosition(pairId, bob.user.id)).read).toBe(0);

    b.send({ type: "read", upToSeq: 2 });
    expect(await a.waitFor((f) => f.type === "read")).toEqual({ type: "read", userId: bob.user.id, upToSeq: 2 });
    expect((await readPosition(pairId, bob.user.id)).read).toBe(2);
    b.send({ type: "read", upToSeq: 99 });
    await answered(b);
    expect((await readPosition(pairId, bob.user.id)).read).toBe(2);
  });

  it("counts a reply as reading the other member's messages before it, and tells them once", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    const b = await connect(bob.cookie, pairId);
    a.send({ type: "send", clientId: "temp-1", text: "one" });
    await b.waitFor((f) => f.type === "message" && f.message.seq === 1);
    b.send({ type: "send", clientId: "temp-2", text: "a reply" });
    expect(await a.waitFor((f) => f.type === "read")).toEqual({ type: "read", userId: bob.user.id, upToSeq: 2 });
    expect(await readPosition(pairId, bob.user.id)).toEqual({ read: 2, delivered: 2 });

    // A second reply covers nothing new of Alice's: she hears of the message, and of no reading.
    b.send({ type: "send", clientId: "temp-3", text: "and more" });
    await a.waitFor((f) => f.type === "message" && f.message.seq === 3);
    await answered(a);
    expect(a.frames.filter((f) => f.type === "read")).toHaveLength(1);
    // Alice answering covers Bob's two messages.
    a.send({ type: "send", clientId: "temp-4", text: "hello" });
    expect(await b.waitFor((f) => f.type === "read")).toEqual({ type: "read", userId: alice.user.id, upToSeq: 4 });
  });

  it("tells the sender when the other member's device has a message, and reading implies it", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    const b = await connect(bob.cookie, pairId);
    a.send({ type: "send", clientId: "temp-1", text: "one" });
    a.send({ type: "send", clientId: "temp-2", text: "two" });
    await b.waitFor((f) => f.type === "message" && f.message.seq === 2);

    b.send({ type: "delivered", upToSeq: 1 });
    expect(await a.waitFor((f) => f.type === "delivered")).toEqual({
      type: "delivered",
      userId: bob.user.id,
      upToSeq: 1,
    });
    // Never beyond the newest message, never backwards.
    b.send({ type: "delivered", upToSeq: 50 });
    await a.waitFor((f) => f.type === "delivered" && f.upToSeq === 2);
    b.send({ type: "delivered", upToSeq: 1 });
    await answered(b);
    expect((await readPosition(pairId, bob.user.id)).delivered).toBe(2);

    a.send({ type: "send", clientId: "temp-3", text: "three" });
    await b.waitFor((f) => f.type === "message" && f.message.seq === 3);
    b.send({ type: "read", upToSeq: 3 });
    await a.waitFor((f) => f.type === "read" && f.upToSeq === 3);
    expect((await readPosition(pairId, bob.user.id)).delivered).toBe(3);
  });

  it("gives a (re)connecting sender the other member's receipts", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    const b = await connect(bob.cookie, pairId);
    for (const n of [1, 2, 3]) a.send({ type: "send", clientId: `temp-${n}`, text: `message ${n}` });
    await b.waitFor((f) => f.type === "message" && f.message.seq === 3);
    b.send({ type: "read", upToSeq: 1 });
    b.send({ type: "delivered", upToSeq: 3 });
    await a.waitFor((f) => f.type === "delivered" && f.upToSeq === 3);
    a.ws.close(1000, "reload");

    const again = await connect(alice.cookie, pairId);
    again.send({ type: "resume", afterSeq: 0 });
    expect(await again.waitFor((f) => f.type === "delivered")).toEqual({
      type: "delivered",
      userId: bob.user.id,
      upToSeq: 3,
    });
    expect(await again.waitFor((f) => f.type === "read")).toEqual({ type: "read", userId: bob.user.id, upToSeq: 1 });
  });
});

describe("the contact's presence", () => {
  it("comes from the contact's inbox: offline with when they were last seen, online while a page of theirs is open", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    // Bob has never had a page open (alice's own socket is no sign of him): offline, never seen.
    a.send({ type: "presence" });
    const offline = await a.waitFor((f) => f.type === "presence");
    expect(offline).toEqual({ type: "presence", userId: bob.user.id, online: false, lastSeen: null });

    // Bob opens the conversation: alice hears at once, without asking.
    const seen = a.frames.length;
    const b = await connect(bob.cookie, pairId);
    expect(await a.waitFor((f) => f.type === "presence", seen)).toEqual({
      type: "presence",
      userId: bob.user.id,
      online: true,
      lastSeen: null,
    });

    // His app-wide socket counts as well, and its closing records when he was last seen.
    const bobInbox = await openInboxSocket(bob.cookie);
    await until(() => bobInbox.frames.length >= 1);
    expect(await env.USER_INBOX.getByName(bob.user.id).presence()).toEqual({ online: true, lastSeen: null });
    const before = Date.now();
    bobInbox.ws?.close(1000, "tab closed");
    await until(async () => !(await env.USER_INBOX.getByName(bob.user.id).presence()).online);
    const after = await env.USER_INBOX.getByName(bob.user.id).presence();
    expect(after.lastSeen).toBeGreaterThanOrEqual(before);
    b.ws?.close(1000, "done");
  });

  it("records when someone was last seen as their conversation page closes, even before their inbox socket connected", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const a = await connect(alice.cookie, pairId);
    const b = await connect(bob.cookie, pairId);
    const bobInbox = env.USER_INBOX.getByName(bob.user.id);
    expect(await bobInbox.presence()).toEqual({ online: false, lastSeen: null });
    b.ws.close(1000, "tab closed");
    await until(async () => (await bobInbox.presence()).lastSeen !== null);
    a.send({ type: "presence" });
    expect(await a.waitFor((f) => f.type === "presence" && !f.online)).toMatchObject({ online: false });
  });

  it("answers each member about the other one", async () => {
    const { alice, bob, pairId } = await twoUsers();
    const b = await connect(bob.cookie, pairId);
    b.send({ type: "presence" });
    const frame = await b.waitFor((f) => f.type === "presence");
    expect(frame).toMatchObject({ type: "presence", userId: alice.user.id });
  });
});
