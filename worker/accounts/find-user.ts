import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { createDb } from "../db/client";
import { users } from "../db/schema";

/** What one user may see of another: never the email. */
type PublicUser = { id: string; username: string; profilePic: string | null; isOnline: boolean };

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
