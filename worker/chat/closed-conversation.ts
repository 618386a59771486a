import { BLOCK_TEXTS } from "~/shared/safety";
import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import { CLOSE_CODES } from "~/shared/socket-protocol";

/** The socket stays open: the history stays readable for both. */
export function blockedFrame(clientId?: string): Extract<ServerFrame, { type: "error" }> {
  return { type: "error", code: "blocked", message: BLOCK_TEXTS.cannotMessage, ...(clientId ? { clientId } : {}) };
}

export const REOPENED_CLOSE = { code: CLOSE_CODES.reopened, reason: "reopened" } as const;
