/** A conversation as one member sees it in their list (the spec's users/{uid}/chats/{contactId}). */
export type ChatSummary = {
  contactId: string;
  contactName: string;
  pairId: string;
  lastMessage: string;
  lastMessageTime: number;
  lastSeq: number;
  unread: boolean;
};

/** What the inbox socket pushes to the user's open pages. */
export type InboxFrame =
  | { type: "inbox"; unread: number; chats: ChatSummary[] }
  | { type: "new-message"; contactId: string; contactName: string; preview: string; pairId: string };

export type InboxState = { unread: number; chats: ChatSummary[] };
