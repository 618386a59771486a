import { useEffect, useMemo } from "react";
import { useHeldConversations } from "~/lib/held-store";
import type { DeskConversation } from "~/shared/desk";
import { type HeldEntry, heldEntries, titleWithCount, waitingForReply } from "~/shared/held-conversations";
import type { HeldConversation } from "~/shared/schemas/inbox-protocol";

/**
 * The listener's conversations as the desk lists them, with who waits for their reply: live from
 * their inbox socket, the loader's list until it speaks. The tab's title counts those waiting.
 */
export function useHeldList(mine: DeskConversation[], loaded: HeldConversation[]): HeldEntry[] {
  const live = useHeldConversations();
  const entries = useMemo(() => heldEntries(mine, live ?? loaded), [mine, live, loaded]);
  useTitleCount(waitingForReply(entries));
  return entries;
}

/**
 * Keeps the count in front of the page's title. It edits the title's own text node, which React
 * rendered and keeps, after every render (the page's meta may have written its loader's count
 * meanwhile): the next page's title replaces it as usual, and leaving puts the bare one back.
 */
function useTitleCount(count: number): void {
  useEffect(() => {
    const text = document.querySelector("title")?.firstChild;
    if (!(text instanceof Text)) return;
    const shown = titleWithCount(text.data, count);
    if (text.data !== shown) text.data = shown;
    return () => {
      if (text.data === shown) text.data = titleWithCount(shown, 0);
    };
  });
}
