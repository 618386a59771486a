import { createDb } from "./client";
import { accounts, profiles, users } from "./schema";

/**
 * The one account every deployment needs: the support account that every call to action opens a
 * chat with, which is also the admin by default.
 */
type SupportAccountSeed = {
  userId: string;
  email: string;
  username: string;
  displayName: string;
  /** A better-auth credential hash (`better-auth/crypto` hashPassword), never a plain password. */
  passwordHash: string;
};

/**
 * Creates the support account, its email + password credential and its small profile. Idempotent:
 * every insert ignores a row that is already there, so running it twice changes nothing (an existing
 * password is never overwritten by a re-run).
 */
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

/**
 * Local-development identity of the support account. These credentials exist only in local state
 * (.wrangler/); a production deployment creates its support account with its own secret password.
 */
export const LOCAL_SUPPORT_ACCOUNT = {
  email: "support@kindred.local",
  password: "kindred-local-support",
  username: "Support",
  displayName: "Kindred Support",
} as const;
