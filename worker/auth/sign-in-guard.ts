import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { signInFailures } from "../db/schema";

/** Stops many addresses guessing one account's password; better-auth's per-address limits stay. */
export const ACCOUNT_SIGN_IN_LIMIT = {
  failures: 10,
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
} as const;

/** No guessed address is stored readable. */
async function emailKey(email: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(email.trim().toLowerCase()));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function isSignInLocked(db: Db, email: string, now = Date.now()): Promise<boolean> {
  const [row] = await db
    .select({ lockedUntil: signInFailures.lockedUntil })
    .from(signInFailures)
    .where(eq(signInFailures.emailHash, await emailKey(email)))
    .limit(1);
  return (row?.lockedUntil ?? 0) > now;
}

/** Counted from the first failure in a window; the 10th locks the email. */
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

export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.emailHash, await emailKey(email)));
}

export function spentSignInFailures(now: number) {
  return sql`${signInFailures.firstFailureAt} <= ${now - ACCOUNT_SIGN_IN_LIMIT.windowMs} AND coalesce(${signInFailures.lockedUntil}, 0) <= ${now}`;
}
