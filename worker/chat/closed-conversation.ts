import { BLOCK_TEXTS } from "~/shared/safety";
import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import { CLOSE_CODES } from "~/shared/socket-protocol";

/**
 * The frame that tells a member a block closed the conversation: sent to every open
 * socket when the block is made, to a socket opened while it lasts, and as the answer to a send
 * (with its temp- id). The socket stays open: the history stays readable for both.
 */
export function blockedFrame(clientId?: string): Extract<ServerFrame, { type: "error" }> {
  return { type: "error", code: "blocked", message: BLOCK_TEXTS.cannotMessage, ...(clientId ? { clientId } : {}) };
}

/**
 * How the room closes its sockets when a block is lifted: an ordinary close the page reconnects
 * after, so it finds the conversation open again without a reload.
 */
export const REOPENED_CLOSE = { code: CLOSE_CODES.reopened, reason: "reopened" } as const;
