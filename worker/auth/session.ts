import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { parse, serialize } from "hono/utils/cookie";
import type { SignedInUser, UserRole } from "~/shared/accounts";
import { SESSION_TIMEOUT_MS } from "~/shared/inactivity";
import type { SessionEndReason } from "~/shared/session-end";
import { createDb, type Db } from "../db/client";
import { userSessions } from "../db/schema";
import { setResponseCookie } from "../http/response-cookies";
import { userInbox } from "../objects/inbox-service";
import { type Auth, createAuth } from "./auth";
import { closeSessionSockets, deleteSessionsOf, endAllSessions } from "./end-sessions";
import { endedSessionReason } from "./ended-sessions";

let auth: Auth | undefined;

/**
 * The D1 of the request being handled, looked up at each use: a request's D1 is its own session
 * (worker/db/read-replication.ts), and one better-auth instance serves every request.
 */
const currentD1 = new Proxy({} as D1Database, {
  get(_target, key) {
    const d1 = env.DB;
    const value = Reflect.get(d1, key, d1);
    return typeof value === "function" ? value.bind(d1) : value;
  },
});

/** The app's better-auth instance (one per isolate). */
export function getAuth(): Auth {
  auth ??= createAuth({ d1: currentD1 });
  return auth;
}

/** A signed-in request's session: who, which session (its sockets carry the id), and until when. */
export type SignedInSession = {
  user: SignedInUser;
  sessionId: string;
  /** When the session began (sign-in): ending all of a user's sessions ends those begun before. */
  startedAt: number;
  /** When the session ends unless there is activity first (lastActivity + 10 minutes). */
  idleDeadline: number;
};

/**
 * A request's signed-in session, or, when the session it carried has ended, why (null when it
 * carried none, or one that is gone with no end remembered): the sign-in page it is sent to says so.
 */
type SessionLookup = { session: SignedInSession; ended: null } | { session: null; ended: SessionEndReason | null };

/**
 * The signed-in session of a request, or null. A session idle for more than 10 minutes is ended
 * here, on the server, whatever the browser's timers did (spec section 4, Inactivity); so is one of
 * a suspended account.
 */
export async function getSignedInSession(request: Request, now = Date.now()): Promise<SignedInSession | null> {
  return (await lookUpSession(request, now)).session;
}

/** getSignedInSession, with the reason when the request's session has ended. */
export async function lookUpSession(request: Request, now = Date.now()): Promise<SessionLookup> {
  const found = await lookUpAuthSession(request, now);
  if (!found.session) return found;
  const { session, idleDeadline } = found;
  const user = session.user as AuthUser;
  const signedIn: SignedInSession = {
    user: {
      id: user.id,
      email: user.email,
      username: user.username,
      displayName: user.name,
      profilePic: user.profilePic ?? null,
      role: (user.role === "admin" ? "admin" : "user") satisfies UserRole,
    },
    sessionId: session.session.id,
    startedAt: new Date(session.session.createdAt).getTime(),
    idleDeadline,
  };
  return { session: signedIn, ended: null };
}

type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
type AuthUser = AuthSession["user"] & {
  username: string;
  profilePic?: string | null;
  role?: string | null;
  suspendedAt?: Date | null;
};

/**
 * better-auth's session for a request's cookies, only while it lives; otherwise why it ended (null
 * when there was none). Every signed-in answer goes through here, the app's pages and API and
 * better-auth's own get-session alike.
 *
 * D1 is not asked on most requests: better-auth's signed session cache cookie vouches for the
 * session for a few minutes, and the user's inbox, which keeps their activity and hears of every
 * session's end (sign-out, reset, suspension, idleness), answers whether it still lives.
 */
export async function lookUpAuthSession(
  request: Request,
  now = Date.now(),
): Promise<
  { session: AuthSession; idleDeadline: number; ended: null } | { session: null; ended: SessionEndReason | null }
> {
  const { headers, response: session } = await getAuth().api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  const ended = session ? null : await rememberedEnd(request);
  // A refreshed session cache cookie (or its removal) goes out with this request's response. The
  // cookie of a session whose end is remembered stays: whichever page the browser comes back to
  // first (the landing page, say), the next one that needs a session can still say why it ended.
  const { sessionToken } = await authCookies();
  for (const cookie of headers.getSetCookie()) {
    if (!(ended && cookie.startsWith(`${sessionToken.name}=`))) setResponseCookie(cookie);
  }
  if (!session) return { session: null, ended };
  const user = session.user as AuthUser;
  if (user.suspendedAt) {
    await endAllSessions(user.id, "suspended");
    return { session: null, ended: "suspended" };
  }
  const check = await userInbox(user.id).confirmSession(
    { sessionId: session.session.id, startedAt: new Date(session.session.createdAt).getTime() },
    now,
  );
  return check.live
    ? { session, idleDeadline: check.idleDeadline, ended: null }
    : { session: null, ended: check.reason };
}

/**
 * The user's own fields changed (their picture): the session cache cookie of this request's
 * browser goes, so its next request reads them fresh from D1 (other devices within minutes).
 */
export async function dropSessionCache(): Promise<void> {
  setResponseCookie(expiredCookie((await authCookies()).sessionData));
}

/** The session has ended: the browser that sent its cookies drops both. */
export async function dropSessionCookies(): Promise<void> {
  const { sessionToken, sessionData } = await authCookies();
  for (const cookie of [sessionToken, sessionData]) setResponseCookie(expiredCookie(cookie));
}

/**
 * Why the session of the request's cookie ended, when better-auth no longer knows it (its row is
 * gone) and the app remembers (worker/auth/ended-sessions.ts). A browser without the cookie costs
 * nothing here; one with it, a D1 read.
 */
async function rememberedEnd(request: Request): Promise<SessionEndReason | null> {
  const { sessionToken } = await authCookies();
  const signed = parse(request.headers.get("cookie") ?? "", sessionToken.name)[sessionToken.name];
  // better-auth signs the cookie as `token.signature`; only the token is ever stored.
  const dot = signed?.lastIndexOf(".") ?? -1;
  if (!signed || dot <= 0) return null;
  return endedSessionReason(createDb(env.DB), signed.slice(0, dot));
}

/** Whether a request carries a session token cookie at all (ended or not). */
export async function hasSessionCookie(request: Request): Promise<boolean> {
  const { sessionToken } = await authCookies();
  return parse(request.headers.get("cookie") ?? "", sessionToken.name)[sessionToken.name] !== undefined;
}

type AuthCookie = { name: string; attributes: { path?: string; httpOnly?: boolean; secure?: boolean } };

/** better-auth's own name and attributes: over https the name is __Secure-…, which a browser accepts only with Secure. */
function expiredCookie({ name, attributes }: AuthCookie): string {
  return serialize(name, "", {
    path: attributes.path,
    httpOnly: attributes.httpOnly,
    secure: attributes.secure,
    sameSite: "Lax",
    maxAge: 0,
  });
}

/** Cookies an auth call answered with, less the session cache (for a user changed since). */
export async function withoutSessionCache(cookies: string[]): Promise<string[]> {
  const { name } = (await authCookies()).sessionData;
  return cookies.filter((cookie) => !cookie.startsWith(`${name}=`));
}

async function authCookies() {
  return (await getAuth().$context).authCookies;
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
  return deleteSessionsOf(db, userId, "inactivity");
}

/**
 * Records activity (the browser's throttled heartbeat) with the user's inbox, and returns the
 * stored time for resync (another device may have been active later). Nothing is written to D1.
 */
export async function recordActivity(userId: string, idleMs: number, now = Date.now()): Promise<number> {
  return userInbox(userId).recordActivity(activityTime(idleMs, now));
}

/**
 * When the browser says the person was last active. Taken as it says: the inbox only ever moves
 * the time forward, so an old claim (a page that slept, a socket that just reopened) changes
 * nothing, and no claim reaches past the moment it arrives.
 */
export function activityTime(idleMs: number, now = Date.now()): number {
  return now - Math.max(0, idleMs);
}
