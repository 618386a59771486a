import { sql } from "drizzle-orm";
import { fallbackUsername, generateUsername, type Random, USERNAME_MAX_ATTEMPTS } from "~/shared/username";
import { createDb, type Db } from "../db/client";
import { users } from "../db/schema";

/** Case-insensitively, as search compares them. */
export async function isUsernameAvailable(db: Db, username: string): Promise<boolean> {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return taken.length === 0;
}

/** Spec section 5; the unique index on lower(username) is the final guard against a race. */
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

/** Two sign-ups drawing the same name between D1's check and the insert would both see it free. */
const namesBeingWritten = new Map<string, number>();
const CLAIM_LIFETIME_MS = 60_000;
const CLAIM_ROUNDS = 5;

/** Chosen before the password's hash, so settled again just before the row is written. */
export async function claimUsername(db: Db, wanted: string): Promise<string> {
  const now = Date.now();
  for (const [name, claimedAt] of namesBeingWritten) {
    if (now - claimedAt > CLAIM_LIFETIME_MS) namesBeingWritten.delete(name);
  }
  let candidate = wanted;
  for (let round = 0; round < CLAIM_ROUNDS; round++) {
    const freeInD1 = await isUsernameAvailable(db, candidate);
    // No await between check and claim.
    if (freeInD1 && !namesBeingWritten.has(candidate.toLowerCase())) break;
    candidate = await generateUniqueUsername(db);
  }
  namesBeingWritten.set(candidate.toLowerCase(), now);
  return candidate;
}

export function releaseUsername(username: string): void {
  namesBeingWritten.delete(username.toLowerCase());
}

export async function suggestUsername(d1: D1Database): Promise<string> {
  return generateUniqueUsername(createDb(d1));
}
