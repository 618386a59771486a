import { z } from "./zod";

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
  | { type: "new-message"; contactId: string; contactName: string; preview: string; pairId: string; seq: number }
  | { type: "error"; message: string };

/** What a page tells its inbox: it received a conversation's messages up to seq ('delivered'). */
export const InboxClientFrameSchema = z.object({
  type: z.literal("delivered"),
  pairId: z.string().min(3).max(200),
  seq: z.number().int().min(1),
});
export type InboxClientFrame = z.infer<typeof InboxClientFrameSchema>;

export type InboxState = { unread: number; chats: ChatSummary[] };
