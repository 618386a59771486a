import type { DeskConversation } from "./desk";
import type { HeldConversation } from "./schemas/inbox-protocol";

/**
 * One of a listener's conversations as their desk pages list it: the desk's word on it (held,
 * opened, answered, country, language) with their own inbox's (who wrote last and since when, the
 * visitor's newest words).
 */
export type HeldEntry = DeskConversation & {
  /** The visitor's newest words (null: the inbox has not heard of this conversation yet). */
  preview: string | null;
  /** The visitor's newest message's seq (0: none known). */
  visitorSeq: number;
};

/**
 * The listener's conversations, the desk's list (`mine`, which decides what they hold) with what
 * their inbox knows of each: crisis first, then whoever has waited longest for a reply, then the
 * rest in the order they were given.
 */
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

/** How many of them wait for the listener's reply: the count in the tab's title. */
export function waitingForReply(entries: HeldEntry[]): number {
  return entries.filter((entry) => entry.waitingSince !== null).length;
}

/** The tab's title with that count in front, '(2) Support desk | Kindred'; the title alone at zero. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, "");
  return count > 0 ? `(${count}) ${bare}` : bare;
}

/**
 * The conversations whose visitor wrote since `before` (the visitor's newest seq of each then), not
 * counting `viewing` (the conversation on screen) nor one not listed before: those are announced.
 */
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
