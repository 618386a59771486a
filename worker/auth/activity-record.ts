import type { Db } from "../db/client";
import { userSessions } from "../db/schema";
import { userInbox } from "../objects/inbox-service";

/**
 * The inactivity record on sign-in (spec section 4): a fresh lastActivity in D1, and the same with
 * the user's inbox, which keeps the activity from then on (heartbeats write nothing to D1) and
 * answers the server-side idle check. Presence is not written here: the inbox is its only writer,
 * from the sockets of the pages the user has open (docs/architecture.md, "Scaling").
 */
export async function recordSignIn(db: Db, userId: string, now = Date.now()): Promise<void> {
  await db
    .insert(userSessions)
    .values({ userId, lastActivity: now, timestamp: new Date(now) })
    .onConflictDoUpdate({
      target: userSessions.userId,
      set: { lastActivity: now, timestamp: new Date(now), loggedOutAt: null, reason: null },
    });
  await userInbox(userId).recordActivity(now);
}
