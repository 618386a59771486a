import { runInDurableObject } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as chatScreen from "~/routes/chat/chat-screen";
import * as deskConversation from "~/routes/desk/desk-conversation";
import type { SignedInUser } from "~/shared/accounts";
import { COMPOSER_FIELDS, SEND_INTENT } from "~/shared/conversation-page";
import { DESK_TEXTS } from "~/shared/desk";
import { SEEDED_WRAP_UP_TOPICS, VISITOR_DESK_INTENTS } from "~/shared/desk-operations";
import { chatWith, deskConversationPath, PATHS } from "~/shared/routes";
import { LOCAL_SUPPORT_ACCOUNT } from "../../worker/db/seed";
import type { SupportDesk } from "../../worker/desk/support-desk";
import { addWrapUpTopic } from "../../worker/desk/wrap-up-topics";
import { insertAdmin, insertListener } from "./support/accounts";
import { postJson } from "./support/auth-requests";
import {
  availableAtDesk,
  clearDesk,
  desk,
  deskHolds,
  openDeskConversation,
  replyOnDesk,
  roomDeskStatus,
  SUPPORT_ID,
  say,
  seedSupport,
  visitorInSupportChat,
} from "./support/desk";
import { callAction, signedInUser } from "./support/route-action";
import { until } from "./support/until";

/**
 * A person in distress is never met by silence: a conversation nobody has answered is never closed
 * from the desk (only returned to the line or transferred), and the figures say where each one stands.
 */

beforeAll(async () => {
  await seedSupport();
  // 'Mark resolved' from the page checks its topics against the admin's list.
  for (const name of SEEDED_WRAP_UP_TOPICS) await addWrapUpTopic(name);
});
beforeEach(clearDesk);

const MINUTE = 60_000;
type Visitor = Awaited<ReturnType<typeof visitorInSupportChat>>;
type Listener = Awaited<ReturnType<typeof insertListener>>;

/** A form of the conversation's desk page, posted as `user`. */
function deskPost(user: SignedInUser, visitor: Visitor, fields: Record<string, string>) {
  return callAction(deskConversation.action, deskConversationPath(visitor.user.id), new URLSearchParams(fields), {
    user,
    params: { visitorId: visitor.user.id },
  });
}

/** 'End conversation', as the visitor posts it from their conversation's page. */
function visitorEnds(visitor: Visitor) {
  const form = new FormData();
  form.set("intent", VISITOR_DESK_INTENTS.end);
  return callAction(chatScreen.action, chatWith(SUPPORT_ID), form, {
    user: signedInUser(visitor),
    params: { userId: SUPPORT_ID },
  });
}

/** A visitor who wrote, given to `listener`; `opened`: the listener's socket into it is open. */
async function givenTo(listener: Listener, { opened }: { opened: boolean }) {
  const visitor = await visitorInSupportChat();
  await say(visitor.socket, "hello, is anyone there?");
  await deskHolds(visitor.pairId, listener.user.id);
  if (opened) {
    const room = await openDeskConversation(listener.cookie, visitor.user.id);
    if (!room.socket) throw new Error(`refused ${room.status}`);
    await visitor.socket.waitFor((frame) => frame.type === "desk" && frame.opened);
  }
  return visitor;
}

const mine = async (listener: Listener) =>
  (await desk().snapshot(listener.user.id, false)).mine.map((conversation) => conversation.pairId);

describe("a conversation nobody has answered", () => {
  it("goes back to its place in line with 'Return to line', to another listener, and only before a reply", async () => {
    const [a, b] = [await insertListener(), await insertListener()];
    await availableAtDesk(a);
    const visitor = await givenTo(a, { opened: true });
    const since = (await desk().snapshot(a.user.id, false)).mine[0]?.assignedAt ?? 0;

    // Someone who only reads it in line cannot; its holder can.
    expect(await deskPost(signedInUser(b), visitor, { intent: "return" })).toMatchObject({ status: 404 });
    expect(await deskPost(signedInUser(a), visitor, { intent: "return" })).toMatchObject({
      status: 302,
      location: PATHS.desk,
    });
    expect(await mine(a)).toEqual([]);
    // Back in line, keeping the wait from the visitor's message; not offered to a again at once.
    const line = await desk().snapshot(a.user.id, false);
    expect(line.waiting.map((conversation) => conversation.pairId)).toEqual([visitor.pairId]);
    expect(line.waiting[0]?.waitingSince).toBeLessThanOrEqual(since);
    await visitor.socket.waitFor((frame) => frame.type === "desk" && frame.state === "queued" && frame.position === 1);
    expect(await deskPost(signedInUser(b), visitor, { intent: "return" })).toMatchObject({
      status: 409,
      data: { intent: "return", refusal: DESK_TEXTS.notAssigned },
    });

    // Another listener arrives and is given it; once they reply it stays with them.
    await availableAtDesk(b);
    await deskHolds(visitor.pairId, b.user.id);
    await replyOnDesk(b, visitor);
    expect(await desk().returnToLine(visitor.pairId, b.actor)).toEqual({ refusal: DESK_TEXTS.alreadyAnswered });
    expect(await deskPost(signedInUser(b), visitor, { intent: "return" })).toMatchObject({
      status: 409,
      data: { refusal: DESK_TEXTS.alreadyAnswered },
    });
    expect(await mine(b)).toEqual([visitor.pairId]);
    // One opening throughout: answered, by b.
    const figures = await desk().figures("today");
    expect(figures).toMatchObject({ conversations: 1, answered: 1, stillWaiting: 0 });
    expect(figures.listeners.map((row) => [row.name, row.conversations, row.answered])).toEqual([
      [b.user.username, 1, 1],
    ]);
  });

  it("is never closed by the inactivity clock: only a conversation a listener replied in goes quiet", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    const visitor = await givenTo(listener, { opened: true });
    const tickAt = (now: number) => runInDurableObject(desk(), (instance: SupportDesk) => instance.tick(now));
    // One tick, hours on: a later one would also find the listener's page silent since (no pings
    // in a scripted hour) and hand it back, which is the presence rule's doing, not this one's.
    await tickAt(Date.now() + 3 * 60 * MINUTE);
    expect(await mine(listener)).toEqual([visitor.pairId]);
    expect(await desk().figures("today")).toMatchObject({ conversations: 1, stillWaiting: 1 });
    expect((await roomDeskStatus(visitor.pairId))?.state).toBe("assigned");
  });

  it("counts a visitor who leaves a listener who joined and never replied as closed without a reply, for that listener", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    // Opened, then the visitor ends it; opened, then the visitor signs out everywhere.
    const ended = await givenTo(listener, { opened: true });
    expect(await visitorEnds(ended)).toMatchObject({ status: 200 });
    const signedOut = await givenTo(listener, { opened: true });
    expect((await postJson("/api/auth/sign-out", {}, { cookie: signedOut.cookie })).status).toBe(200);
    // Given to the listener but not opened yet, then ended: the visitor left the line.
    const unopened = await givenTo(listener, { opened: false });
    expect(await visitorEnds(unopened)).toMatchObject({ status: 200 });
    // Waiting in line with nobody there, then ended.
    await desk().setAvailability(listener.actor, false);
    const inLine = await visitorInSupportChat();
    await say(inLine.socket, "hello?");
    await deskHolds(inLine.pairId, null);
    expect(await visitorEnds(inLine)).toMatchObject({ status: 200 });

    await until(async () => (await desk().figures("today")).stillWaiting === 0);
    const figures = await desk().figures("today");
    expect(figures).toMatchObject({
      conversations: 4,
      answered: 0,
      abandoned: 2,
      stillWaiting: 0,
      closedWithoutReply: 2,
      answerRate: 0,
    });
    expect(figures.listeners).toEqual([
      {
        name: listener.user.username,
        conversations: 2,
        answered: 0,
        closedWithoutReply: 2,
        resolved: 0,
        medianFirstReplyMs: null,
      },
    ]);
    // A zone the desk does not know reads as UTC, never as an error.
    expect(await desk().figures("today", "Mars/Olympus")).toMatchObject({ timeZone: "UTC", conversations: 4 });
  });

  it("held since before the desk recorded its openings, gets one at its first reply, and may then be resolved", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    const visitor = await givenTo(listener, { opened: true });
    await runInDurableObject(desk(), (_instance, state) => {
      for (const table of ["desk_openings", "desk_hours", "desk_listener_hours"]) {
        state.storage.sql.exec(`DELETE FROM ${table}`);
      }
    });
    const wrapUp = { topics: ["Other"], riskDiscussed: false };
    expect(await desk().resolve(visitor.pairId, listener.actor, wrapUp)).toEqual({ refusal: DESK_TEXTS.notAnswered });
    await replyOnDesk(listener, visitor);
    expect(await desk().resolve(visitor.pairId, listener.actor, wrapUp)).toEqual({ ok: true });
    expect(await desk().figures("today")).toMatchObject({ conversations: 1, answered: 1 });
  });
});

describe("the admin, who is the support account itself", () => {
  it("takes a conversation nobody answered, is refused 'Mark resolved', replies from the desk page and may then resolve it", async () => {
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello, anyone?");
    await deskHolds(visitor.pairId, null);
    const support: SignedInUser = {
      id: SUPPORT_ID,
      email: LOCAL_SUPPORT_ACCOUNT.email,
      username: LOCAL_SUPPORT_ACCOUNT.username,
      displayName: LOCAL_SUPPORT_ACCOUNT.displayName,
      profilePic: null,
      role: "admin",
    };
    expect(await deskPost(support, visitor, { intent: "take" })).toMatchObject({ status: 200 });
    await deskHolds(visitor.pairId, SUPPORT_ID);
    const resolve = { intent: "resolve", topics: "Other", riskDiscussed: "no" };
    expect(await deskPost(support, visitor, resolve)).toMatchObject({
      status: 409,
      data: { refusal: DESK_TEXTS.notAnswered },
    });
    const sent = await deskPost(support, visitor, {
      [COMPOSER_FIELDS.intent]: SEND_INTENT,
      [COMPOSER_FIELDS.clientId]: "temp-admin-reply",
      [COMPOSER_FIELDS.text]: "I'm here with you.",
    });
    expect(sent).toMatchObject({ status: 303 });
    // A listener (the admin among them) replied: the visitor has read that someone joined, and the
    // desk counts it answered.
    await visitor.socket.waitFor((frame) => frame.type === "desk" && frame.opened);
    await until(async () => (await desk().figures("today")).answered === 1);
    expect(await deskPost(support, visitor, resolve)).toMatchObject({ status: 302, location: PATHS.desk });
  });
});

describe("crisis words and the wrap-up", () => {
  it("keeps crisis words written while a listener holds it, and lists a wrap-up that then said no risk was discussed", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    const visitor = await givenTo(listener, { opened: true });
    const reply = await replyOnDesk(listener, visitor);
    expect((await desk().snapshot(listener.user.id, false)).mine[0]?.crisis).toBe(false);
    await say(visitor.socket, "I don't want to be alive anymore");
    // The desk hears of it (once per opening) and flags it on the listener's desk too.
    await until(async () => (await desk().snapshot(listener.user.id, false)).mine[0]?.crisis === true);
    await say(reply, "Thank you for telling me. Are you safe right now?");
    expect(await desk().resolve(visitor.pairId, listener.actor, { topics: ["Anxiety"], riskDiscussed: false })).toEqual(
      {
        ok: true,
      },
    );

    // Another: the topic alone is enough; with risk discussed, it is not listed.
    const second = await givenTo(listener, { opened: true });
    await replyOnDesk(listener, second);
    expect(await desk().resolve(second.pairId, listener.actor, { topics: ["Self-harm"], riskDiscussed: true })).toEqual(
      {
        ok: true,
      },
    );
    const third = await givenTo(listener, { opened: true });
    await replyOnDesk(listener, third);
    const admin = await insertAdmin();
    const asAdmin = { id: admin.user.id, name: admin.user.username, admin: true };
    expect(
      await desk().resolve(third.pairId, asAdmin, { topics: ["Self-harm", "Grief"], riskDiscussed: false }),
    ).toEqual({ ok: true });

    const figures = await desk().figures("today");
    expect(figures.risk).toEqual({ discussed: 1, wrapUps: 3 });
    expect(figures.riskNotDiscussed).toEqual([
      { at: expect.any(Number), listener: expect.any(String), topics: ["Self-harm", "Grief"], crisis: false },
      { at: expect.any(Number), listener: listener.user.username, topics: ["Anxiety"], crisis: true },
    ]);
    expect(JSON.stringify(figures)).not.toContain(visitor.user.username);
  });
});
