import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { SessionEndReason } from "~/shared/session-end";
import { createDb, type Db } from "../db/client";
import { sessions } from "../db/schema";
import { userInbox } from "../objects/inbox-service";
import { rememberEndedSessions } from "./ended-sessions";
import { leaveSupportLineIfSignedOut } from "./left-support-line";

/** What ended, as the user's inbox and rooms are told (sessions end everywhere at once). */
export type SessionEnd = {
  reason: SessionEndReason;
  /** The sessions that ended; their sockets close. */
  sessionIds: string[];
  /** All of the user's sessions ended: every socket of the user closes, whatever session it carries. */
  everySession: boolean;
};

/**
 * Ends every session of a user (password reset, inactivity, suspension): the rows go first, so no
 * new request or socket gets in with them, then every socket opened with them closes. Resolves once
 * the user's inbox and every room they have a socket in have closed those sockets.
 */
export async function endAllSessions(userId: string, reason: SessionEndReason, db: Db = createDb(env.DB)) {
  const sessionIds = await deleteSessionsOf(db, userId, reason);
  await closeSessionSockets(userId, { reason, sessionIds, everySession: true });
}

/**
 * Deletes a user's sessions; answers their ids. Why they ended is remembered by their tokens, so a
 * browser still holding one is told when it comes back (worker/auth/ended-sessions.ts).
 */
export async function deleteSessionsOf(db: Db, userId: string, reason: SessionEndReason): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id, token: sessions.token });
  if (reason === "inactivity" || reason === "suspended") {
    await rememberEndedSessions(
      db,
      ended.map((row) => row.token),
      reason,
    );
  }
  return ended.map((row) => row.id);
}

/** One session ended (sign-out): its sockets close, the user's other devices stay signed in. */
export async function endOneSession(userId: string, sessionId: string, reason: SessionEndReason) {
  await closeSessionSockets(userId, { reason, sessionIds: [sessionId], everySession: false });
}

/**
 * The user's inbox knows their sockets and the rooms they have sockets in
 * (docs/decisions/044-ending-a-session-ends-its-sockets-everywhere.md).
 */
export async function closeSessionSockets(userId: string, end: SessionEnd): Promise<void> {
  await userInbox(userId).endSessions(end);
  await leaveSupportLineIfSignedOut(createDb(env.DB), userId, end);
}
