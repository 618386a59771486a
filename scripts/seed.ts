/**
 * Seeds local D1 state (the same state `npm run dev` serves): the support account, which is both
 * SUPPORT_USER_ID and ADMIN_USER_ID by default. Idempotent: running it again changes nothing.
 *
 *   tsx scripts/seed.ts [--persist-to DIR]
 */
import { parseArgs } from "node:util";
import { hashPassword } from "better-auth/crypto";
import { getPlatformProxy } from "wrangler";
import { LOCAL_SUPPORT_ACCOUNT, seedSupportAccount } from "../worker/db/seed";

const { values } = parseArgs({ options: { "persist-to": { type: "string" } } });
const persistTo = values["persist-to"];

const { env, dispose } = await getPlatformProxy<Env>({
  configPath: "wrangler.toml",
  // Same layout as `wrangler --persist-to DIR` and the Vite plugin: state lives in DIR/v3.
  persist: persistTo ? { path: `${persistTo}/v3` } : true,
});

try {
  await seedSupportAccount(env.DB, {
    userId: env.SUPPORT_USER_ID,
    email: LOCAL_SUPPORT_ACCOUNT.email,
    username: LOCAL_SUPPORT_ACCOUNT.username,
    displayName: LOCAL_SUPPORT_ACCOUNT.displayName,
    passwordHash: await hashPassword(LOCAL_SUPPORT_ACCOUNT.password),
  });
  console.log(
    [
      "Seeded the support account (local development only):",
      `  user id:  ${env.SUPPORT_USER_ID} (SUPPORT_USER_ID, also ADMIN_USER_ID by default)`,
      `  email:    ${LOCAL_SUPPORT_ACCOUNT.email}`,
      `  password: ${LOCAL_SUPPORT_ACCOUNT.password}`,
    ].join("\n"),
  );
} finally {
  await dispose();
}
