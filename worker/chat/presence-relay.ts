import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import { userInbox } from "../objects/inbox-service";

/** Never while a block closes the conversation; the other's inbox knows all their open pages. */
export const openedFrame = (userId: string): ServerFrame => ({
  type: "presence",
  userId,
  online: true,
  lastSeen: null,
});

export async function presenceFrame(userId: string): Promise<ServerFrame> {
  return { type: "presence", userId, ...(await userInbox(userId).presence()) };
}
