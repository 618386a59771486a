import type { Db } from "../db/client";
import { userSessions } from "../db/schema";
import { userInbox } from "../objects/inbox-service";

/**
 * Spec section 4. The inbox keeps activity from then on (heartbeats write nothing to D1); presence is
 * not written here, its only writer is the inbox (docs/architecture.md, "Scaling").
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
