import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { unreadBadgeText } from "~/lib/unread-badge";
import { pairIdFor } from "~/shared/pair-id";
import { insertUser } from "./support/accounts";
import { connect, isAck, openInboxSocket, storedChatImage } from "./support/chat-sockets";
import { until } from "./support/until";

/** Inbox updates run after the acknowledgement: read until the check holds. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  let value = await read();
  await until(async () => {
    value = await read();
    return check(value);
  });
  return value;
}

describe("the inbox", () => {
  it("shows a new message as unread for the recipient only, and reading clears it", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    const a = await connect(alice.cookie, pairId);
    a.send({ type: "send", clientId: "temp-1", text: "Hi Bob, are you around?" });
    await a.waitFor(isAck("temp-1"));

    const bobInbox = env.USER_INBOX.getByName(bob.user.id);
    const aliceInbox = env.USER_INBOX.getByName(alice.user.id);
    const bobList = await eventually(
      () => bobInbox.list(),
      (list) => list.length === 1,
    );
    expect(bobList[0]).toMatchObject({
      contactId: alice.user.id,
      contactName: alice.user.username,
      pairId,
      lastMessage: "Hi Bob, are you around?",
      lastSeq: 1,
      unread: true,
    });
    expect(await bobInbox.unreadCount()).toBe(1);
    const aliceList = await eventually(
      () => aliceInbox.list(),
      (list) => list.length === 1,
    );
    expect(aliceList[0]).toMatchObject({ contactId: bob.user.id, contactName: bob.user.username, unread: false });

    const b = await connect(bob.cookie, pairId);
    b.send({ type: "read", upToSeq: 1 });
    expect(
      await eventually(
        () => bobInbox.unreadCount(),
        (n) => n === 0,
      ),
    ).toBe(0);
  });

  it("lists conversations newest first and shows an image-only message as 'Photo'", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const carol = await insertUser();
    const withBob = pairIdFor(alice.user.id, bob.user.id);
    const withCarol = pairIdFor(alice.user.id, carol.user.id);
    const b = await connect(bob.cookie, withBob);
    b.send({ type: "send", clientId: "temp-b", text: "first" });
    await b.waitFor(isAck("temp-b"));
    const c = await connect(carol.cookie, withCarol);
    c.send({ type: "send", clientId: "temp-c", text: "", imageUrl: await storedChatImage(withCarol) });
    await c.waitFor(isAck("temp-c"));

    const inbox = env.USER_INBOX.getByName(alice.user.id);
    const list = await eventually(
      () => inbox.list(),
      (l) => l.length === 2,
    );
    expect(list.map((s) => s.contactId)).toEqual([carol.user.id, bob.user.id]);
    expect(list[0]?.lastMessage).toBe("Photo");
    expect(await inbox.unreadCount()).toBe(2);
  });

  it("never lets an older notice replace a newer last message", async () => {
    const inbox = env.USER_INBOX.getByName("someone");
    const base = { pairId: "a_b", contactId: "b", contactName: "B", unread: true };
    await inbox.recordMessage({ ...base, seq: 5, preview: "newer", timestamp: 2000 });
    await inbox.recordMessage({ ...base, seq: 4, preview: "older", timestamp: 1000 });
    expect((await inbox.list())[0]).toMatchObject({ lastMessage: "newer", lastSeq: 5 });
    await inbox.recordRead("b", 4);
    expect(await inbox.unreadCount()).toBe(1);
    await inbox.recordRead("b", 5);
    expect(await inbox.unreadCount()).toBe(0);
  });

  it("takes a quick run of messages as one update showing the newest", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const page = await openInboxSocket(bob.cookie);
    const a = await connect(alice.cookie, pairIdFor(alice.user.id, bob.user.id));
    for (const n of [1, 2, 3, 4, 5]) a.send({ type: "send", clientId: `temp-${n}`, text: `message ${n}` });
    await a.waitFor(isAck("temp-5"));
    const newMessages = () =>
      page.frames.filter(
        (f): f is { type: "new-message"; seq: number } => (f as { type: string }).type === "new-message",
      );
    // Updates reach the page in order, and none comes after the newest message's.
    await until(() => newMessages().some((event) => event.seq === 5));
    const seqs = newMessages().map((event) => event.seq);
    // One update for the run, unless the machine spread the five sends across windows: never one each.
    expect(seqs.length).toBeLessThan(5);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(newMessages().at(-1)).toMatchObject({ preview: "message 5", seq: 5 });
    const [summary] = await env.USER_INBOX.getByName(bob.user.id).list();
    expect(summary).toMatchObject({ lastMessage: "message 5", lastSeq: 5, unread: true });
  });

  it("does not show a message as unread when it was read before the update went out", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    const a = await connect(alice.cookie, pairId);
    const b = await connect(bob.cookie, pairId);
    a.send({ type: "send", clientId: "temp-1", text: "Seen at once" });
    await b.waitFor((f) => f.type === "message");
    b.send({ type: "read", upToSeq: 1 }); // Bob has the conversation open
    const bobInbox = env.USER_INBOX.getByName(bob.user.id);
    const [summary] = await eventually(
      () => bobInbox.list(),
      (list) => list.length === 1,
    );
    expect(summary).toMatchObject({ lastMessage: "Seen at once", unread: false });
    expect(await bobInbox.unreadCount()).toBe(0);
  });
});

describe("an inbox stored before its schema steps were counted", () => {
  it("starts with its conversations, badge and owed email as they were, and counts its steps", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const a = await connect(alice.cookie, pairIdFor(alice.user.id, bob.user.id));
    a.send({ type: "send", clientId: "temp-1", text: "Still there after the upgrade?" });
    await a.waitFor(isAck("temp-1"));
    const inbox = () => env.USER_INBOX.getByName(bob.user.id);
    const before = await eventually(
      () => inbox().list(),
      (list) => list.length === 1,
    );
    const stored = (sql: string) =>
      runInDurableObject(inbox(), (_inbox, state) => state.storage.sql.exec(sql).toArray());
    // As an older inbox's storage was: every table, no count of steps run. Then a restart.
    await runInDurableObject(inbox(), (_inbox, state) => {
      state.storage.sql.exec("DELETE FROM meta WHERE key = 'schema_version'");
      state.abort("restart");
    }).catch(() => undefined);

    expect(await inbox().list()).toEqual(before);
    expect(await inbox().unreadCount()).toBe(1);
    expect(await stored("SELECT seq FROM pending_emails")).toEqual([{ seq: 1 }]);
    expect(await stored("SELECT value FROM meta WHERE key = 'schema_version'")).toEqual([{ value: "4" }]);
  });
});

describe("the header badge", () => {
  it("shows the count, 99+ above 99, nothing at zero", () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(1)).toBe("1");
    expect(unreadBadgeText(99)).toBe("99");
    expect(unreadBadgeText(100)).toBe("99+");
  });
});
