import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pairIdFor } from "~/shared/pair-id";
import { insertUser } from "./support/accounts";
import { postJson } from "./support/auth-requests";
import { connect, isAck, openInboxSocket } from "./support/chat-sockets";
import { runInboxAlarmAfter } from "./support/inbox-alarm";
import { readPosition } from "./support/room-state";
import { until } from "./support/until";

const isOnline = async (userId: string) => (await presenceRow(userId))?.is_online;
const presenceRow = (userId: string) =>
  env.DB.prepare("SELECT is_online, last_seen FROM users WHERE id = ?")
    .bind(userId)
    .first<{ is_online: number; last_seen: number }>();
/** The sockets the user's inbox holds open: it has seen a page go once the count drops. */
const openSocketsInInbox = (userId: string) =>
  runInDurableObject(
    env.USER_INBOX.getByName(userId),
    (_inbox, state) => state.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN).length,
  );

describe("the inbox socket", () => {
  it("is refused to a signed-out visitor and to another site", async () => {
    const alice = await insertUser();
    expect((await openInboxSocket(null)).status).toBe(401);
    expect((await openInboxSocket(alice.cookie, "https://evil.example")).status).toBe(403);
  });

  it("pushes the badge count and the list live, with a new-message event for the recipient", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const inbox = await openInboxSocket(bob.cookie);
    await until(() => inbox.frames.length >= 1);
    expect(inbox.frames[0]).toEqual({ type: "inbox", unread: 0, chats: [] });

    const a = await connect(alice.cookie, pairIdFor(alice.user.id, bob.user.id));
    a.send({ type: "send", clientId: "temp-1", text: "Are you free to talk?" });
    await a.waitFor(isAck("temp-1"));
    await until(() => inbox.frames.some((f) => (f as { type: string }).type === "new-message"));
    expect(inbox.frames).toContainEqual(
      expect.objectContaining({
        type: "inbox",
        unread: 1,
        chats: [expect.objectContaining({ lastMessage: "Are you free to talk?" })],
      }),
    );
    expect(inbox.frames).toContainEqual({
      type: "new-message",
      contactId: alice.user.id,
      contactName: alice.user.username,
      preview: "Are you free to talk?",
      pairId: pairIdFor(alice.user.id, bob.user.id),
      seq: 1,
    });
  });

  it("passes a page's receipt of a new message on to the sender as 'delivered'", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    const inbox = await openInboxSocket(bob.cookie);
    const a = await connect(alice.cookie, pairId);
    a.send({ type: "send", clientId: "temp-1", text: "Did this reach you?" });
    await until(() => inbox.frames.some((f) => (f as { type: string }).type === "new-message"));

    inbox.ws?.send(JSON.stringify({ type: "delivered", pairId, seq: 1 }));
    expect(await a.waitFor((f) => f.type === "delivered")).toEqual({
      type: "delivered",
      userId: bob.user.id,
      upToSeq: 1,
    });
    expect((await readPosition(pairId, bob.user.id)).delivered).toBe(1);
  });

  it("answers a bad frame with an error and ignores receipts for conversations it does not hold", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const carol = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    const a = await connect(alice.cookie, pairId);
    a.send({ type: "send", clientId: "temp-1", text: "Only for Bob" });
    await a.waitFor(isAck("temp-1"));

    const inbox = await openInboxSocket(carol.cookie);
    await until(() => inbox.frames.length >= 1);
    inbox.ws?.send("{not json");
    inbox.ws?.send(JSON.stringify({ type: "delivered", pairId, seq: -1 }));
    await until(() => inbox.frames.filter((f) => (f as { type: string }).type === "error").length === 2);
    // Carol is not a member: her inbox does not know the pair, and Bob's receipt is not hers to give.
    inbox.ws?.send(JSON.stringify({ type: "delivered", pairId, seq: 1 }));
    // Frames are handled in order: once a bad frame sent after it is answered, the receipt was handled.
    inbox.ws?.send("{not json");
    await until(() => inbox.frames.filter((f) => (f as { type: string }).type === "error").length === 3);
    expect((await readPosition(pairId, bob.user.id)).delivered).toBe(0);
    expect(a.frames.some((f) => f.type === "delivered")).toBe(false);
  });

  it("makes the user online while a page is open, without a flap when one of two closes, and offline when the last one does", async () => {
    const alice = await insertUser();
    const first = await openInboxSocket(alice.cookie);
    const second = await openInboxSocket(alice.cookie);
    await until(async () => (await isOnline(alice.user.id)) === 1);
    const online = await presenceRow(alice.user.id);
    first.ws?.close(1000, "tab closed");
    await until(async () => (await openSocketsInInbox(alice.user.id)) === 1);
    // Neither offline for a moment nor seen anew: nothing was written.
    expect(await presenceRow(alice.user.id)).toEqual(online);
    second.ws?.close(1000, "tab closed");
    await until(async () => (await isOnline(alice.user.id)) === 0);
    expect((await presenceRow(alice.user.id))?.last_seen).toBeGreaterThanOrEqual(online?.last_seen ?? 0);
  });

  it("is presence's only writer: the activity heartbeat and a page's unload write none", async () => {
    const alice = await insertUser();
    const page = await openInboxSocket(alice.cookie);
    await until(async () => (await isOnline(alice.user.id)) === 1);
    // The unload beacon that marked people offline while another tab was open is gone.
    expect((await postJson("/api/session/offline", {}, { cookie: alice.cookie })).status).toBe(404);
    expect(await isOnline(alice.user.id)).toBe(1);

    page.ws?.close(1000, "tab closed");
    await until(async () => (await isOnline(alice.user.id)) === 0);
    const offline = await presenceRow(alice.user.id);
    expect((await postJson("/api/session/activity", { idleMs: 0 }, { cookie: alice.cookie })).status).toBe(200);
    expect(await presenceRow(alice.user.id)).toEqual(offline);
  });

  it("counts a connection that stopped pinging as offline within a minute", async () => {
    const alice = await insertUser();
    await openInboxSocket(alice.cookie);
    await until(async () => (await isOnline(alice.user.id)) === 1);
    // The inbox's alarm is set for the socket's ping deadline; it runs as if half a minute, then a
    // minute and a second, went by without a ping.
    expect(await runInboxAlarmAfter(alice.user.id, 30_000)).toBe(true);
    expect(await isOnline(alice.user.id)).toBe(1);
    expect(await runInboxAlarmAfter(alice.user.id, 31_000)).toBe(true);
    await until(async () => (await isOnline(alice.user.id)) === 0);
  });
});
