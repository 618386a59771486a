import type { Db } from "../db/client";
import { userSessions } from "../db/schema";

/**
 * The inactivity record on sign-in (spec section 4): a fresh lastActivity, so the server-side idle
 * check starts from now. Presence is not written here: the user's inbox is its only writer, from
 * the sockets of the pages they have open (DESIGN.md "UserInbox").
 */
export async function recordSignIn(db: Db, userId: string, now = Date.now()): Promise<void> {
  await db
    .insert(userSessions)
    .values({ userId, lastActivity: now, timestamp: new Date(now) })
    .onConflictDoUpdate({
      target: userSessions.userId,
      set: { lastActivity: now, timestamp: new Date(now), loggedOutAt: null, reason: null },
    });
}
