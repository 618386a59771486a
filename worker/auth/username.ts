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

/**
 * Names of accounts this isolate is writing right now, by lower case, with when they were claimed:
 * two sign-ups that drew the same name within the moment between D1's check and the row's insert
 * would both see it free in D1. An entry goes once its account is written, or after a minute.
 */
const namesBeingWritten = new Map<string, number>();
const CLAIM_LIFETIME_MS = 60_000;
/** Fresh draws before the unique index is left to settle it: each is already 10 candidates or the fallback. */
const CLAIM_ROUNDS = 5;

/**
 * The username a new account is written with, settled just before its row is: `wanted` unless D1
 * or another sign-up of this isolate has it by now (it was chosen before the password's hash, a few
 * hundred milliseconds earlier), else a fresh one. Claimed until `releaseUsername`; the unique index
 * stays the last guard (two isolates racing for one name within milliseconds).
 */
export async function claimUsername(db: Db, wanted: string): Promise<string> {
  const now = Date.now();
  for (const [name, claimedAt] of namesBeingWritten) {
    if (now - claimedAt > CLAIM_LIFETIME_MS) namesBeingWritten.delete(name);
  }
  let candidate = wanted;
  for (let round = 0; round < CLAIM_ROUNDS; round++) {
    const freeInD1 = await isUsernameAvailable(db, candidate);
    // Checked and claimed with no await between: no other sign-up can claim it in between.
    if (freeInD1 && !namesBeingWritten.has(candidate.toLowerCase())) break;
    candidate = await generateUniqueUsername(db);
  }
  namesBeingWritten.set(candidate.toLowerCase(), now);
  return candidate;
}

/** The account is written (or gave up): its name is D1's to guard from now on. */
export function releaseUsername(username: string): void {
  namesBeingWritten.delete(username.toLowerCase());
}

/** A fresh username to show on the sign-up form (the server checks it again at creation). */
export async function suggestUsername(d1: D1Database): Promise<string> {
  return generateUniqueUsername(createDb(d1));
}
