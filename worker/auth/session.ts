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

/** Looked up at each use: a request's D1 is its own session (worker/db/read-replication.ts). */
const currentD1 = new Proxy({} as D1Database, {
  get(_target, key) {
    const d1 = env.DB;
    const value = Reflect.get(d1, key, d1);
    return typeof value === "function" ? value.bind(d1) : value;
  },
});

export function getAuth(): Auth {
  auth ??= createAuth({ d1: currentD1 });
  return auth;
}

export type SignedInSession = {
  user: SignedInUser;
  sessionId: string;
  /** Ending all of a user's sessions ends those begun before. */
  startedAt: number;
  idleDeadline: number;
};

type SessionLookup = { session: SignedInSession; ended: null } | { session: null; ended: SessionEndReason | null };

/** Idle or suspended sessions end here, whatever the browser's timers did (spec section 4, Inactivity). */
export async function getSignedInSession(request: Request, now = Date.now()): Promise<SignedInSession | null> {
  return (await lookUpSession(request, now)).session;
}

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
 * Every signed-in answer goes through here, better-auth's get-session included. The signed cache
 * cookie spares D1, and the user's inbox, which hears of every session's end, says whether it lives.
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
  // An ended session's cookie stays, so the next page that needs a session can still say why it ended.
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

/** Its next request reads the user's fields fresh from D1; other devices within minutes. */
export async function dropSessionCache(): Promise<void> {
  setResponseCookie(expiredCookie((await authCookies()).sessionData));
}

export async function dropSessionCookies(): Promise<void> {
  const { sessionToken, sessionData } = await authCookies();
  for (const cookie of [sessionToken, sessionData]) setResponseCookie(expiredCookie(cookie));
}

/** A browser without the cookie costs nothing here; one with it, a D1 read. */
async function rememberedEnd(request: Request): Promise<SessionEndReason | null> {
  const { sessionToken } = await authCookies();
  const signed = parse(request.headers.get("cookie") ?? "", sessionToken.name)[sessionToken.name];
  // better-auth signs the cookie as `token.signature`; only the token is stored.
  const dot = signed?.lastIndexOf(".") ?? -1;
  if (!signed || dot <= 0) return null;
  return endedSessionReason(createDb(env.DB), signed.slice(0, dot));
}

export async function hasSessionCookie(request: Request): Promise<boolean> {
  const { sessionToken } = await authCookies();
  return parse(request.headers.get("cookie") ?? "", sessionToken.name)[sessionToken.name] !== undefined;
}

type AuthCookie = { name: string; attributes: { path?: string; httpOnly?: boolean; secure?: boolean } };

/** Over https the name is __Secure-…, which a browser accepts only with Secure. */
function expiredCookie({ name, attributes }: AuthCookie): string {
  return serialize(name, "", {
    path: attributes.path,
    httpOnly: attributes.httpOnly,
    secure: attributes.secure,
    sameSite: "Lax",
    maxAge: 0,
  });
}

export async function withoutSessionCache(cookies: string[]): Promise<string[]> {
  const { name } = (await authCookies()).sessionData;
  return cookies.filter((cookie) => !cookie.startsWith(`${name}=`));
}

async function authCookies() {
  return (await getAuth().$context).authCookies;
}

export async function getSignedInUser(request: Request, now = Date.now()): Promise<SignedInUser | null> {
  return (await getSignedInSession(request, now))?.user ?? null;
}

/** 0 when signed out or forced out. */
export async function readLastActivity(db: Db, userId: string): Promise<number> {
  const [record] = await db
    .select({ lastActivity: userSessions.lastActivity })
    .from(userSessions)
    .where(eq(userSessions.userId, userId))
    .limit(1);
  return record?.lastActivity ?? 0;
}

/** The one idle rule (spec section 9). */
export function idleDeadlineOf(lastActivity: number): number {
  return lastActivity + SESSION_TIMEOUT_MS;
}

/** Writes the forced-logout record the spec describes: lastActivity 0, loggedOutAt, reason 'inactivity_timeout'. */
export async function forceLogout(db: Db, userId: string, now = Date.now()): Promise<void> {
  const sessionIds = await writeIdleLogout(db, userId, now);
  await closeSessionSockets(userId, { reason: "inactivity", sessionIds, everySession: true });
}

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

/** Nothing is written to D1; answers the stored time, which another device may have moved later. */
export async function recordActivity(userId: string, idleMs: number, now = Date.now()): Promise<number> {
  return userInbox(userId).recordActivity(activityTime(idleMs, now));
}

/** The inbox only moves the time forward, so an old claim changes nothing and none reaches past its arrival. */
export function activityTime(idleMs: number, now = Date.now()): number {
  return now - Math.max(0, idleMs);
}
