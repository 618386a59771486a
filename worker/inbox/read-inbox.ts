import { env } from "cloudflare:workers";
import type { ChatSummary } from "./user-inbox";

/** A user's conversation list, newest first, only conversations with a last message. */
export function listConversations(userId: string): Promise<ChatSummary[]> {
  return env.USER_INBOX.getByName(userId).list();
}

/** How many conversations have an unread message: the header badge. */
export function unreadConversations(userId: string): Promise<number> {
  return env.USER_INBOX.getByName(userId).unreadCount();
}

export type { ChatSummary };
