import { and, eq, notInArray } from "drizzle-orm";
import { pairIdFor } from "~/shared/pair-id";
import { getConfig } from "../config";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import { supportDesk } from "../objects/desk-service";
import type { SessionEnd } from "./end-sessions";

/** Counted as abandoned; never throws: ending a session must not fail on the desk's account. */
export async function leaveSupportLineIfSignedOut(db: Db, userId: string, end: SessionEnd): Promise<void> {
  const supportId = getConfig().public.supportUserId;
  if (userId === supportId) return;
  try {
    if (!end.everySession) {
      // A sign-out is told before its row goes: the sessions that remain are the others.
      const left = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), notInArray(sessions.id, end.sessionIds)))
        .limit(1);
      if (left.length > 0) return;
    }
    await supportDesk().visitorLeft(pairIdFor(userId, supportId));
  } catch (error) {
    console.error(JSON.stringify({ at: "inbox.left-support-line", userId, error: String(error) }));
  }
}
