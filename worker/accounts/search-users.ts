import { env } from "cloudflare:workers";
import { and, eq, ne, notExists, sql } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import { optionLabel } from "~/shared/profile-option-labels";
import type { FoundUser } from "~/shared/user-search";
import { createDb } from "../db/client";
import { blocks, profiles, users } from "../db/schema";
import { usernameMatches } from "./find-user";

/** Spec section 5; someone who blocked the searcher is not found, except by the admin. */
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
    facts: [
      age ? m.profile_age_years({ age }) : "",
      [city || location, country ? optionLabel("country", country) : ""].filter(Boolean).join(", "),
      denomination ? optionLabel("denomination", denomination) : "",
    ].filter(Boolean),
  }));
}
