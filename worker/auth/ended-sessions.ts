import { eq, lt } from "drizzle-orm";
import type { SessionEndReason } from "~/shared/session-end";
import type { Db } from "../db/client";
import { endedSessions } from "../db/schema";

/** An ended session's record is kept as long, since its cookie can come back until then. */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** A reset is better-auth's, so the app cannot remember it. */
type RememberedReason = (typeof endedSessions.$inferInsert)["reason"];

/**
 * Without this, a visitor whose session ended while no page was open would land on 'Create an
 * Account' with no word of why (docs/decisions/047-an-ended-sessions-cookie-still-says-why.md).
 * Only a hash of each token is kept.
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

export async function endedSessionReason(db: Db, token: string): Promise<SessionEndReason | null> {
  const [row] = await db
    .select({ reason: endedSessions.reason })
    .from(endedSessions)
    .where(eq(endedSessions.tokenHash, await tokenHash(token)))
    .limit(1);
  return row?.reason ?? null;
}

export function expiredEndedSessions(db: Db, now: number) {
  return db.delete(endedSessions).where(lt(endedSessions.endedAt, new Date(now - SESSION_LIFETIME_SECONDS * 1000)));
}

async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
