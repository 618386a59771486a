import { env } from "cloudflare:workers";
import { verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { LOCAL_SUPPORT_ACCOUNT, seedSupportAccount } from "../../worker/db/seed";

const SEED = {
  userId: env.SUPPORT_USER_ID,
  email: LOCAL_SUPPORT_ACCOUNT.email,
  username: LOCAL_SUPPORT_ACCOUNT.username,
  displayName: LOCAL_SUPPORT_ACCOUNT.displayName,
};

async function snapshot() {
  const [users, accounts, profiles] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("SELECT * FROM users ORDER BY id"),
    env.DB.prepare("SELECT * FROM accounts ORDER BY id"),
    env.DB.prepare("SELECT * FROM profiles ORDER BY user_id"),
  ]);
  return { users: users?.results, accounts: accounts?.results, profiles: profiles?.results };
}

describe("the seed", () => {
  it("creates the support account as an admin with a working email + password credential", async () => {
    await seedSupportAccount(env.DB, { ...SEED, passwordHash: "salt:hash-of-first-run" });
    const { users, accounts, profiles } = await snapshot();
    expect(users).toHaveLength(1);
    expect(users?.[0]).toMatchObject({
      id: env.SUPPORT_USER_ID,
      email: SEED.email,
      username: "Support",
      role: "admin",
    });
    expect(accounts?.[0]).toMatchObject({ provider_id: "credential", user_id: env.SUPPORT_USER_ID });
    expect(profiles?.[0]).toMatchObject({ user_id: env.SUPPORT_USER_ID, first_name: "Support", last_name: "" });
  });

  it("is idempotent: a second run changes nothing, not even the password", async () => {
    await seedSupportAccount(env.DB, { ...SEED, passwordHash: "salt:hash-of-first-run" });
    const before = await snapshot();
    await seedSupportAccount(env.DB, { ...SEED, passwordHash: "salt:hash-of-second-run" });
    expect(await snapshot()).toEqual(before);
    expect(before.accounts?.[0]?.password).toBe("salt:hash-of-first-run");
  });

  it("is the support and admin account the configuration names", () => {
    expect(env.ADMIN_USER_ID).toBe(env.SUPPORT_USER_ID);
  });
});

describe("the seed's password hash format", () => {
  it("is the one better-auth verifies at sign-in", async () => {
    const { hashPassword } = await import("better-auth/crypto");
    const hash = await hashPassword(LOCAL_SUPPORT_ACCOUNT.password);
    expect(await verifyPassword({ hash, password: LOCAL_SUPPORT_ACCOUNT.password })).toBe(true);
    expect(await verifyPassword({ hash, password: "wrong password" })).toBe(false);
  });
});
