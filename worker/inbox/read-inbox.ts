import { env } from "cloudflare:workers";
import type { Presence } from "~/shared/schemas/chat-protocol";
import type { ChatSummary } from "./user-inbox";

/** A user's conversation list, newest first, only conversations with a last message. */
export function listConversations(userId: string): Promise<ChatSummary[]> {
  return env.USER_INBOX.getByName(userId).list();
}

/** How many conversations have an unread message: the header badge. */
export function unreadConversations(userId: string): Promise<number> {
  return env.USER_INBOX.getByName(userId).unreadCount();
}

/** Whether a person is online now, or when they were last seen: the conversation header. */
export function presenceOf(userId: string): Promise<Presence> {
  return env.USER_INBOX.getByName(userId).presence();
}

export type { ChatSummary };
