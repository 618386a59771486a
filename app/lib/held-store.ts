import { useSyncExternalStore } from "react";
import type { HeldConversation } from "~/shared/schemas/inbox-protocol";

/** Null until the inbox socket has spoken: the desk pages use their loader's list. */
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
