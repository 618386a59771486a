import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { SignedInUser, UserRole } from "../../app/lib/accounts";
import { SESSION_CHECK_INTERVAL_MS, SESSION_TIMEOUT_MS } from "../../app/lib/inactivity";
import { createDb, type Db } from "../db/client";
import { sessions, userSessions, users } from "../db/schema";
import { type Auth, createAuth } from "./auth";
import { markOffline } from "./presence";

let auth: Auth | undefined;

/** The app's better-auth instance (one per isolate; bindings are global on Workers). */
export function getAuth(): Auth {
  auth ??= createAuth({ d1: env.DB });
  return auth;
}

/**
 * The signed-in user of a request, or null. A session idle for more than 10 minutes is ended here,
 * on the server, whatever the browser's timers did (spec section 4, Inactivity).
 */
export async function getSignedInUser(request: Request, now = Date.now()): Promise<SignedInUser | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const db = createDb(env.DB);
  const [record] = await db.select().from(userSessions).where(eq(userSessions.userId, session.user.id)).limit(1);
  if (!record || now - record.lastActivity > SESSION_TIMEOUT_MS) {
    await forceLogout(db, session.user.id, now);
    return null;
  }
  const user = session.user as typeof session.user & {
    username: string;
    profilePic?: string | null;
    role?: string | null;
  };
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    displayName: user.name,
    profilePic: user.profilePic ?? null,
    role: (user.role === "admin" ? "admin" : "user") satisfies UserRole,
  };
}

/**
 * Ends every session of an idle user and writes the forced-logout record the spec describes:
 * lastActivity 0, loggedOutAt, reason 'inactivity_timeout'; the user goes offline.
 */
export async function forceLogout(db: Db, userId: string, now = Date.now()): Promise<void> {
  await db.batch([
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db
      .insert(userSessions)
      .values({ userId, lastActivity: 0, timestamp: new Date(now), loggedOutAt: now, reason: "inactivity_timeout" })
      .onConflictDoUpdate({
        target: userSessions.userId,
        set: { lastActivity: 0, timestamp: new Date(now), loggedOutAt: now, reason: "inactivity_timeout" },
      }),
  ]);
  await markOffline(db, userId, now);
}

/**
 * Records activity (the browser's throttled heartbeat) and returns the stored time for resync.
 * Presence is not written here: the inbox sockets own it, on transitions only.
 */
export async function recordActivity(userId: string, idleMs: number, now = Date.now()): Promise<number> {
  // The browser says how long ago its last activity was; never more than one check interval, so a
  // client cannot move its session record further than the rules allow.
  const lastActivity = now - Math.min(Math.max(0, idleMs), SESSION_CHECK_INTERVAL_MS);
  const db = createDb(env.DB);
  await db.batch([
    db
      .update(userSessions)
      .set({ lastActivity, timestamp: new Date(now) })
      .where(eq(userSessions.userId, userId)),
    db
      .update(users)
      .set({ isOnline: true, lastSeen: new Date(now) })
      .where(eq(users.id, userId)),
  ]);
  return lastActivity;
}
