import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { userSessions, users } from "../db/schema";

/**
 * Presence and the inactivity record on sign-in (spec section 4): online with lastSeen, and a fresh
 * lastActivity so the server-side idle check starts from now. The chat issue moves presence onto
 * sockets; these writes stay the sign-in/sign-out transitions.
 */
export async function recordSignIn(db: Db, userId: string, now = Date.now()): Promise<void> {
  await db.batch([
    db
      .update(users)
      .set({ isOnline: true, lastSeen: new Date(now) })
      .where(eq(users.id, userId)),
    db
      .insert(userSessions)
      .values({ userId, lastActivity: now, timestamp: new Date(now) })
      .onConflictDoUpdate({
        target: userSessions.userId,
        set: { lastActivity: now, timestamp: new Date(now), loggedOutAt: null, reason: null },
      }),
  ]);
}

/** Offline with lastSeen: sign-out, page unload, forced logout. */
export async function markOffline(db: Db, userId: string, now = Date.now()): Promise<void> {
  await db
    .update(users)
    .set({ isOnline: false, lastSeen: new Date(now) })
    .where(eq(users.id, userId));
}
