import type { DeskConversation } from "./desk";
import type { HeldConversation } from "./schemas/inbox-protocol";

/** The desk's word on it with the listener's own inbox's (who wrote last, the visitor's newest words). */
export type HeldEntry = DeskConversation & {
  /** Null until the inbox has heard of it. */
  preview: string | null;
  visitorSeq: number;
};

/** Crisis first, then the longest wait for a reply, then the order given; `mine` decides what they hold. */
export function heldEntries(mine: DeskConversation[], held: HeldConversation[]): HeldEntry[] {
  const known = new Map(held.map((conversation) => [conversation.pairId, conversation]));
  return mine
    .map((conversation) => {
      const inbox = known.get(conversation.pairId);
      return {
        ...conversation,
        waitingSince: inbox?.waitingSince ?? null,
        crisis: conversation.crisis || (inbox?.crisis ?? false),
        preview: inbox ? inbox.preview : null,
        visitorSeq: inbox?.visitorSeq ?? 0,
      };
    })
    .sort(
      (a, b) =>
        Number(b.crisis) - Number(a.crisis) ||
        (a.waitingSince ?? Number.POSITIVE_INFINITY) - (b.waitingSince ?? Number.POSITIVE_INFINITY) ||
        (a.assignedAt ?? 0) - (b.assignedAt ?? 0) ||
        a.pairId.localeCompare(b.pairId),
    );
}

export function waitingForReply(entries: HeldEntry[]): number {
  return entries.filter((entry) => entry.waitingSince !== null).length;
}

/** The title alone at zero. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, "");
  return count > 0 ? `(${count}) ${bare}` : bare;
}

/** Not counting the one on screen nor one not listed before. */
export function newVisitorMessages(
  entries: HeldEntry[],
  before: ReadonlyMap<string, number>,
  viewing: string | null,
): HeldEntry[] {
  return entries.filter((entry) => {
    const seen = before.get(entry.pairId);
    return seen !== undefined && entry.visitorSeq > seen && entry.waitingSince !== null && entry.pairId !== viewing;
  });
}
