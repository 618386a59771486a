import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isGeneratedUsername } from "~/shared/username";
import { insertAdmin, insertListener, insertSession, insertUser } from "./support/accounts";
import { APP_ORIGIN, postJson, signUpUser } from "./support/auth-requests";
import { openDeskSocket, seedSupport } from "./support/desk";

/**
 * The accounts tests write straight into D1 (support/accounts.ts) are the accounts a sign-up makes,
 * and their cookies are sessions the app accepts: a test that uses them instead of signing up
 * checks the same app.
 */

const getSession = (cookie: string) =>
  exports.default.fetch(`${APP_ORIGIN}/api/auth/get-session`, { headers: { Cookie: cookie } });

/** An account's rows in every table a sign-up writes, less what differs from one account to the next. */
async function rowsOf(userId: string) {
  const one = (sql: string) => env.DB.prepare(sql).bind(userId).first<Record<string, unknown>>();
  const user = await one("SELECT * FROM users WHERE id = ?");
  const profile = await one("SELECT * FROM profiles WHERE user_id = ?");
  const account = await one("SELECT * FROM accounts WHERE user_id = ?");
  const session = await one("SELECT * FROM sessions WHERE user_id = ?");
  const activity = await one("SELECT * FROM user_sessions WHERE user_id = ?");
  const without = (row: Record<string, unknown> | null, ...keys: string[]) =>
    row && Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));
  return {
    user: without(user, "id", "email", "username", "name", "created_at", "updated_at"),
    profile: without(profile, "user_id", "email", "first_name", "created_at", "updated_at"),
    account: without(account, "id", "account_id", "user_id", "password", "created_at", "updated_at"),
    session: without(
      session,
      "id",
      "token",
      "user_id",
      "ip_address",
      "user_agent",
      "expires_at",
      "created_at",
      "updated_at",
    ),
    activity: without(activity, "user_id", "last_activity", "timestamp"),
    // Its lifetime, to the minute: the two times are read a moment apart.
    lifetimeMinutes: Math.round((Number(session?.expires_at) - Number(session?.created_at)) / 60_000),
  };
}

describe("an inserted account", () => {
  it("has the rows a sign-up writes, with a generated username as its name", async () => {
    const signedUp = await signUpUser({ gender: "male" });
    const inserted = await insertUser({ gender: "male" });
    expect(isGeneratedUsername(inserted.user.username)).toBe(true);
    expect(inserted.user.name).toBe(inserted.user.username);
    const [expected, actual] = [await rowsOf(signedUp.user.id), await rowsOf(inserted.user.id)];
    expect(actual.user).not.toBeNull();
    expect(actual.profile).not.toBeNull();
    expect(actual.session).not.toBeNull();
    expect(actual.activity).not.toBeNull();
    expect(actual).toEqual(expected);
    const profile = await env.DB.prepare("SELECT first_name, email FROM profiles WHERE user_id = ?")
      .bind(inserted.user.id)
      .first();
    expect(profile).toEqual({ first_name: inserted.user.username, email: inserted.email });
  });

  it("signs in over HTTP with its email and password", async () => {
    const { email, password, user } = await insertUser();
    const response = await postJson("/api/auth/sign-in/email", { email, password });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { id: user.id, username: user.username } });
    const wrong = await postJson("/api/auth/sign-in/email", { email, password: `${password}!` });
    expect(wrong.status).toBe(401);
  });

  it("carries a cookie the app reads as its own session", async () => {
    const { user, cookie } = await insertUser();
    const response = await getSession(cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { id: user.id, username: user.username } });
  });

  it("gets another session, as a second device's sign-in would, while the first lives", async () => {
    const { user, cookie } = await insertUser();
    const second = await insertSession(user.id);
    expect(second).not.toBe(cookie);
    for (const each of [cookie, second]) {
      expect(await (await getSession(each)).json()).toMatchObject({ user: { id: user.id } });
    }
  });

  it("keeps the language its sign-up's browser had chosen, and none otherwise", async () => {
    const languageOf = (userId: string) =>
      env.DB.prepare("SELECT language FROM account_languages WHERE user_id = ?").bind(userId).first("language");
    expect(await languageOf((await insertUser({ language: "es" })).user.id)).toBe("es");
    expect(await languageOf((await insertUser()).user.id)).toBeNull();
  });

  it("is refused a session while suspended, as a sign-in is", async () => {
    const { user } = await insertUser();
    await env.DB.prepare("UPDATE users SET suspended_at = ? WHERE id = ?").bind(Date.now(), user.id).run();
    await expect(insertSession(user.id)).rejects.toMatchObject({ body: { code: "ACCOUNT_SUSPENDED" } });
  });
});

describe("an inserted admin and listener", () => {
  const adminOnly = (cookie: string) =>
    exports.default.fetch(`${APP_ORIGIN}/api/admin/analytics`, { headers: { Cookie: cookie } });

  it("the admin is answered where only the admin is; a plain account is not", async () => {
    const admin = await insertAdmin();
    expect((await adminOnly(admin.cookie)).status).toBe(200);
    expect((await adminOnly((await insertUser()).cookie)).status).toBe(403);
  });

  it("the listener reaches the desk; a plain account does not", async () => {
    await seedSupport();
    const listener = await insertListener();
    const desk = await openDeskSocket(listener.cookie);
    expect(desk.status).toBe(101);
    desk.ws?.close();
    expect((await openDeskSocket((await insertUser()).cookie)).status).toBe(404);
  });
});
