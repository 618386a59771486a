import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pairIdFor } from "~/shared/pair-id";
import type { ChatRoom } from "../../worker/chat/chat-room";
import type { UserInbox } from "../../worker/inbox/user-inbox";
import { insertUser } from "./support/accounts";
import { acked, connect, isAck } from "./support/chat-sockets";
import { EMAIL_GRACE_MS } from "./support/inbox-alarm";
import { until } from "./support/until";

/**
 * The rules the room is held to (docs/decisions/072-inbox-updates-are-coalesced-per-room.md): an
 * inbox update waits 100 ms for more messages, then comes about every 2 s (1.5 to 2.5 s) while the
 * conversation goes on, and the room's alarm is the backstop 5 s after one fell due.
 */
const COALESCE_MS = 100;
const UPDATE_INTERVAL_MS = 2000;
const BACKSTOP_MS = 5000;

type InboxDelivery = { deliver(member: string): Promise<number | null>; latestSeq(): number };

describe("the inbox updates owed after a message", () => {
  it("reach both inboxes, and the offline email is owed, when the room is evicted before sending them", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    const a = await connect(alice.cookie, pairId);
    a.send({ type: "send", clientId: "temp-1", text: "Are you there?" });
    await a.waitFor(isAck("temp-1"));
    // Within the coalescing window: nothing has gone to the inboxes yet.
    // A restart (deploy, crash, eviction): the instance and everything it held in memory are gone.
    await runInDurableObject(env.CHAT_ROOM.getByName(pairId), (_room, state) => state.abort("restart")).catch(
      () => undefined,
    );

    // The new instance is started by the room's alarm, the backstop for an update its timer owed.
    const bobInbox = env.USER_INBOX.getByName(bob.user.id);
    await until(async () => (await bobInbox.list()).length === 1, BACKSTOP_MS + 5000);
    expect((await bobInbox.list())[0]).toMatchObject({ lastSeq: 1, lastMessage: "Are you there?", unread: true });
    expect(await bobInbox.unreadCount()).toBe(1);
    const aliceInbox = env.USER_INBOX.getByName(alice.user.id);
    // Owed by the same backstop as Bob's: the same deadline.
    await until(async () => (await aliceInbox.list()).length === 1, BACKSTOP_MS + 5000);
    expect((await aliceInbox.list())[0]).toMatchObject({ lastSeq: 1, unread: false });
    // Bob has no page open: his email is owed once the grace time is over.
    const owed = await runInDurableObject(bobInbox, (_inbox: UserInbox, state) =>
      state.storage.sql.exec<{ seq: number; due_at: number }>("SELECT seq, due_at FROM pending_emails").toArray(),
    );
    expect(owed).toEqual([{ seq: 1, due_at: expect.any(Number) }]);
    expect(owed[0]?.due_at).toBeGreaterThan(Date.now() + EMAIL_GRACE_MS - 5000);
  });

  it("in a conversation that keeps going, one owed update carries the newest message, about every two seconds", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    const a = await connect(alice.cookie, pairId);
    const bobInbox = env.USER_INBOX.getByName(bob.user.id);
    const room = env.CHAT_ROOM.getByName(pairId);
    const outbox = () =>
      runInDurableObject(
        room,
        (instance: ChatRoom) =>
          (instance as unknown as { parts: { outbox: { due: Map<string, number>; lastDeliveryAt: number } } }).parts
            .outbox,
      );
    a.send({ type: "send", clientId: "temp-1", text: "one" });
    await until(async () => (await bobInbox.list())[0]?.lastSeq === 1);
    // Both inboxes have taken message 1: the room owes nothing.
    await until(async () => (await outbox()).due.size === 0);

    a.send({ type: "send", clientId: "temp-2", text: "two" });
    a.send({ type: "send", clientId: "temp-3", text: "three" });
    const second = await acked(a, "temp-2");
    await a.waitFor(isAck("temp-3"));
    const owed = await runInDurableObject(room, (_instance, state) =>
      state.storage.sql
        .exec<{ member_id: string; seq: number; due_at: number }>("SELECT member_id, seq, due_at FROM inbox_outbox")
        .toArray(),
    );
    const { lastDeliveryAt } = await outbox();
    // Message 2 made one update owed to each inbox; message 3 joined it without a write of its own.
    expect(owed.map((row) => [row.member_id, row.seq]).sort()).toEqual(
      [alice.user.id, bob.user.id].sort().map((member) => [member, 2]),
    );
    const { timestamp } = second;
    // Not before the coalescing window, and 1.5 to 2.5 s after the update that delivered message 1.
    const [first] = owed;
    for (const row of owed) expect(row.due_at).toBe(first?.due_at);
    expect(first?.due_at).toBeGreaterThanOrEqual(timestamp + COALESCE_MS);
    expect(first?.due_at).toBeGreaterThanOrEqual(lastDeliveryAt + 0.75 * UPDATE_INTERVAL_MS);
    expect(first?.due_at).toBeLessThanOrEqual(
      Math.max(timestamp + COALESCE_MS, lastDeliveryAt + 1.25 * UPDATE_INTERVAL_MS),
    );
    expect(lastDeliveryAt).toBeGreaterThan(0);
    // The update carries the newest message.
    await until(async () => (await bobInbox.list())[0]?.lastSeq === 3, 10_000);
    expect((await bobInbox.list())[0]).toMatchObject({ lastMessage: "three", unread: true });
  });

  it("stays owed to an inbox that could not take it, and reaches it on a later try", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    const a = await connect(alice.cookie, pairId);
    const room = env.CHAT_ROOM.getByName(pairId);
    // Bob's inbox refuses the first update, as an inbox that is unreachable for a moment would.
    await runInDurableObject(room, (instance: ChatRoom) => {
      const outbox = (instance as unknown as { parts: { outbox: { delivery: InboxDelivery } } }).parts.outbox;
      const { deliver, latestSeq } = outbox.delivery;
      let refusals = 1;
      outbox.delivery = {
        latestSeq,
        deliver: (member) =>
          member === bob.user.id && refusals-- > 0 ? Promise.reject(new Error("inbox unavailable")) : deliver(member),
      };
    });
    a.send({ type: "send", clientId: "temp-1", text: "Are you there?" });
    await a.waitFor(isAck("temp-1"));

    // Tried again after a second, by the room's timer: before the alarm's backstop would.
    const bobInbox = env.USER_INBOX.getByName(bob.user.id);
    await until(async () => (await bobInbox.list())[0]?.lastSeq === 1, BACKSTOP_MS - 1000);
    const attempts = await runInDurableObject(room, (_instance, state) =>
      state.storage.sql
        .exec<{ member_id: string; attempts: number }>("SELECT member_id, attempts FROM inbox_outbox")
        .toArray(),
    );
    // Tried twice for Bob (the row stays until the alarm clears it), once for Alice.
    expect(attempts).toContainEqual({ member_id: bob.user.id, attempts: 1 });
    expect(attempts).toContainEqual({ member_id: alice.user.id, attempts: 0 });
  });
});
