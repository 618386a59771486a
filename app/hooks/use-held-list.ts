import { useEffect, useMemo } from "react";
import { useHeldConversations } from "~/lib/held-store";
import type { DeskConversation } from "~/shared/desk";
import { type HeldEntry, heldEntries, titleWithCount, waitingForReply } from "~/shared/held-conversations";
import type { HeldConversation } from "~/shared/schemas/inbox-protocol";

/** Live from the inbox socket; the loader's list until it speaks. */
export function useHeldList(mine: DeskConversation[], loaded: HeldConversation[]): HeldEntry[] {
  const live = useHeldConversations();
  const entries = useMemo(() => heldEntries(mine, live ?? loaded), [mine, live, loaded]);
  useTitleCount(waitingForReply(entries));
  return entries;
}

/** Edits the title's own text node after every render, since the meta may have rewritten its loader's count. */
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
