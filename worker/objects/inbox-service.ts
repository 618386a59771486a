import { env } from "cloudflare:workers";
import type { UserInbox } from "../inbox/user-inbox";

/** The one place a user's inbox is reached from (docs/architecture.md, "Scaling"). */
export type InboxCalls = Pick<
  DurableObjectStub<UserInbox>,
  | "fetch"
  | "confirmSession"
  | "recordActivity"
  | "endSessions"
  | "list"
  | "unreadCount"
  | "headerFacts"
  | "setListener"
  | "presence"
  | "setBlocked"
  | "admitSocket"
  | "roomClosed"
  | "recordMessage"
  | "recordRead"
  | "forgetMessagesUpTo"
  | "heldConversationChanged"
  | "heldConversations"
>;

export function userInbox(userId: string): InboxCalls {
  return env.USER_INBOX.getByName(userId);
}
