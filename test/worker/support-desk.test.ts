import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DESK_TEXTS } from "~/shared/desk";
import { pairIdFor } from "~/shared/pair-id";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import { setDeskAvailability } from "../../worker/desk/desk-availability";
import { pngWithMetadata } from "../unit/images/fixtures";
import { insertBareAccount, insertBareListener, insertListener, insertUser } from "./support/accounts";
import { APP_ORIGIN, postJson } from "./support/auth-requests";
import { closing, openInboxSocket } from "./support/chat-sockets";
import {
  availableAtDesk,
  clearDesk,
  desk,
  deskHolds,
  openDeskConversation,
  openDeskSocket,
  replyOnDesk,
  SUPPORT_ID,
  say,
  seedSupport,
  visitorInSupportChat,
} from "./support/desk";
import { EMAIL_GRACE_MS, runInboxAlarmAfter } from "./support/inbox-alarm";
import { until } from "./support/until";

/** 'Mark resolved' asks for a wrap-up; which one does not matter to these tests. */
const WRAP_UP = { topics: ["Other"], riskDiscussed: false };

beforeAll(seedSupport);
beforeEach(clearDesk);

/** A conversation queued straight at the desk, as its room would report it. */
async function queued(
  at = Date.now(),
  crisis = false,
  makeVisitor: () => Promise<{ user: { id: string; username: string } }> = insertUser,
) {
  const visitor = await makeVisitor();
  const pairId = pairIdFor(visitor.user.id, SUPPORT_ID);
  await desk().visitorWaiting({
    pairId,
    visitorId: visitor.user.id,
    visitorName: visitor.user.username,
    crisis,
    at,
    country: null,
    language: null,
  });
  return { visitor, pairId };
}

const holds = async (listenerId: string) =>
  (await desk().snapshot(listenerId, false)).mine.map((conversation) => conversation.pairId);

describe("assignment", () => {
  it("gives a visitor's first message to the available listener with the fewest conversations, under capacity", async () => {
    const [a, b] = [await insertListener(), await insertListener()];
    await availableAtDesk(a);
    const first = await visitorInSupportChat();
    await say(first.socket, "hello, is anyone there?");
    await deskHolds(first.pairId, a.user.id);
    // The visitor is told, and never who.
    const joined = await first.socket.waitFor((frame) => frame.type === "desk" && frame.state === "assigned");
    expect(JSON.stringify(joined)).not.toContain(a.user.id);

    await availableAtDesk(b);
    const second = await visitorInSupportChat();
    await say(second.socket, "hi");
    await deskHolds(second.pairId, b.user.id);
    const third = await visitorInSupportChat();
    await say(third.socket, "hi");
    // Both hold one: the one assigned longest ago gets it.
    await deskHolds(third.pairId, a.user.id);

    // Capacity 3 each (wrangler.toml): three more fill both up, the seventh waits in line.
    for (let n = 0; n < 3; n += 1) {
      const next = await queued();
      expect((await desk().snapshot(a.user.id, true)).all?.map((c) => c.pairId)).toContain(next.pairId);
    }
    expect((await holds(a.user.id)).length).toBe(3);
    expect((await holds(b.user.id)).length).toBe(3);
    const waiting = await visitorInSupportChat();
    await say(waiting.socket, "anyone?");
    const inLine = await waiting.socket.waitFor((frame) => frame.type === "desk" && frame.state === "queued");
    expect(inLine).toMatchObject({ position: 1, listenersAvailable: true });
  });

  it("puts a visitor whose words read as crisis first in line, and tells everyone their place", async () => {
    const calm = await visitorInSupportChat();
    await say(calm.socket, "just want to talk");
    await deskHolds(calm.pairId, null);
    const urgent = await visitorInSupportChat();
    await say(urgent.socket, "I want to kill myself");
    await deskHolds(urgent.pairId, null);
    const listener = await insertListener();
    const view = await desk().snapshot(listener.user.id, false);
    expect(view.waiting.map((c) => [c.pairId, c.crisis])).toEqual([
      [urgent.pairId, true],
      [calm.pairId, false],
    ]);
    // Nobody is available: the no-listener answer, with the place.
    await calm.socket.waitFor((f) => f.type === "desk" && f.state === "queued" && f.position === 2);
    await urgent.socket.waitFor((f) => f.type === "desk" && f.state === "queued" && f.position === 1);
    const last = calm.socket.frames.filter((f) => f.type === "desk").at(-1);
    expect(last).toMatchObject({ listenersAvailable: false });
  });

  it("never gives one conversation to two listeners when many press 'Take next' at once", async () => {
    const conversations = await Promise.all(
      Array.from({ length: 24 }, (_, n) => queued(Date.now() - 1000 + n, false, insertBareAccount)),
    );
    const listeners = await Promise.all(Array.from({ length: 12 }, () => insertBareListener()));
    // Three presses each: 36 calls for 24 conversations, capacity 3 each.
    const answers = await Promise.all(listeners.flatMap((l) => [1, 2, 3].map(() => desk().takeNext(l.actor))));
    const taken = answers.flatMap((answer) => ("pairId" in answer ? [answer.pairId] : []));
    expect(new Set(taken).size).toBe(taken.length);
    expect(new Set(taken)).toEqual(new Set(conversations.map((c) => c.pairId)));
    expect(answers.filter((answer) => "refusal" in answer)).toHaveLength(12);
    for (const l of listeners) expect((await holds(l.user.id)).length).toBeLessThanOrEqual(3);
    // Each room knows its one listener.
    for (const l of listeners) {
      for (const pairId of await holds(l.user.id)) await deskHolds(pairId, l.user.id);
    }
  });

  it("refuses 'Take next' to a listener at capacity and when nobody waits", async () => {
    const listener = await insertListener();
    expect(await desk().takeNext(listener.actor)).toEqual({ refusal: DESK_TEXTS.queueEmpty });
    for (let n = 0; n < 4; n += 1) await queued();
    for (let n = 0; n < 3; n += 1) expect("pairId" in (await desk().takeNext(listener.actor))).toBe(true);
    expect(await desk().takeNext(listener.actor)).toEqual({ refusal: DESK_TEXTS.atCapacity });
  });
});

describe("a conversation on the desk", () => {
  it("is transferred with a note the new listener reads, the visitor told only that a listener joined again", async () => {
    const [a, b] = [await insertListener(), await insertListener()];
    await availableAtDesk(a);
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    await deskHolds(visitor.pairId, a.user.id);
    await visitor.socket.waitFor((frame) => frame.type === "desk" && frame.state === "assigned");
    const aSocket = await openDeskConversation(a.cookie, visitor.user.id);
    if (!aSocket.socket) throw new Error(`refused ${aSocket.status}`);
    const aClosed = closing(aSocket.socket.ws);

    // Not to someone away, not to someone who is not a listener.
    const stranger = await insertUser();
    expect(await desk().transfer(visitor.pairId, a.actor, b.user.id, null)).toEqual({
      refusal: DESK_TEXTS.transferTargetUnknown,
    });
    await desk().setAvailability(b.actor, false);
    expect(await desk().transfer(visitor.pairId, a.actor, b.user.id, null)).toEqual({
      refusal: DESK_TEXTS.transferTargetAway,
    });
    expect(await desk().transfer(visitor.pairId, a.actor, stranger.user.id, null)).toEqual({
      refusal: DESK_TEXTS.transferTargetUnknown,
    });
    await availableAtDesk(b);
    expect(await desk().transfer(visitor.pairId, a.actor, b.user.id, "Lost her job today; gentle.")).toEqual({
      ok: true,
    });

    // The old listener's socket closes; the new one reads the history and the note.
    expect((await aClosed()).code).toBe(CLOSE_CODES.withdrawn);
    await deskHolds(visitor.pairId, b.user.id);
    const notes = await env.CHAT_ROOM.getByName(visitor.pairId).deskNotes();
    expect(notes).toMatchObject([
      { authorName: a.user.username, kind: "transfer", text: "Lost her job today; gentle." },
    ]);
    const bSocket = await openDeskConversation(b.cookie, visitor.user.id);
    if (!bSocket.socket) throw new Error(`refused ${bSocket.status}`);
    bSocket.socket.send({ type: "resume", afterSeq: 0 });
    const history = await bSocket.socket.waitFor((frame) => frame.type === "messages");
    expect(history.type === "messages" && history.messages.map((m) => m.text)).toEqual(["hello"]);

    // b writes as the support account. The visitor read what was true each time, never who: a
    // listener joined (a opened it), then, once b had opened it, a listener joined again.
    await say(bSocket.socket, "I'm here with you.");
    const reply = await visitor.socket.waitFor((f) => f.type === "message" && f.message.senderId === SUPPORT_ID);
    expect(reply.type === "message" && reply.message.senderName).toBe("Support");
    const rejoined = await visitor.socket.waitFor((f) => f.type === "desk" && f.events.length === 2);
    expect(rejoined).toMatchObject({ state: "assigned", opened: true });
    expect(rejoined.type === "desk" && rejoined.events.map((event) => [event.kind, event.alias])).toEqual([
      ["joined", null],
      ["joined", null],
    ]);
    expect(JSON.stringify(visitor.socket.frames)).not.toMatch(
      new RegExp(`${a.user.id}|${b.user.id}|${a.user.username}|${b.user.username}|Lost her job`),
    );
  });

  it("refuses a listener's message in a conversation that is not theirs, and lets them read a queued one", async () => {
    const [a, b] = [await insertListener(), await insertListener()];
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    await deskHolds(visitor.pairId, null);
    // Queued: any listener reads it, nobody writes before taking it.
    const reading = await openDeskConversation(b.cookie, visitor.user.id);
    if (!reading.socket) throw new Error(`refused ${reading.status}`);
    reading.socket.send({ type: "send", clientId: "temp-early", text: "hi" });
    const refused = await reading.socket.waitFor((frame) => frame.type === "error");
    expect(refused).toMatchObject({ code: "not_assigned", message: DESK_TEXTS.notAssigned });
    // Taken by a: b's socket closes and b can no longer open one.
    const bClosed = closing(reading.socket.ws);
    expect(await desk().take(visitor.pairId, a.actor)).toEqual({ visitorId: visitor.user.id });
    expect((await bClosed()).code).toBe(CLOSE_CODES.withdrawn);
    expect((await openDeskConversation(b.cookie, visitor.user.id)).status).toBe(403);
    // Someone who is not a listener finds nothing at all.
    const stranger = await insertUser();
    expect((await openDeskConversation(stranger.cookie, visitor.user.id)).status).toBe(404);
    expect((await openDeskSocket(stranger.cookie)).status).toBe(404);
  });

  it("is resolved once answered (freeing the place) and re-opened into the queue by the visitor's next message", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    await deskHolds(visitor.pairId, listener.user.id);
    await replyOnDesk(listener, visitor);
    const other = await insertListener();
    expect(await desk().resolve(visitor.pairId, other.actor, WRAP_UP)).toEqual({ refusal: DESK_TEXTS.notAssigned });
    expect(await desk().resolve(visitor.pairId, listener.actor, WRAP_UP)).toEqual({ ok: true });
    expect(await holds(listener.user.id)).toEqual([]);
    await visitor.socket.waitFor((frame) => frame.type === "desk" && frame.state === "idle");
    await desk().setAvailability(listener.actor, false);
    await say(visitor.socket, "me again");
    await deskHolds(visitor.pairId, null);
    await availableAtDesk(listener);
    await deskHolds(visitor.pairId, listener.user.id);
  });
});

describe("a listener who goes away", () => {
  it("gets no new conversation, and after the grace those waiting for their reply go back, oldest first", async () => {
    const [a, b] = [await insertListener(), await insertListener()];
    await availableAtDesk(a);
    const waitsNewer = await visitorInSupportChat();
    const answered = await visitorInSupportChat();
    const waitsOlder = await visitorInSupportChat();
    for (const v of [waitsOlder, answered, waitsNewer]) {
      await say(v.socket, "hello");
      await deskHolds(v.pairId, a.user.id);
    }
    const aRoom = await openDeskConversation(a.cookie, answered.user.id);
    if (!aRoom.socket) throw new Error("refused");
    await say(aRoom.socket, "I'm listening.");
    await say(waitsNewer.socket, "still there?");

    await desk().setAvailability(a.actor, false);
    const late = await visitorInSupportChat();
    await say(late.socket, "hi");
    await deskHolds(late.pairId, null);
    // The grace passes (the alarm is due at away + grace).
    await runInDurableObject(desk(), (_instance, state) => {
      state.storage.sql.exec("UPDATE desk_listeners SET away_since = away_since - 1000000");
    });
    expect(await runDurableObjectAlarm(desk())).toBe(true);
    expect(await holds(a.user.id)).toEqual([]);
    const view = await desk().snapshot(b.user.id, false);
    expect(view.waiting.map((c) => c.pairId)).toEqual([waitsOlder.pairId, waitsNewer.pairId, late.pairId]);
    await deskHolds(waitsOlder.pairId, null);
    // The one a replied to leaves the desk until its visitor writes again.
    await answered.socket.waitFor((frame) => frame.type === "desk" && frame.state === "idle");
  });

  it("is away once they sign out even with no desk page open (marked available by the form alone)", async () => {
    const listener = await insertListener();
    const request = new Request(`${APP_ORIGIN}/desk`, { headers: { Cookie: listener.cookie } });
    expect(await setDeskAvailability(request, listener.actor, true)).toBe(true);
    expect((await desk().snapshot(listener.user.id, false)).me.available).toBe(true);
    expect((await postJson("/api/auth/sign-out", {}, { cookie: listener.cookie })).status).toBe(200);
    expect((await desk().snapshot(listener.user.id, false)).me.available).toBe(false);
    // A request whose session ended changes nothing.
    expect(await setDeskAvailability(request, listener.actor, true)).toBe(false);
    expect((await desk().snapshot(listener.user.id, false)).me.available).toBe(false);
  });

  it("is away once they sign out, and their desk socket closes", async () => {
    const listener = await insertListener();
    const socket = await openDeskSocket(listener.cookie);
    if (!socket.ws) throw new Error(`refused ${socket.status}`);
    await until(() => socket.latest() !== null);
    await availableAtDesk(listener);
    await until(() => socket.latest()?.me.available === true);
    // The desk socket only sends: a frame from the page is answered with an error, and changes nothing.
    socket.ws.send(JSON.stringify({ type: "take-next" }));
    await until(() => socket.errors.length === 1);
    expect(socket.errors).toEqual([DESK_TEXTS.socketOnly]);
    // A conversation open on the desk closes with the session too.
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    await deskHolds(visitor.pairId, listener.user.id);
    const room = await openDeskConversation(listener.cookie, visitor.user.id);
    if (!room.socket) throw new Error("refused");
    const closed = closing(socket.ws);
    const roomClosed = closing(room.socket.ws);
    expect((await postJson("/api/auth/sign-out", {}, { cookie: listener.cookie })).status).toBe(200);
    expect((await closed()).code).toBeGreaterThanOrEqual(4000);
    expect((await roomClosed()).code).toBeGreaterThanOrEqual(4000);
    expect((await desk().snapshot(listener.user.id, false)).me.available).toBe(false);
  });
});

describe("images in a support conversation", () => {
  const uploadChatImage = (cookie: string, pairId: string) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(pngWithMetadata())], { type: "image/png" }), "photo.png");
    form.append("pairId", pairId);
    return exports.default.fetch(`${APP_ORIGIN}/api/uploads?purpose=chat`, {
      method: "POST",
      headers: { Origin: APP_ORIGIN, Cookie: cookie },
      body: form,
    });
  };
  const viewImage = (url: string, cookie: string) =>
    exports.default.fetch(`${APP_ORIGIN}${url}`, { headers: { Cookie: cookie } });

  it("reach the listener who holds it, who sends them as the support account; no other listener", async () => {
    const [holder, other] = [await insertListener(), await insertListener()];
    await availableAtDesk(holder);
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    await deskHolds(visitor.pairId, holder.user.id);

    const fromVisitor = await uploadChatImage(visitor.cookie, visitor.pairId);
    expect(fromVisitor.status).toBe(201);
    const { url } = (await fromVisitor.json()) as { url: string };
    expect((await viewImage(url, holder.cookie)).status).toBe(200);
    expect((await viewImage(url, other.cookie)).status).toBe(403);
    expect((await uploadChatImage(other.cookie, visitor.pairId)).status).toBe(403);

    const fromHolder = await uploadChatImage(holder.cookie, visitor.pairId);
    expect(fromHolder.status).toBe(201);
    const sent = ((await fromHolder.json()) as { url: string }).url;
    const room = await openDeskConversation(holder.cookie, visitor.user.id);
    if (!room.socket) throw new Error("refused");
    room.socket.send({ type: "send", clientId: "temp-photo", text: "", imageUrl: sent });
    const got = await visitor.socket.waitFor((f) => f.type === "message" && f.message.imageUrl === sent);
    expect(got.type === "message" && got.message.senderId).toBe(SUPPORT_ID);
    expect((await viewImage(sent, visitor.cookie)).status).toBe(200);
  });
});

describe("a visitor who left", () => {
  it("is emailed from the support account when a listener replies, with nothing of the listener", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "I'll check back later");
    await deskHolds(visitor.pairId, listener.user.id);
    const left = closing(visitor.socket.ws);
    visitor.socket.ws.close(1000, "left");
    await left();
    const room = await openDeskConversation(listener.cookie, visitor.user.id);
    if (!room.socket) throw new Error("refused");
    await say(room.socket, "A reply is waiting for you.");
    await until(async () =>
      (await env.USER_INBOX.getByName(visitor.user.id).list()).some(
        (c) => c.lastMessage === "A reply is waiting for you.",
      ),
    );
    expect(await runInboxAlarmAfter(visitor.user.id, EMAIL_GRACE_MS + 1000)).toBe(true);
    const emails = (
      await env.DB.prepare(`SELECT subject, text FROM email_outbox WHERE "to" = ?`)
        .bind(visitor.email)
        .all<{ subject: string; text: string }>()
    ).results;
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toContain("Support");
    expect(emails[0]?.text).toContain("A reply is waiting for you.");
    expect(JSON.stringify(emails)).not.toContain(listener.user.username);
  });
});

describe("what stays on the desk", () => {
  it("keeps private notes and listeners' names off every frame, list and email the visitor gets", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    const visitor = await visitorInSupportChat();
    const inbox = await openInboxSocket(visitor.cookie);
    await say(visitor.socket, "hello");
    await deskHolds(visitor.pairId, listener.user.id);
    await env.CHAT_ROOM.getByName(visitor.pairId).addDeskNote({
      authorName: listener.user.username,
      kind: "note",
      text: "NOTE-SECRET-123",
    });
    const room = await openDeskConversation(listener.cookie, visitor.user.id);
    if (!room.socket) throw new Error("refused");
    await say(room.socket, "I'm here.");
    await visitor.socket.waitFor((f) => f.type === "message" && f.message.text === "I'm here.");
    await until(async () =>
      (await env.USER_INBOX.getByName(visitor.user.id).list()).some((c) => c.lastMessage === "I'm here."),
    );
    const seen = JSON.stringify([
      visitor.socket.frames,
      inbox.frames,
      await env.USER_INBOX.getByName(visitor.user.id).list(),
    ]);
    for (const secret of ["NOTE-SECRET-123", listener.user.id, listener.user.username])
      expect(seen).not.toContain(secret);
    // Nor any email (the offline email goes out from the support account).
    const emails = await env.DB.prepare("SELECT * FROM email_outbox").all();
    for (const secret of ["NOTE-SECRET-123", listener.user.username])
      expect(JSON.stringify(emails.results)).not.toContain(secret);
    // The notes are on the desk.
    expect((await env.CHAT_ROOM.getByName(visitor.pairId).deskNotes()).map((n) => n.text)).toEqual(["NOTE-SECRET-123"]);
  });

  it("sends the support account's inbox no update from a support conversation", async () => {
    const visitor = await visitorInSupportChat();
    for (const text of ["one", "two", "three"]) await say(visitor.socket, text);
    // The visitor's own inbox took its update: the room's deliveries ran.
    await until(async () => (await env.USER_INBOX.getByName(visitor.user.id).list()).length === 1);
    const support = await env.USER_INBOX.getByName(SUPPORT_ID).list();
    expect(support.filter((c) => c.pairId === visitor.pairId)).toEqual([]);
    const owed = await runInDurableObject(env.CHAT_ROOM.getByName(visitor.pairId), (_i, state) =>
      state.storage.sql.exec<{ member_id: string }>("SELECT member_id FROM inbox_outbox").toArray(),
    );
    expect(owed.map((row) => row.member_id)).not.toContain(SUPPORT_ID);
  });
});
