import { env } from "cloudflare:workers";
import { eq, type SQL, sql } from "drizzle-orm";
import { createDb } from "../db/client";
import { users } from "../db/schema";

export type PublicUser = { id: string; username: string; profilePic: string | null; isOnline: boolean };

export async function findPublicUser(userId: string): Promise<PublicUser | null> {
  const [row] = await createDb(env.DB)
    .select({ id: users.id, username: users.username, profilePic: users.profilePic, isOnline: users.isOnline })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function usernameOf(userId: string): Promise<string | null> {
  const [row] = await createDb(env.DB)
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.username ?? null;
}

/** Spec section 5: the whole username, any case, spaces trimmed; unique in any case, so at most one match. */
export function usernameMatches(term: string): SQL {
  return sql`lower(${users.username}) = lower(${term.trim()})`;
}

export async function findAccountByUsername(
  term: string,
): Promise<{ id: string; username: string; suspended: boolean } | null> {
  const [row] = await createDb(env.DB)
    .select({ id: users.id, username: users.username, suspendedAt: users.suspendedAt })
    .from(users)
    .where(usernameMatches(term))
    .limit(1);
  return row ? { id: row.id, username: row.username, suspended: row.suspendedAt !== null } : null;
}
