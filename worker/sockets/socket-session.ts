import type { SessionEndReason } from "~/shared/session-end";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import type { SessionEnd } from "../auth/end-sessions";
import { setSocketAttachment } from "./socket-attachment";

/**
 * The session a socket was opened with, kept in its attachment by the ChatRoom and the UserInbox
 * (docs/decisions/044-ending-a-session-ends-its-sockets-everywhere.md): ending that session closes
 * the socket, and a frame that arrives after its idle deadline is checked with the user's inbox before
 * anything is done with it.
 */
export type SocketSession = {
  sessionId: string;
  /** lastActivity + 10 minutes as known when last checked; later frames ask the inbox again. */
  idleDeadline: number;
  /**
   * When the session began (signed in). Ending every session of a user ends those begun before
   * that moment, whatever a cached session cookie says, so a socket of one of them is refused.
   */
  startedAt: number;
  /** Set just before the socket is closed for a session's end: nothing it sends is processed. */
  ended?: SessionEndReason;
};

/** What the inbox answers about a session a room or socket asks after. */
export type SessionCheck = { live: true; idleDeadline: number } | { live: false; reason: SessionEndReason };

/** Asks the user's inbox whether a socket's session lives on (past its idle deadline). */
export type ConfirmSession = (session: Pick<SocketSession, "sessionId" | "startedAt">) => Promise<SessionCheck>;

/** Whether a session's end covers a socket (one opened without a session only when every session ends). */
export function endCovers(end: SessionEnd, session: Partial<SocketSession> | null | undefined): boolean {
  return end.everySession || (session?.sessionId !== undefined && end.sessionIds.includes(session.sessionId));
}

/** Closes a socket whose session ended, with the code and reason the browser acts on. */
export function closeEndedSocket(ws: WebSocket, reason: SessionEndReason): void {
  try {
    ws.close(CLOSE_CODES.sessionEnded, reason);
  } catch {
    // Already closing.
  }
}

/**
 * The answer to an upgrade whose session has already ended: a socket that closes at once with the
 * reason, so the page goes to the sign-in page with the right message instead of retrying.
 */
export function endedSessionResponse(reason: SessionEndReason): Response {
  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  closeEndedSocket(server, reason);
  return new Response(null, { status: 101, webSocket: client });
}

/**
 * Whether a frame from a socket may be processed (the ChatRoom and the UserInbox ask this first):
 * never once its session ended; past its idle deadline only after `confirm` (the user's inbox) says
 * the session lives on, with the later deadline kept. A socket whose session is over is closed.
 */
export async function frameAllowed<T extends Partial<SocketSession>>(
  ws: WebSocket,
  attachment: T,
  confirm: ConfirmSession,
): Promise<boolean> {
  if (attachment.ended) return false;
  const { sessionId, idleDeadline, startedAt } = attachment;
  if (!sessionId || idleDeadline === undefined || idleDeadline > Date.now()) return true;
  const check = await confirm({ sessionId, startedAt: startedAt ?? 0 });
  if (check.live) {
    setSocketAttachment(ws, { ...attachment, idleDeadline: check.idleDeadline });
    return true;
  }
  setSocketAttachment(ws, { ...attachment, ended: check.reason });
  closeEndedSocket(ws, check.reason);
  return false;
}
