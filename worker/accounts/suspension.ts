import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { endAllSessions } from "../auth/end-sessions";
import { createDb } from "../db/client";
import { users } from "../db/schema";

/**
 * Suspends an account: sign-in is refused with 'This account has been suspended.' and every
 * session ends now, with its open sockets (issue 11). Moderation (issue 12) decides who.
 */
export async function suspendAccount(userId: string, now = Date.now()): Promise<void> {
  const db = createDb(env.DB);
  await db
    .update(users)
    .set({ suspendedAt: new Date(now) })
    .where(eq(users.id, userId));
  await endAllSessions(userId, "suspended", db);
}

/** Lifts a suspension: the person can sign in again. */
export async function unsuspendAccount(userId: string): Promise<void> {
  await createDb(env.DB).update(users).set({ suspendedAt: null }).where(eq(users.id, userId));
}
