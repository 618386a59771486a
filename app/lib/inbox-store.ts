import { useSyncExternalStore } from "react";

/** A conversation in the signed-in user's list (the inbox's ChatSummary, as the browser gets it). */
export type InboxChat = {
  contactId: string;
  contactName: string;
  pairId: string;
  lastMessage: string;
  lastMessageTime: number;
  lastSeq: number;
  unread: boolean;
};
export type InboxState = { unread: number; chats: InboxChat[] };

/**
 * The latest push of the user's inbox socket, shared by every part of the page that shows it (the
 * header badge, the recent chats). Null until the socket has spoken: screens use their loader's data.
 */
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
