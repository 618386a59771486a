import { DESK_TEXTS } from "~/shared/desk";
import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import { blockedFrame } from "./closed-conversation";

/** Who wants to send, as far as whether they may send here at all is concerned. */
export type SendingSide = {
  /** A block closes the conversation (D1's word at the gate, or the room's own copy). */
  closed: boolean;
  /** A listener writing as the support account, and whether the desk gave them this conversation. */
  desk: { assigned: boolean } | null;
};

/**
 * Whether a message may be sent in this conversation at all, before anything of it is stored: one
 * policy for a socket's send, a page's form (checked in the Worker before an image is uploaded, and
 * again in the room) and a listener on the desk. A closed conversation takes nothing, whoever
 * writes; a listener writes as the support account only where the desk gave them the
 * conversation. Answers the refusal as the socket says it (the form shows its message), or null.
 */
export function admitSend(side: SendingSide, clientId?: string): Extract<ServerFrame, { type: "error" }> | null {
  if (side.closed) return blockedFrame(clientId);
  if (side.desk && !side.desk.assigned) {
    return { type: "error", code: "not_assigned", message: DESK_TEXTS.notAssigned, ...(clientId ? { clientId } : {}) };
  }
  return null;
}
