import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { signInFailures } from "../db/schema";

/**
 * The per-account limit on password guessing: after 10 failed sign-ins for one email
 * within 15 minutes, that email's sign-in is refused for 15 minutes from any address. The
 * per-address limits of better-auth stay; this one stops many addresses guessing one password.
 */
export const ACCOUNT_SIGN_IN_LIMIT = {
  failures: 10,
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
} as const;

/** Rows are keyed by a hash of the normalised email, so no guessed address is stored readable. */
async function emailKey(email: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(email.trim().toLowerCase()));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Whether sign-in for this email is refused right now. */
export async function isSignInLocked(db: Db, email: string, now = Date.now()): Promise<boolean> {
  const [row] = await db
    .select({ lockedUntil: signInFailures.lockedUntil })
    .from(signInFailures)
    .where(eq(signInFailures.emailHash, await emailKey(email)))
    .limit(1);
  return (row?.lockedUntil ?? 0) > now;
}

/**
 * Counts a failed sign-in. Failures are counted from the first one in a 15-minute window (a fresh
 * window starts after it); the 10th within the window locks the email for 15 minutes.
 */
export async function recordSignInFailure(db: Db, email: string, now = Date.now()): Promise<void> {
  const { failures, windowMs, lockMs } = ACCOUNT_SIGN_IN_LIMIT;
  const windowOpen = sql`${signInFailures.firstFailureAt} > ${now - windowMs}`;
  const counted = sql`CASE WHEN ${windowOpen} THEN ${signInFailures.failures} + 1 ELSE 1 END`;
  await db
    .insert(signInFailures)
    .values({ emailHash: await emailKey(email), failures: 1, firstFailureAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: signInFailures.emailHash,
      set: {
        failures: counted,
        firstFailureAt: sql`CASE WHEN ${windowOpen} THEN ${signInFailures.firstFailureAt} ELSE ${now} END`,
        lockedUntil: sql`CASE WHEN ${counted} >= ${failures} THEN ${now + lockMs} ELSE ${signInFailures.lockedUntil} END`,
      },
    });
}

/** A successful sign-in starts the count afresh. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.emailHash, await emailKey(email)));
}

/** Failure records whose window and lock are both over: the hourly cron deletes them. */
export function spentSignInFailures(now: number) {
  return sql`${signInFailures.firstFailureAt} <= ${now - ACCOUNT_SIGN_IN_LIMIT.windowMs} AND coalesce(${signInFailures.lockedUntil}, 0) <= ${now}`;
}
