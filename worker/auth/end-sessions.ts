import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { SessionEndReason } from "~/shared/session-end";
import { createDb, type Db } from "../db/client";
import { sessions } from "../db/schema";
import { userInbox } from "../objects/inbox-service";
import { rememberEndedSessions } from "./ended-sessions";
import { leaveSupportLineIfSignedOut } from "./left-support-line";

export type SessionEnd = {
  reason: SessionEndReason;
  sessionIds: string[];
  everySession: boolean;
};

/** Rows go first, so no new request or socket gets in; resolves once every socket opened with them has closed. */
export async function endAllSessions(userId: string, reason: SessionEndReason, db: Db = createDb(env.DB)) {
  const sessionIds = await deleteSessionsOf(db, userId, reason);
  await closeSessionSockets(userId, { reason, sessionIds, everySession: true });
}

/** Why they ended is remembered by token, so a returning browser is told (worker/auth/ended-sessions.ts). */
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

export async function endOneSession(userId: string, sessionId: string, reason: SessionEndReason) {
  await closeSessionSockets(userId, { reason, sessionIds: [sessionId], everySession: false });
}

export async function closeSessionSockets(userId: string, end: SessionEnd): Promise<void> {
  await userInbox(userId).endSessions(end);
  await leaveSupportLineIfSignedOut(createDb(env.DB), userId, end);
}
