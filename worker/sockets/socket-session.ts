import type { SessionEndReason } from "~/shared/session-end";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import type { SessionEnd } from "../auth/end-sessions";
import { setSocketAttachment } from "./socket-attachment";

/**
 * Ending this session closes the socket (docs/decisions/044-ending-a-session-ends-its-sockets-everywhere.md),
 * and a frame after the idle deadline is checked with the user's inbox first.
 */
export type SocketSession = {
  sessionId: string;
  /** lastActivity + 10 minutes as known when last checked; later frames ask the inbox again. */
  idleDeadline: number;
  /** Ending every session of a user ends those begun before that moment, whatever a cached cookie says. */
  startedAt: number;
  ended?: SessionEndReason;
};

export type SessionCheck = { live: true; idleDeadline: number } | { live: false; reason: SessionEndReason };

export type ConfirmSession = (session: Pick<SocketSession, "sessionId" | "startedAt">) => Promise<SessionCheck>;

/** A socket opened without a session is covered only when every session ends. */
export function endCovers(end: SessionEnd, session: Partial<SocketSession> | null | undefined): boolean {
  return end.everySession || (session?.sessionId !== undefined && end.sessionIds.includes(session.sessionId));
}

export function closeEndedSocket(ws: WebSocket, reason: SessionEndReason): void {
  try {
    ws.close(CLOSE_CODES.sessionEnded, reason);
  } catch {
    // Already closing.
  }
}

/** A socket that closes at once, so the page goes to sign-in with the right message instead of retrying. */
export function endedSessionResponse(reason: SessionEndReason): Response {
  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  closeEndedSocket(server, reason);
  return new Response(null, { status: 101, webSocket: client });
}

/** Never once the session ended; past the idle deadline only once `confirm` says it lives on. */
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
