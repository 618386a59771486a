import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { SuspensionReason } from "~/shared/safety";
import { endAllSessions } from "../auth/end-sessions";
import { createDb } from "../db/client";
import { users } from "../db/schema";

/** Every session ends now, with its open sockets; moderation decides who and why. */
export async function suspendAccount(
  userId: string,
  now = Date.now(),
  reason: SuspensionReason | null = null,
): Promise<void> {
  const db = createDb(env.DB);
  await db
    .update(users)
    .set({ suspendedAt: new Date(now), suspensionReason: reason })
    .where(eq(users.id, userId));
  await endAllSessions(userId, "suspended", db);
}

export async function unsuspendAccount(userId: string): Promise<void> {
  await createDb(env.DB).update(users).set({ suspendedAt: null, suspensionReason: null }).where(eq(users.id, userId));
}
