import { env } from "cloudflare:workers";
import { and, eq, ne, notExists, sql } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import { optionLabel } from "~/shared/profile-option-labels";
import type { FoundUser } from "~/shared/user-search";
import { createDb } from "../db/client";
import { blocks, profiles, users } from "../db/schema";
import { usernameMatches } from "./find-user";

/**
 * Users whose username is exactly the term, in any letter case, never the searcher (spec section 5),
 * with a few basic facts from their profile when they filled them. Someone who blocked the searcher
 * is not found, except by the admin, whose search finds everyone.
 */
export async function findUsersByUsername(
  term: string,
  searcherId: string,
  { findsEveryone = false }: { findsEveryone?: boolean } = {},
): Promise<FoundUser[]> {
  const db = createDb(env.DB);
  const blockedSearcher = db
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, users.id), eq(blocks.blockedId, searcherId)));
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      profilePic: users.profilePic,
      age: profiles.age,
      city: profiles.city,
      location: profiles.location,
      country: profiles.country,
      denomination: profiles.denomination,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(usernameMatches(term), ne(users.id, searcherId), findsEveryone ? undefined : notExists(blockedSearcher)))
    .limit(10);
  return rows.map(({ age, city, location, country, denomination, ...user }) => ({
    ...user,
    // In the language of the request that searched (the page's, or the admin's API call's).
    facts: [
      age ? m.profile_age_years({ age }) : "",
      [city || location, country ? optionLabel("country", country) : ""].filter(Boolean).join(", "),
      denomination ? optionLabel("denomination", denomination) : "",
    ].filter(Boolean),
  }));
}
