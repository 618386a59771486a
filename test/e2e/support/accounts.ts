import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { getCookies } from "better-auth/cookies";
import { generateRandomString, hashPassword, makeSignature } from "better-auth/crypto";
import { genderLabel } from "../../../app/shared/auth-rules";
import { languagesOfHeader } from "../../../app/shared/languages";
import { generateUsername } from "../../../app/shared/username";
import { AUTH_COOKIE_PREFIX } from "../../../worker/auth/cookie-prefix";
import { SESSION_LIFETIME_SECONDS } from "../../../worker/auth/ended-sessions";
import { E2E_STATE, queryLocalD1, sqlText, writeLocalD1 } from "./local-d1";

/**
 * People for browser tests that are not about signing up
 * (docs/decisions/188-browser-tests-make-accounts-straight-in-d1.md): the rows a sign-up writes and
 * a signed-in session, written straight into the e2e server's D1, with the session's cookie signed
 * as better-auth signs it. A sign-up over
 * HTTP hashes a password on the server's one thread; here one hash, made once per test worker with
 * better-auth's own function, serves every account (it carries its own salt), so each can still
 * sign in with ACCOUNT_PASSWORD.
 *
 * Each test worker writes a batch of accounts in one call and hands them out one by one, each to
 * one test.
 */

/** The password of every account made here. */
export const ACCOUNT_PASSWORD = "a calm password";

/** Accounts written in one batch. */
const BATCH_SIZE = 20;

/**
 * A batch's accounts are handed out only this long after their session began: the server ends a
 * session 10 minutes after its last activity, and a test needs its person alive for its 60 s.
 */
const BATCH_FRESH_MS = 4 * 60_000;

export type Account = { email: string; password: string; user: { id: string; username: string } };

type Pending = { account: Account; sessionToken: string };

let batch: { madeAt: number; accounts: Pending[] } | null = null;
let batchOnTheWay: Promise<void> | null = null;
let credentialHash: Promise<string> | null = null;
let made = 0;

/**
 * A new account, signed in in the page's browser context (its cookie replaces any session the
 * context held). `languages` is the Accept-Language a sign-up would have sent: the account keeps
 * the first language the site speaks, as sign-up does; without it the account has none, as after a
 * sign-up whose request named no language.
 */
export async function newAccount(
  page: Page,
  baseURL: string,
  { languages }: { languages?: string } = {},
): Promise<Account> {
  const { account, sessionToken } = await takeAccount();
  const language = languages ? languagesOfHeader(languages)[0] : undefined;
  if (language) {
    await writeLocalD1(
      `INSERT INTO account_languages (user_id, language, chosen_at) VALUES (${sqlText(account.user.id)}, ${sqlText(language)}, ${Date.now()})`,
    );
  }
  await signInWithCookie(page, baseURL, sessionToken);
  return account;
}

/**
 * The session's cookie as better-auth sets it at sign-in: its name and attributes, and the token
 * signed with the server's secret.
 */
async function signInWithCookie(page: Page, baseURL: string, sessionToken: string) {
  const { sessionToken: cookie, sessionData } = getCookies({
    baseURL,
    advanced: { cookiePrefix: AUTH_COOKIE_PREFIX },
    session: { expiresIn: SESSION_LIFETIME_SECONDS },
  });
  const signature = await makeSignature(sessionToken, authSecret());
  const context = page.context();
  // The session cache of an account this context held before would vouch for that one.
  await context.clearCookies({ name: sessionData.name });
  await context.addCookies([
    {
      name: cookie.name,
      value: encodeURIComponent(`${sessionToken}.${signature}`),
      domain: new URL(baseURL).hostname,
      path: cookie.attributes.path ?? "/",
      httpOnly: true,
      secure: cookie.attributes.secure ?? false,
      sameSite: "Lax",
      expires: Math.floor(Date.now() / 1000) + SESSION_LIFETIME_SECONDS,
    },
  ]);
}

/** The e2e server's BETTER_AUTH_SECRET, which scripts/e2e-server.sh leaves in its state folder. */
function authSecret(): string {
  const file = join(E2E_STATE, "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    throw new Error(`no ${file}: is the e2e server (scripts/e2e-server.sh) running on this state?`);
  }
}

/** The next account of this worker's batch, after writing a new batch when it is used up or stale. */
async function takeAccount(): Promise<Pending> {
  for (;;) {
    const next = batch && Date.now() - batch.madeAt < BATCH_FRESH_MS ? batch.accounts.shift() : undefined;
    if (next) return next;
    batchOnTheWay ??= writeBatch().finally(() => {
      batchOnTheWay = null;
    });
    await batchOnTheWay;
  }
}

/**
 * Writes BATCH_SIZE accounts as sign-up and sign-in would: the user with a generated username, its
 * credential, its small profile, a session and the inactivity record of a sign-in. A generated
 * username another account already has is skipped (with everything of its account) rather than
 * failing the batch; only the accounts found written are handed out.
 */
async function writeBatch(): Promise<void> {
  credentialHash ??= hashPassword(ACCOUNT_PASSWORD);
  const hash = await credentialHash;
  const now = Date.now();
  const expiresAt = now + SESSION_LIFETIME_SECONDS * 1000;
  const written: Pending[] = [];
  const statements: string[] = [];
  for (let n = 0; n < BATCH_SIZE; n += 1) {
    made += 1;
    const id = crypto.randomUUID();
    const username = generateUsername();
    const email = `person-${now.toString(36)}-${process.pid}-${made}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const sessionToken = generateRandomString(32, "a-z", "A-Z", "0-9");
    const [u, e, name] = [sqlText(id), sqlText(email), sqlText(username)];
    const ofUser = `FROM users WHERE id = ${u}`;
    statements.push(
      `INSERT INTO users (id, name, email, email_verified, username, gender, role, created_at, updated_at)
        SELECT ${u}, ${name}, ${e}, 0, ${name}, 'female', 'user', ${now}, ${now}
        WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower(${name}) OR lower(email) = lower(${e}))`,
      `INSERT INTO accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
        SELECT ${sqlText(crypto.randomUUID())}, id, 'credential', id, ${sqlText(hash)}, ${now}, ${now} ${ofUser}`,
      `INSERT INTO profiles (user_id, email, first_name, last_name, gender, created_at, updated_at)
        SELECT id, email, username, '', ${sqlText(genderLabel("female"))}, ${now}, ${now} ${ofUser}`,
      `INSERT INTO sessions (id, token, user_id, expires_at, created_at, updated_at)
        SELECT ${sqlText(crypto.randomUUID())}, ${sqlText(sessionToken)}, id, ${expiresAt}, ${now}, ${now} ${ofUser}`,
      `INSERT INTO user_sessions (user_id, last_activity, timestamp) SELECT id, ${now}, ${now} ${ofUser}`,
    );
    written.push({ account: { email, password: ACCOUNT_PASSWORD, user: { id, username } }, sessionToken });
  }
  await writeLocalD1(statements);
  const ids = written.map(({ account }) => sqlText(account.user.id)).join(", ");
  const found = new Set(
    (await queryLocalD1<{ id: string }>(`SELECT id FROM users WHERE id IN (${ids})`)).map(({ id }) => id),
  );
  const accounts = written.filter(({ account }) => found.has(account.user.id));
  if (accounts.length === 0) throw new Error("no account of the batch was written");
  batch = { madeAt: now, accounts };
}
