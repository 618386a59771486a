import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { NO_COUNTRY_HELP } from "~/shared/crisis-help";
import {
  DESK_PAGE_DEADLINE_MS,
  deskEventText,
  VISITOR_DESK_HEADLINES,
  VISITOR_DESK_TEXTS,
  visitorDeskHeadline,
  visitorDeskLine,
} from "~/shared/desk";
import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import { setListenerAlias } from "../../worker/desk/listeners";
import { insertListener } from "./support/accounts";
import { closing } from "./support/chat-sockets";
import {
  availableAtDesk,
  clearDesk,
  desk,
  deskHolds,
  openDeskConversation,
  replyOnDesk,
  say,
  seedSupport,
  visitorInSupportChat,
} from "./support/desk";

/** 'Mark resolved' asks for a wrap-up; which one does not matter to these tests. */
const WRAP_UP = { topics: ["Other"], riskDiscussed: false };

beforeAll(seedSupport);
beforeEach(clearDesk);
afterEach(() => {
  vi.useRealTimers();
});

/** wrangler.toml's desk settings, which the desk reads. */
const GRACE_MS = Number(env.DESK_HANDBACK_GRACE_SECONDS) * 1000;
const OPEN_DEADLINE_MS = Number(env.DESK_OPEN_DEADLINE_SECONDS) * 1000;

/**
 * Moves the desk's clock (the tests and the objects share this isolate) and lets its alarm run, as
 * the runtime would at that time. From here on the test stays at that time.
 */
async function deskClockAt(time: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(time);
  await runDurableObjectAlarm(desk());
}

type DeskFrame = Extract<ServerFrame, { type: "desk" }>;
const isDesk = (frame: ServerFrame): frame is DeskFrame => frame.type === "desk";

describe("a listener's desk page proves they are there", () => {
  it("whose page falls silent without a close: no new conversation, and after the grace theirs go back, crisis first", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    const held = await visitorInSupportChat();
    await say(held.socket, "hello");
    await deskHolds(held.pairId, listener.user.id);
    const start = Date.now();

    // The page vanishes: no close ever arrives (a shut laptop), and no ping either.
    await deskClockAt(start + DESK_PAGE_DEADLINE_MS + 1000);
    const later = await visitorInSupportChat();
    await say(later.socket, "is anyone there?");
    await deskHolds(later.pairId, null);
    const told = await later.socket.waitFor((frame) => isDesk(frame) && frame.state === "queued");
    // Nobody is said to be available: the line says so, not 'soon'.
    expect(visitorDeskLine(told as DeskFrame, false, NO_COUNTRY_HELP)).toBe(
      `${VISITOR_DESK_TEXTS.noListener} ${VISITOR_DESK_TEXTS.inDanger(NO_COUNTRY_HELP)}`,
    );
    // The crisis banner, when it shows, holds the numbers: the line does not say them again.
    expect(visitorDeskLine(told as DeskFrame, true, NO_COUNTRY_HELP)).toBe(VISITOR_DESK_TEXTS.noListener);
    const urgent = await visitorInSupportChat();
    await say(urgent.socket, "I want to end my life");
    await deskHolds(urgent.pairId, null);
    // Within the grace, what they held stays theirs (a reload would change nothing).
    await deskHolds(held.pairId, listener.user.id);

    await deskClockAt(start + DESK_PAGE_DEADLINE_MS + GRACE_MS + 2000);
    const view = await desk().snapshot(listener.user.id, false);
    expect(view.me.available).toBe(false);
    expect(view.mine).toEqual([]);
    // Back at the head of the line, behind only a crisis.
    expect(view.waiting.map((conversation) => conversation.pairId)).toEqual([urgent.pairId, held.pairId, later.pairId]);
    await held.socket.waitFor((frame) => isDesk(frame) && frame.state === "queued" && frame.position === 2);
  });

  it("that closed and came back within the grace: nothing was handed back, and conversations come again", async () => {
    const listener = await insertListener();
    const page = await availableAtDesk(listener);
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    await deskHolds(visitor.pairId, listener.user.id);
    const start = Date.now();

    // A reload: the page closes...
    const closed = closing(page.ws);
    page.ws.close(1000, "reload");
    await closed();
    const whileAway = await visitorInSupportChat();
    await say(whileAway.socket, "hi");
    await deskHolds(whileAway.pairId, null);
    // ...and is back before the grace ends.
    await availableAtDesk(listener);
    await deskHolds(whileAway.pairId, listener.user.id);
    await deskClockAt(start + GRACE_MS + 1000);
    await deskHolds(visitor.pairId, listener.user.id);
    expect((await desk().snapshot(listener.user.id, false)).me.available).toBe(true);
  });
});

describe("what the visitor reads of a listener", () => {
  it("'joined' only once the listener opens the conversation, where it happened, under their alias", async () => {
    const listener = await insertListener();
    await setListenerAlias(listener.user.id, "Sam");
    await availableAtDesk(listener);
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    await deskHolds(visitor.pairId, listener.user.id);
    const given = await visitor.socket.waitFor((frame) => isDesk(frame) && frame.state === "assigned");
    expect(given).toMatchObject({ opened: false, joinedBefore: false, events: [] });
    expect(visitorDeskLine(given as DeskFrame, false, NO_COUNTRY_HELP)).toBe(
      `${VISITOR_DESK_TEXTS.comingSoon} ${VISITOR_DESK_TEXTS.inDanger(NO_COUNTRY_HELP)}`,
    );

    const room = await openDeskConversation(listener.cookie, visitor.user.id);
    if (!room.socket) throw new Error(`refused ${room.status}`);
    const joined = (await visitor.socket.waitFor((frame) => isDesk(frame) && frame.opened)) as DeskFrame;
    expect(visitorDeskLine(joined, false, NO_COUNTRY_HELP)).toBeNull();
    expect(joined.events.map(deskEventText)).toEqual(["Sam has joined."]);
    await say(room.socket, "I'm here.");
    // The join comes before the first reply, in time.
    const reply = await visitor.socket.waitFor(
      (frame) => frame.type === "message" && frame.message.text === "I'm here.",
    );
    expect(reply.type === "message" && joined.events[0] && joined.events[0].at <= reply.message.timestamp).toBe(true);
    // Never who: not the listener's id or username.
    expect(JSON.stringify(visitor.socket.frames)).not.toMatch(
      new RegExp(`${listener.user.id}|${listener.user.username}`),
    );
  });

  it("after a transfer, that another listener is joining, never as if nobody had been there", async () => {
    const [first, second] = [await insertListener(), await insertListener()];
    await availableAtDesk(first);
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    await deskHolds(visitor.pairId, first.user.id);
    const room = await openDeskConversation(first.cookie, visitor.user.id);
    if (!room.socket) throw new Error(`refused ${room.status}`);
    await visitor.socket.waitFor((frame) => isDesk(frame) && frame.opened);
    await say(room.socket, "I'm here.");
    await availableAtDesk(second);

    const sinceTransfer = visitor.socket.frames.length;
    expect(await desk().transfer(visitor.pairId, first.actor, second.user.id, null)).toMatchObject({ ok: true });
    const handedOn = (await visitor.socket.waitFor(
      (frame) => isDesk(frame) && frame.state === "assigned" && !frame.opened,
      sinceTransfer,
    )) as DeskFrame;
    expect(handedOn.joinedBefore).toBe(true);
    expect(visitorDeskLine(handedOn, false, NO_COUNTRY_HELP)).toBe(
      `${VISITOR_DESK_TEXTS.anotherComing} ${VISITOR_DESK_TEXTS.inDanger(NO_COUNTRY_HELP)}`,
    );
    expect(visitorDeskHeadline(handedOn)).toBe(VISITOR_DESK_HEADLINES.anotherComing);

    // Once the new listener opens it, they have joined; the next opening starts afresh.
    const secondRoom = await openDeskConversation(second.cookie, visitor.user.id);
    if (!secondRoom.socket) throw new Error(`refused ${secondRoom.status}`);
    const joined = (await visitor.socket.waitFor(
      (frame) => isDesk(frame) && frame.opened && frame.events.length === 2,
    )) as DeskFrame;
    expect(joined.joinedBefore).toBe(false);
    expect(visitorDeskLine(joined, false, NO_COUNTRY_HELP)).toBeNull();
  });

  it("a conversation given to someone who never opens it goes back to the line, to another listener", async () => {
    const [first, second] = [await insertListener(), await insertListener()];
    await availableAtDesk(first);
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    await deskHolds(visitor.pairId, first.user.id);
    // The second comes after: first holds it, unopened, until the deadline passes.
    await availableAtDesk(second);
    await runInDurableObject(desk(), (_instance, state) => {
      state.storage.sql.exec(`UPDATE desk_conversations SET assigned_at = assigned_at - ${OPEN_DEADLINE_MS + 1000}`);
    });
    expect(await runDurableObjectAlarm(desk())).toBe(true);
    await deskHolds(visitor.pairId, second.user.id);
    const view = await desk().snapshot(first.user.id, false);
    expect(view.mine).toEqual([]);
  });

  it("'Mark resolved' tells the visitor it ended and that writing again brings them back in line", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    const room = await openDeskConversation(listener.cookie, visitor.user.id);
    if (!room.socket) throw new Error(`refused ${room.status}`);
    await visitor.socket.waitFor((frame) => isDesk(frame) && frame.opened);
    await replyOnDesk(listener, visitor, "Hello, I'm listening.");
    expect(await desk().resolve(visitor.pairId, listener.actor, WRAP_UP)).toEqual({ ok: true });
    const ended = (await visitor.socket.waitFor(
      (frame) => isDesk(frame) && frame.events.some((event) => event.kind === "ended"),
    )) as DeskFrame;
    expect(ended.state).toBe("idle");
    expect(ended.events.map(deskEventText)).toEqual([VISITOR_DESK_TEXTS.joined(null), VISITOR_DESK_TEXTS.ended]);
    await say(visitor.socket, "me again");
    await deskHolds(visitor.pairId, listener.user.id);
  });
});
