import { sql } from "drizzle-orm";
import { fallbackUsername, generateUsername, type Random, USERNAME_MAX_ATTEMPTS } from "~/shared/username";
import { createDb, type Db } from "../db/client";
import { users } from "../db/schema";

/** Whether a username is free, compared the way search compares them: case-insensitively. */
export async function isUsernameAvailable(db: Db, username: string): Promise<boolean> {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return taken.length === 0;
}

/**
 * A username nobody has: up to 10 generated candidates, then the fallback (spec section 5). The
 * unique index on lower(username) is the final guard against a race between two sign-ups.
 */
export async function generateUniqueUsername(
  db: Db,
  options: { random?: Random; now?: () => number } = {},
): Promise<string> {
  const random = options.random ?? Math.random;
  for (let attempt = 0; attempt < USERNAME_MAX_ATTEMPTS; attempt++) {
    const candidate = generateUsername(random);
    if (await isUsernameAvailable(db, candidate)) return candidate;
  }
  return fallbackUsername((options.now ?? Date.now)(), random);
}

/** A fresh username to show on the sign-up form (the server checks it again at creation). */
export async function suggestUsername(d1: D1Database): Promise<string> {
  return generateUniqueUsername(createDb(d1));
}
