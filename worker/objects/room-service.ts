import { env } from "cloudflare:workers";
import type { ChatRoom } from "../chat/chat-room";

/**
 * What the rest of the server may ask of a conversation's room, and the one place it is reached
 * from (docs/architecture.md, "Scaling"), so who calls whom is visible here rather than scattered over stubs:
 * - the Worker: `fetch` (a chat socket, after its checks), `setBlocked` (blocks),
 *   `receivedMessage` (a report quotes what its reporter received), `purgeExpired` (the daily sweep),
 *   and for a conversation's page without its socket `pageView` (what the page renders)
 *   and `sendFromPage` (the composer posted as a form);
 * - a user's UserInbox: `endSessions` (a session's end closes its sockets here) and `markDelivered`
 *   (a page received the new-message event);
 * - the SupportDesk, for a support conversation: `deskChanged` (where it stands),
 *   `deskWaitingSince` (whether its visitor waits for a reply), `deskQuiet` (the inactivity clock),
 *   `addDeskNote` (a transfer's note, a supervisor's message);
 *   and the desk's pages: `deskNotes`, `addDeskNote`.
 */
type RoomCalls = Pick<
  DurableObjectStub<ChatRoom>,
  | "fetch"
  | "pageView"
  | "sendFromPage"
  | "setBlocked"
  | "receivedMessage"
  | "purgeExpired"
  | "endSessions"
  | "markDelivered"
  | "deskChanged"
  | "deskWaitingSince"
  | "deskQuiet"
  | "addDeskNote"
  | "deskNotes"
>;

/** The room of one conversation, by its pairId. */
export function chatRoom(pairId: string): RoomCalls {
  return env.CHAT_ROOM.getByName(pairId);
}
