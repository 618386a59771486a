import { env } from "cloudflare:workers";
import type { UserInbox } from "../inbox/user-inbox";

/**
 * What the rest of the server may ask of a user's inbox, and the one place it is reached from
 * (docs/architecture.md, "Scaling"), so who calls whom is visible here rather than scattered over stubs:
 * - the Worker: `fetch` (the app-wide socket, after its checks); `confirmSession`,
 *   `recordActivity` and `endSessions` (sessions); `list`, `unreadCount`, `headerFacts` and
 *   `presence` (pages); `setBlocked` (blocks); `setListener` (the listener role, for the header);
 *   `heldConversations` (a desk page's first paint);
 * - a conversation's ChatRoom: `admitSocket` and `roomClosed` (which rooms hold the user's
 *   sockets), `confirmSession`, `recordMessage`, `recordRead`, `forgetMessagesUpTo` and `presence`;
 *   a support conversation's, `heldConversationChanged` (to the listener who holds it).
 */
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

/** The inbox of one user. */
export function userInbox(userId: string): InboxCalls {
  return env.USER_INBOX.getByName(userId);
}
