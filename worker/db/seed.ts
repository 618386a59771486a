import { createDb } from "./client";
import { accounts, profiles, users } from "./schema";

type SupportAccountSeed = {
  userId: string;
  email: string;
  username: string;
  displayName: string;
  /** `better-auth/crypto` hashPassword, never a plain password. */
  passwordHash: string;
};

/** Idempotent: a re-run never overwrites an existing password. */
export async function seedSupportAccount(d1: D1Database, seed: SupportAccountSeed): Promise<void> {
  const db = createDb(d1);
  const now = new Date();
  await db.batch([
    db
      .insert(users)
      .values({
        id: seed.userId,
        name: seed.displayName,
        email: seed.email,
        emailVerified: true,
        username: seed.username,
        role: "admin",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing(),
    db
      .insert(accounts)
      .values({
        id: `${seed.userId}-credential`,
        accountId: seed.userId,
        providerId: "credential",
        userId: seed.userId,
        password: seed.passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing(),
    db
      .insert(profiles)
      .values({
        userId: seed.userId,
        email: seed.email,
        firstName: seed.username,
        lastName: "",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing(),
  ]);
}

/** Exists only in local state (.wrangler/); production sets its own secret password. */
export const LOCAL_SUPPORT_ACCOUNT = {
  email: "support@kindred.local",
  password: "kindred-local-support",
  username: "Support",
  displayName: "Kindred Support",
} as const;
