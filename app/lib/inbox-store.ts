import { useSyncExternalStore } from "react";

import type { InboxState } from "~/shared/schemas/inbox-protocol";

/** Null until the socket has spoken: screens use their loader's data. */
let state: InboxState | null = null;
const listeners = new Set<() => void>();

export function setInboxState(next: InboxState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInboxState(): InboxState | null {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => null,
  );
}
