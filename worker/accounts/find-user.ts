import { env } from "cloudflare:workers";
import { eq, type SQL, sql } from "drizzle-orm";
import { createDb } from "../db/client";
import { users } from "../db/schema";

/** What one user may see of another: never the email. */
export type PublicUser = { id: string; username: string; profilePic: string | null; isOnline: boolean };

export async function findPublicUser(userId: string): Promise<PublicUser | null> {
  const [row] = await createDb(env.DB)
    .select({ id: users.id, username: users.username, profilePic: users.profilePic, isOnline: users.isOnline })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The username of an account, or null when there is no such account. */
export async function usernameOf(userId: string): Promise<string | null> {
  const [row] = await createDb(env.DB)
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.username ?? null;
}

/**
 * The one rule of every exact-username lookup (spec section 5, search): the whole username, in any
 * letter case, surrounding spaces ignored. Usernames are unique in any letter case, so at most one
 * account matches.
 */
export function usernameMatches(term: string): SQL {
  return sql`lower(${users.username}) = lower(${term.trim()})`;
}

/** The account with exactly this username (see usernameMatches), and whether it is suspended. */
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
