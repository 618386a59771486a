import { env, exports } from "cloudflare:workers";
import { makeSignature } from "better-auth/crypto";
import { LANGUAGE_SWITCH } from "~/shared/languages";
import { getAuth } from "../../../worker/auth/session";
import { generateUniqueUsername } from "../../../worker/auth/username";
import { createDb } from "../../../worker/db/client";
import { keepSignUpLanguage } from "../../../worker/i18n/visitor-language";
import { APP_ORIGIN, cookiesOf } from "./auth-requests";

/*
 * People for tests that are not about signing up, written straight into D1 through the app's own
 * better-auth instance (the Epic Stack's insertNewUser and login). An HTTP sign-up hashes a
 * password and passes the sign-up limits: slow on two busy cores, and nothing such a test checks.
 * Sign-up keeps its own tests over HTTP (auth-requests.ts's signUpUser).
 */

export const TEST_PASSWORD = "correct horse battery";

/**
 * The hash of each password, made once per runtime: a hash carries its own salt, so one string
 * serves every account that signs in with that password.
 */
const hashes = new Map<string, Promise<string>>();
async function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = getAuth().$context.then((context) => context.password.hash(password));
    hashes.set(password, hash);
  }
  return hash;
}

let made = 0;

export type InsertUserOptions = Partial<{
  email: string;
  password: string;
  gender: string;
  /** The language the sign-up's browser had chosen (its language cookie). */
  language: string;
  role: "user" | "admin";
}>;

/**
 * An account as a sign-up leaves it (its users row with a generated username, its smaller profile,
 * its password), signed in: `cookie` is the signed session cookie the sign-up would have set.
 */
export async function insertUser(options: InsertUserOptions = {}) {
  made += 1;
  const context = await getAuth().$context;
  const email = options.email ?? `inserted${made}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? TEST_PASSWORD;
  const username = await generateUniqueUsername(createDb(env.DB));
  // Through the internal adapter, so the app's hooks on a new user (its profile, its username's
  // claim) run as they do for a sign-up.
  const created = await context.internalAdapter.createUser(
    {
      email: email.toLowerCase(),
      name: username,
      username,
      gender: options.gender ?? "female",
      emailVerified: false,
      ...(options.role ? { role: options.role } : {}),
    },
    { method: "email-password" },
  );
  await context.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await passwordHash(password),
  });
  if (options.language) {
    await keepSignUpLanguage(created.id, new Headers({ Cookie: `${LANGUAGE_SWITCH.cookie}=${options.language}` }));
  }
  const user = { id: created.id, username, name: username };
  return { email, password, user, cookie: await insertSession(user.id) };
}

/**
 * A new session for an existing account, as a sign-in makes it (the app's hooks refuse a suspended
 * account and record the sign-in's activity), and its signed cookie, ready to send.
 */
export async function insertSession(userId: string): Promise<string> {
  const context = await getAuth().$context;
  const session = await context.internalAdapter.createSession(userId);
  const signed = `${session.token}.${await makeSignature(session.token, context.secret)}`;
  return `${context.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`;
}

/**
 * The cookies of a browser that holds a session and better-auth's signed cache of it (as a sign-up
 * or a sign-in leaves them): `cookie` and the cache the app answers get-session with.
 */
export async function withSessionCache(cookie: string): Promise<string> {
  const response = await exports.default.fetch(`${APP_ORIGIN}/api/auth/get-session`, { headers: { Cookie: cookie } });
  if (response.status !== 200) throw new Error(`get-session failed: ${response.status}`);
  return `${cookie}; ${cookiesOf(response)}`;
}

/** A new account with the admin role (insertUser), and the actor the moderation services take for it. */
export async function insertAdmin() {
  const admin = await insertUser({ role: "admin" });
  return { ...admin, actor: { id: admin.user.id, role: "admin" as const } };
}

/** A new listener (insertUser), and the actor the desk takes for them. */
export async function insertListener(options: InsertUserOptions = {}) {
  const listener = await insertUser(options);
  await env.DB.prepare("INSERT INTO listeners (user_id, created_at) VALUES (?, ?)")
    .bind(listener.user.id, Date.now())
    .run();
  return { ...listener, actor: { id: listener.user.id, name: listener.user.username, admin: false } };
}

/**
 * Only a users row, with no password, profile or session: for a test that needs dozens of people
 * to exist (a visitor in line, a listener to assign) and nothing more of them.
 */
export async function insertBareAccount(): Promise<{ user: { id: string; username: string } }> {
  made += 1;
  const id = `acct-${crypto.randomUUID()}`;
  const username = `Inserted${made}${crypto.randomUUID().slice(0, 6)}`;
  await env.DB.prepare("INSERT INTO users (id, name, email, username) VALUES (?, ?, ?, ?)")
    .bind(id, username, `${id}@example.com`, username)
    .run();
  return { user: { id, username } };
}

/** A listener written as a bare account (insertBareAccount), and the actor the desk takes for them. */
export async function insertBareListener() {
  const account = await insertBareAccount();
  await env.DB.prepare("INSERT INTO listeners (user_id, created_at) VALUES (?, ?)")
    .bind(account.user.id, Date.now())
    .run();
  return { ...account, actor: { id: account.user.id, name: account.user.username, admin: false } };
}
