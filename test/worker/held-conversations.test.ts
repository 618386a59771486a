import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { HeldConversation, InboxFrame } from "~/shared/schemas/inbox-protocol";
import { insertListener } from "./support/accounts";
import { openInboxSocket } from "./support/chat-sockets";
import {
  availableAtDesk,
  clearDesk,
  desk,
  deskHolds,
  replyOnDesk,
  say,
  seedSupport,
  visitorInSupportChat,
} from "./support/desk";
import { until } from "./support/until";

const WRAP_UP = { topics: ["Other"], riskDiscussed: false };

beforeAll(seedSupport);
beforeEach(clearDesk);

/** A user's inbox socket, with the held lists it was pushed. */
async function inboxOf(cookie: string) {
  const inbox = await openInboxSocket(cookie);
  if (!inbox.ws) throw new Error(`inbox socket refused: ${inbox.status}`);
  const frames = inbox.frames as InboxFrame[];
  const heldLists = () =>
    frames.flatMap((frame) => (frame.type === "held" ? [frame.conversations] : ([] as HeldConversation[][])));
  return {
    frames,
    /** Waits for a pushed list that passes `check`, and answers it. */
    async waitForHeld(check: (held: HeldConversation[]) => boolean): Promise<HeldConversation[]> {
      await until(() => heldLists().some(check));
      return heldLists().find(check) ?? [];
    },
  };
}

const heldOf = (listenerId: string) => env.USER_INBOX.getByName(listenerId).heldConversations();

describe("a listener's own inbox knows which of their conversations waits for their reply", () => {
  it("learns of each visitor message and of each reply, the wait cleared by the reply and started again by the visitor", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    const inbox = await inboxOf(listener.cookie);
    const visitor = await visitorInSupportChat();
    const visitorInbox = await inboxOf(visitor.cookie);
    await say(visitor.socket, "hello, is anyone there?");
    await deskHolds(visitor.pairId, listener.user.id);

    const waiting = await inbox.waitForHeld((held) => held[0]?.waitingSince != null);
    const firstSeq = waiting[0]?.visitorSeq ?? 0;
    expect(waiting).toEqual([
      {
        pairId: visitor.pairId,
        visitorId: visitor.user.id,
        visitorName: visitor.user.username,
        waitingSince: expect.any(Number),
        preview: "hello, is anyone there?",
        visitorSeq: expect.any(Number),
        crisis: false,
      },
    ]);
    const since = waiting[0]?.waitingSince;

    // A second message: still waiting since the first, the newest words shown.
    await say(visitor.socket, "please");
    const second = await inbox.waitForHeld((held) => held[0]?.preview === "please");
    expect(second[0]).toMatchObject({ waitingSince: since, visitorSeq: firstSeq + 1 });

    // The reply ends the wait; the visitor's words stay.
    const room = await replyOnDesk(listener, visitor, "I'm here.");
    const answered = await inbox.waitForHeld((held) => held[0]?.waitingSince === null);
    expect(answered[0]).toMatchObject({ preview: "please", visitorSeq: firstSeq + 1 });
    expect(await heldOf(listener.user.id)).toEqual(answered);

    // Crisis words in a held conversation flag it, and the wait starts again from that message.
    await say(visitor.socket, "I want to kill myself");
    const flagged = await inbox.waitForHeld((held) => held[0]?.crisis === true && held[0].waitingSince !== null);
    expect(flagged[0]?.preview).toBe("I want to kill myself");
    expect(flagged[0]?.waitingSince).toBeGreaterThan(since ?? 0);

    // Resolved: the list empties.
    await say(room, "Let's call the line together.");
    await inbox.waitForHeld((held) => held[0]?.waitingSince === null);
    expect(await desk().resolve(visitor.pairId, listener.actor, WRAP_UP)).toEqual({ ok: true });
    await inbox.waitForHeld((held) => held.length === 0);
    expect(await heldOf(listener.user.id)).toEqual([]);

    // The visitor's own inbox heard nothing of it.
    expect(visitorInbox.frames.some((frame) => frame.type === "held")).toBe(false);
    expect(JSON.stringify(visitorInbox.frames)).not.toContain(listener.user.id);
    expect(await heldOf(visitor.user.id)).toEqual([]);
  });

  it("moves to the new holder with a transfer, waiting as it was", async () => {
    const [a, b] = [await insertListener(), await insertListener()];
    await availableAtDesk(a);
    const aInbox = await inboxOf(a.cookie);
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hi");
    await deskHolds(visitor.pairId, a.user.id);
    const held = await aInbox.waitForHeld((list) => list.length === 1);
    await availableAtDesk(b);
    const bInbox = await inboxOf(b.cookie);

    expect(await desk().transfer(visitor.pairId, a.actor, b.user.id, null)).toEqual({ ok: true });
    const moved = await bInbox.waitForHeld((list) => list.length === 1);
    expect(moved).toEqual(held);
    await aInbox.waitForHeld((list) => list.length === 0);
    expect(await heldOf(a.user.id)).toEqual([]);

    // From now on only the new holder hears of the visitor's messages.
    await say(visitor.socket, "are you still there?");
    await bInbox.waitForHeld((list) => list[0]?.preview === "are you still there?");
    expect(await heldOf(a.user.id)).toEqual([]);
  });

  it("is cleared when the conversation goes back to the line", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    const inbox = await inboxOf(listener.cookie);
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    await deskHolds(visitor.pairId, listener.user.id);
    await inbox.waitForHeld((list) => list.length === 1);
    expect(await desk().returnToLine(visitor.pairId, listener.actor)).toEqual({ ok: true });
    await inbox.waitForHeld((list) => list.length === 0);
    // Back in line, its visitor's messages reach nobody's inbox.
    await say(visitor.socket, "hello?");
    await deskHolds(visitor.pairId, null);
    expect(await heldOf(listener.user.id)).toEqual([]);
  });

  it("never takes a notice older than what it shows", async () => {
    const inbox = env.USER_INBOX.getByName("held-order");
    const notice = {
      pairId: "a:b",
      visitorId: "a",
      visitorName: "visitor",
      waitingSince: 1000,
      preview: "newer",
      visitorSeq: 3,
      crisis: false,
      held: true,
      version: 20,
      seq: 3,
    };
    await inbox.heldConversationChanged(notice);
    // Written before the one above (an older seq, or an older word of the desk): ignored.
    await inbox.heldConversationChanged({ ...notice, preview: "older", seq: 2 });
    await inbox.heldConversationChanged({ ...notice, held: false, version: 10, seq: 9 });
    expect((await inbox.heldConversations()).map((held) => held.preview)).toEqual(["newer"]);
    // Released with a newer word: a late notice of the old holding cannot bring it back.
    await inbox.heldConversationChanged({ ...notice, held: false, version: 30 });
    await inbox.heldConversationChanged({ ...notice, preview: "late", seq: 4 });
    expect(await inbox.heldConversations()).toEqual([]);
  });
});
