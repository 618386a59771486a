/**
 * Seeds local D1 state (the same state `npm run dev` serves): the support account, which is both
 * SUPPORT_USER_ID and ADMIN_USER_ID by default. Idempotent: running it again changes nothing.
 *
 *   tsx scripts/seed.ts [--persist-to DIR]     (DIR defaults to .wrangler/state, like wrangler)
 *
 * It opens only the D1 binding (a config with just that binding, written under .wrangler/), so it
 * neither starts the app nor warns about the Durable Objects it does not need.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { hashPassword } from "better-auth/crypto";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { LOCAL_SUPPORT_ACCOUNT, seedSupportAccount } from "../worker/db/seed";

const { values } = parseArgs({ options: { "persist-to": { type: "string" } } });
const persistTo = values["persist-to"] ?? ".wrangler/state";

const config = unstable_readConfig({ config: "wrangler.toml" });
const database = config.d1_databases.find((d: { binding: string }) => d.binding === "DB");
const supportUserId = config.vars.SUPPORT_USER_ID;
if (!database?.database_id || typeof supportUserId !== "string") {
  throw new Error("wrangler.toml must declare the DB binding and the SUPPORT_USER_ID var");
}

const seedConfigPath = ".wrangler/seed.wrangler.json";
mkdirSync(".wrangler", { recursive: true });
writeFileSync(
  seedConfigPath,
  JSON.stringify({
    name: "kindred-seed",
    compatibility_date: config.compatibility_date,
    d1_databases: [{ binding: "DB", database_name: database.database_name, database_id: database.database_id }],
  }),
);

const { env, dispose } = await getPlatformProxy<{ DB: D1Database }>({
  configPath: seedConfigPath,
  persist: { path: `${persistTo}/v3` },
});

try {
  await seedSupportAccount(env.DB, {
    userId: supportUserId,
    email: LOCAL_SUPPORT_ACCOUNT.email,
    username: LOCAL_SUPPORT_ACCOUNT.username,
    displayName: LOCAL_SUPPORT_ACCOUNT.displayName,
    passwordHash: await hashPassword(LOCAL_SUPPORT_ACCOUNT.password),
  });
  console.log(
    [
      "Seeded the support account (local development only):",
      `  user id:  ${supportUserId} (SUPPORT_USER_ID, also ADMIN_USER_ID by default)`,
      `  email:    ${LOCAL_SUPPORT_ACCOUNT.email}`,
      `  password: ${LOCAL_SUPPORT_ACCOUNT.password}`,
    ].join("\n"),
  );
} finally {
  await dispose();
}
