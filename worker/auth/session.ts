import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { SignedInUser, UserRole } from "../../app/lib/accounts";
import { SESSION_CHECK_INTERVAL_MS, SESSION_TIMEOUT_MS } from "../../app/lib/inactivity";
import { createDb, type Db } from "../db/client";
import { userSessions } from "../db/schema";
import { type Auth, createAuth } from "./auth";
import { closeSessionSockets, deleteSessionsOf, endAllSessions } from "./end-sessions";

let auth: Auth | undefined;

/** The app's better-auth instance (one per isolate; bindings are global on Workers). */
export function getAuth(): Auth {
  auth ??= createAuth({ d1: env.DB });
  return auth;
}

/** A signed-in request's session: who, which session (its sockets carry the id), and until when. */
export type SignedInSession = {
  user: SignedInUser;
  sessionId: string;
  /** When the session ends unless there is activity first (lastActivity + 10 minutes). */
  idleDeadline: number;
};

/**
 * The signed-in session of a request, or null. A session idle for more than 10 minutes is ended
 * here, on the server, whatever the browser's timers did (spec section 4, Inactivity); so is one of
 * a suspended account.
 */
export async function getSignedInSession(request: Request, now = Date.now()): Promise<SignedInSession | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const user = session.user as typeof session.user & {
    username: string;
    profilePic?: string | null;
    role?: string | null;
    suspendedAt?: Date | null;
  };
  if (user.suspendedAt) {
    await endAllSessions(user.id, "suspended");
    return null;
  }
  const db = createDb(env.DB);
  const idleDeadline = idleDeadlineOf(await readLastActivity(db, user.id));
  if (now > idleDeadline) {
    await forceLogout(db, user.id, now);
    return null;
  }
  return {
    user: {
      id: user.id,
      email: user.email,
      username: user.username,
      displayName: user.name,
      profilePic: user.profilePic ?? null,
      role: (user.role === "admin" ? "admin" : "user") satisfies UserRole,
    },
    sessionId: session.session.id,
    idleDeadline,
  };
}

/** The signed-in user of a request, or null (see getSignedInSession). */
export async function getSignedInUser(request: Request, now = Date.now()): Promise<SignedInUser | null> {
  return (await getSignedInSession(request, now))?.user ?? null;
}

/** The user's last recorded activity (0 when there is none: signed out, or forced out). */
export async function readLastActivity(db: Db, userId: string): Promise<number> {
  const [record] = await db
    .select({ lastActivity: userSessions.lastActivity })
    .from(userSessions)
    .where(eq(userSessions.userId, userId))
    .limit(1);
  return record?.lastActivity ?? 0;
}

/** The one idle rule (spec section 9): a session lives 10 minutes past its last activity. */
export function idleDeadlineOf(lastActivity: number): number {
  return lastActivity + SESSION_TIMEOUT_MS;
}

/**
 * Ends every session of an idle user and writes the forced-logout record the spec describes:
 * lastActivity 0, loggedOutAt, reason 'inactivity_timeout'; every socket opened with those sessions
 * closes (and with the last one the user's inbox marks them offline).
 */
export async function forceLogout(db: Db, userId: string, now = Date.now()): Promise<void> {
  const sessionIds = await writeIdleLogout(db, userId, now);
  await closeSessionSockets(userId, { reason: "inactivity", sessionIds, everySession: true });
}

/** The D1 side of an idle logout (the user's inbox closes the sockets); answers the ended sessions. */
export async function writeIdleLogout(db: Db, userId: string, now = Date.now()): Promise<string[]> {
  await db
    .insert(userSessions)
    .values({ userId, lastActivity: 0, timestamp: new Date(now), loggedOutAt: now, reason: "inactivity_timeout" })
    .onConflictDoUpdate({
      target: userSessions.userId,
      set: { lastActivity: 0, timestamp: new Date(now), loggedOutAt: now, reason: "inactivity_timeout" },
    });
  return deleteSessionsOf(db, userId);
}

/**
 * Records activity (the browser's throttled heartbeat) and returns the stored time for resync.
 * Activity only: presence is the inbox's to write, from the open pages' sockets.
 */
export async function recordActivity(userId: string, idleMs: number, now = Date.now()): Promise<number> {
  // The browser says how long ago its last activity was; never more than one check interval, so a
  // client cannot move its session record further than the rules allow.
  const lastActivity = now - Math.min(Math.max(0, idleMs), SESSION_CHECK_INTERVAL_MS);
  await createDb(env.DB)
    .update(userSessions)
    .set({ lastActivity, timestamp: new Date(now) })
    .where(eq(userSessions.userId, userId));
  return lastActivity;
}
