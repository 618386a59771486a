import { env } from "cloudflare:workers";
import type { ChatRoom } from "../chat/chat-room";

/** The one place a conversation's room is reached from (docs/architecture.md, "Scaling"). */
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

export function chatRoom(pairId: string): RoomCalls {
  return env.CHAT_ROOM.getByName(pairId);
}
