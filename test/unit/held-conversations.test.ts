import { describe, expect, it } from "vitest";
import type { DeskConversation } from "~/shared/desk";
import { heldEntries, newVisitorMessages, titleWithCount, waitingForReply } from "~/shared/held-conversations";
import type { HeldConversation } from "~/shared/schemas/inbox-protocol";

const mine = (pairId: string, assignedAt: number, crisis = false): DeskConversation => ({
  pairId,
  visitorId: pairId,
  visitorName: `visitor-${pairId}`,
  waitingSince: null,
  crisis,
  listener: { id: "l", name: "listener" },
  assignedAt,
  openedAt: assignedAt,
  answered: true,
  country: null,
  language: null,
});
const inbox = (pairId: string, waitingSince: number | null, visitorSeq = 1, crisis = false): HeldConversation => ({
  pairId,
  visitorId: pairId,
  visitorName: `visitor-${pairId}`,
  waitingSince,
  preview: `words of ${pairId}`,
  visitorSeq,
  crisis,
});

describe("a listener's conversations as their desk pages list them", () => {
  it("put crisis first, then the longest wait for a reply, then the rest in the order they came", () => {
    const entries = heldEntries(
      [mine("a", 1), mine("b", 2), mine("c", 3), mine("d", 4)],
      [inbox("a", null), inbox("b", 500), inbox("c", 100), inbox("d", 900, 1, true)],
    );
    expect(entries.map((entry) => entry.pairId)).toEqual(["d", "c", "b", "a"]);
    expect(waitingForReply(entries)).toBe(3);
  });

  it("list only what the desk says they hold, with nothing known of one the inbox has not described", () => {
    const entries = heldEntries([mine("a", 1)], [inbox("gone", 5), inbox("a", null)]);
    expect(entries.map((entry) => [entry.pairId, entry.preview])).toEqual([["a", "words of a"]]);
    const unknown = heldEntries([mine("b", 1, true)], []);
    expect(unknown[0]).toMatchObject({ preview: null, visitorSeq: 0, waitingSince: null, crisis: true });
  });

  it("announce a visitor's new message only in a conversation not on screen, already listed, and waiting", () => {
    const entries = heldEntries(
      [mine("a", 1), mine("b", 2), mine("c", 3), mine("d", 4)],
      [inbox("a", 10, 2), inbox("b", 10, 5), inbox("c", 10, 3), inbox("d", null, 4)],
    );
    const before = new Map([
      ["a", 1],
      ["b", 4],
      ["d", 3],
    ]);
    expect(newVisitorMessages(entries, before, "b").map((entry) => entry.pairId)).toEqual(["a"]);
    expect(newVisitorMessages(entries, before, null).map((entry) => entry.pairId)).toEqual(["a", "b"]);
  });

  it("count those waiting in front of the tab's title, and nothing at zero", () => {
    expect(titleWithCount("Support desk | Kindred", 2)).toBe("(2) Support desk | Kindred");
    expect(titleWithCount("(2) Support desk | Kindred", 1)).toBe("(1) Support desk | Kindred");
    expect(titleWithCount("(2) Support desk | Kindred", 0)).toBe("Support desk | Kindred");
  });
});
