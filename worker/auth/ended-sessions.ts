import { eq, lt } from "drizzle-orm";
import type { SessionEndReason } from "~/shared/session-end";
import type { Db } from "../db/client";
import { endedSessions } from "../db/schema";

/**
 * How long a session lives at most, and so its cookie: better-auth's session lifetime, set here
 * once. An ended session's record is kept as long, since its cookie can come back until then.
 */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** The ends the app itself performs, which it can therefore remember (a reset is better-auth's). */
type RememberedReason = (typeof endedSessions.$inferInsert)["reason"];

/**
 * Remembers why sessions ended, by their tokens. A browser whose session ended while none of its
 * pages was open (the server's idle check, a suspension) still holds the cookie; once the row is
 * gone better-auth no longer knows it, and without this record the visitor would land on 'Create
 * an Account' with no word of why (docs/decisions/047-an-ended-sessions-cookie-still-says-why.md).
 * Only a hash of each token is kept: the record is no key to anything.
 */
export async function rememberEndedSessions(
  db: Db,
  tokens: string[],
  reason: RememberedReason,
  now = Date.now(),
): Promise<void> {
  if (tokens.length === 0) return;
  const rows = await Promise.all(
    tokens.map(async (token) => ({ tokenHash: await tokenHash(token), reason, endedAt: new Date(now) })),
  );
  await db.insert(endedSessions).values(rows).onConflictDoNothing();
}

/** Why the session of a token ended, when the app ended it and remembers (else null). */
export async function endedSessionReason(db: Db, token: string): Promise<SessionEndReason | null> {
  const [row] = await db
    .select({ reason: endedSessions.reason })
    .from(endedSessions)
    .where(eq(endedSessions.tokenHash, await tokenHash(token)))
    .limit(1);
  return row?.reason ?? null;
}

/** Records whose cookie can no longer come back (housekeeping). */
export function expiredEndedSessions(db: Db, now: number) {
  return db.delete(endedSessions).where(lt(endedSessions.endedAt, new Date(now - SESSION_LIFETIME_SECONDS * 1000)));
}

async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
