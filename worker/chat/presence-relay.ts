import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import { userInbox } from "../objects/inbox-service";

/**
 * What a member's header learns of the other member while the conversation is open (never while a
 * block closes it): 'online' the moment they open it, and, when a page asks, the answer of their
 * inbox, the one place that knows all their open pages.
 */
export const openedFrame = (userId: string): ServerFrame => ({
  type: "presence",
  userId,
  online: true,
  lastSeen: null,
});

export async function presenceFrame(userId: string): Promise<ServerFrame> {
  return { type: "presence", userId, ...(await userInbox(userId).presence()) };
}
