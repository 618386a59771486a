import { BLOCK_TEXTS, CONVERSATION_CLOSED_CLOSE_CODE } from "../../app/lib/safety";
import type { ServerFrame } from "../../app/schemas/chat-protocol";

/** The frame that tells a member the conversation is closed by a block (issue 12). */
export function blockedFrame(clientId?: string): ServerFrame {
  return { type: "error", code: "blocked", message: BLOCK_TEXTS.cannotMessage, ...(clientId ? { clientId } : {}) };
}

/** Tells a socket why, then closes it with the code the page stops reconnecting on. */
export function closeForBlock(ws: WebSocket, clientId?: string): void {
  try {
    ws.send(JSON.stringify(blockedFrame(clientId)));
    ws.close(CONVERSATION_CLOSED_CLOSE_CODE, "blocked");
  } catch {
    // Already closing.
  }
}

/**
 * The answer to an upgrade into a conversation a block closed: a socket that says so and closes,
 * so the page shows the message instead of retrying a refused upgrade it cannot read.
 */
export function closedConversationResponse(): Response {
  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  closeForBlock(server);
  return new Response(null, { status: 101, webSocket: client });
}
