import { SESSION_ENDED_CLOSE_CODE, type SessionEndReason } from "~/shared/session-end";
import type { SessionEnd } from "./end-sessions";
import type { SignedInSession } from "./session";

/**
 * The session a socket was opened with, kept in its attachment by the ChatRoom and the UserInbox
 * (DESIGN.md "Session ↔ socket"): ending that session closes the socket, and a frame that arrives
 * after its idle deadline is checked with the user's inbox before anything is done with it.
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

/**
 * A socket's attachment, kept in memory once read, so a frame's checks cost no structured-clone
 * deserialization (issue 13: every chat message reads its sender's). Written only through
 * setSocketAttachment, so the copy in memory and the stored one agree; after hibernation the sockets
 * are new objects and their attachments are read afresh.
 */
const attachments = new WeakMap<WebSocket, unknown>();

export function socketAttachment<T>(ws: WebSocket): Readonly<T> | null {
  if (attachments.has(ws)) return attachments.get(ws) as T | null;
  const value = ws.deserializeAttachment() as T | null;
  attachments.set(ws, value);
  return value;
}

export function setSocketAttachment<T>(ws: WebSocket, value: T): void {
  ws.serializeAttachment(value);
  attachments.set(ws, value);
}

/** Headers through which the Worker, after its checks, tells a Durable Object the socket's session. */
const SESSION_HEADERS = {
  sessionId: "X-Kindred-Session-Id",
  idleDeadline: "X-Kindred-Idle-Deadline",
  startedAt: "X-Kindred-Session-Started-At",
} as const;

export function setSessionHeaders(headers: Headers, session: SignedInSession): void {
  headers.set(SESSION_HEADERS.sessionId, session.sessionId);
  headers.set(SESSION_HEADERS.idleDeadline, String(session.idleDeadline));
  headers.set(SESSION_HEADERS.startedAt, String(session.startedAt));
}

/** The session the Worker vouched for, or null when the headers are missing (not from the Worker). */
export function sessionFromHeaders(headers: Headers): SocketSession | null {
  const sessionId = headers.get(SESSION_HEADERS.sessionId);
  const idleDeadline = Number(headers.get(SESSION_HEADERS.idleDeadline));
  const startedAt = Number(headers.get(SESSION_HEADERS.startedAt));
  if (!sessionId || !Number.isFinite(idleDeadline) || !Number.isFinite(startedAt)) return null;
  return { sessionId, idleDeadline, startedAt };
}

/** Whether a session's end covers a socket. */
export function endCovers(end: SessionEnd, session: SocketSession | undefined): boolean {
  return end.everySession || (session !== undefined && end.sessionIds.includes(session.sessionId));
}

/** Closes a socket whose session ended, with the code and reason the browser acts on. */
export function closeEndedSocket(ws: WebSocket, reason: SessionEndReason): void {
  try {
    ws.close(SESSION_ENDED_CLOSE_CODE, reason);
  } catch {
    // Already closing.
  }
}

/** What the inbox answers about a session a room or socket asks after. */
export type SessionCheck = { live: true; idleDeadline: number } | { live: false; reason: SessionEndReason };

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

/** Answers a close the browser started; a socket the server closed first needs nothing more. */
export function completeClosingHandshake(ws: WebSocket, code: number): void {
  if (code === 1005 || code === 1006) return;
  try {
    ws.close(code, "closing");
  } catch {
    // Already closed from this side (a session's end).
  }
}

/**
 * Whether a frame from a socket may be processed (the ChatRoom and the UserInbox ask this first):
 * never once its session ended; past its idle deadline only after `confirm` (the user's inbox) says
 * the session lives on, with the later deadline kept. A socket whose session is over is closed.
 */
export async function frameAllowed<T extends Partial<SocketSession>>(
  ws: WebSocket,
  attachment: T,
  confirm: (session: Pick<SocketSession, "sessionId" | "startedAt">) => Promise<SessionCheck>,
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
