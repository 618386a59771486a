import { useSyncExternalStore } from "react";
import type { HeldConversation } from "~/shared/schemas/inbox-protocol";

/**
 * The latest list of the support conversations the listener holds, as their inbox socket pushed it
 * (the socket the header keeps on every signed-in page). Null until it has spoken: the desk pages
 * use their loader's list.
 */
let held: HeldConversation[] | null = null;
const listeners = new Set<() => void>();

export function setHeldConversations(next: HeldConversation[]) {
  held = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHeldConversations(): HeldConversation[] | null {
  return useSyncExternalStore(
    subscribe,
    () => held,
    () => null,
  );
}
