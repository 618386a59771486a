import { DESK_TEXTS } from "~/shared/desk";
import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import { blockedFrame } from "./closed-conversation";

export type SendingSide = {
  closed: boolean;
  desk: { assigned: boolean } | null;
};

/** One policy for a socket's send, a page's form (checked before an image is uploaded) and the desk. */
export function admitSend(side: SendingSide, clientId?: string): Extract<ServerFrame, { type: "error" }> | null {
  if (side.closed) return blockedFrame(clientId);
  if (side.desk && !side.desk.assigned) {
    return { type: "error", code: "not_assigned", message: DESK_TEXTS.notAssigned, ...(clientId ? { clientId } : {}) };
  }
  return null;
}
