import { env } from "cloudflare:workers";
import { and, ne, sql } from "drizzle-orm";
import type { FoundUser } from "../../app/lib/user-search";
import { createDb } from "../db/client";
import { users } from "../db/schema";

/** Users whose username is exactly the term, in any letter case, never the searcher (spec section 5). */
export async function findUsersByUsername(term: string, searcherId: string): Promise<FoundUser[]> {
  return createDb(env.DB)
    .select({ id: users.id, username: users.username, profilePic: users.profilePic })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${term})`, ne(users.id, searcherId)))
    .limit(10);
}
