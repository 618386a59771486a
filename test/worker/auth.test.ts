import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isGeneratedUsername } from "~/shared/username";
import { createAuth } from "../../worker/auth/auth";
import { insertUser } from "./support/accounts";
import { setLastActivity } from "./support/activity";
import { APP_ORIGIN, freshIp, postJson, sessionCookie, signUpUser } from "./support/auth-requests";
import { openInboxSocket } from "./support/chat-sockets";
import { until } from "./support/until";

const getSession = (cookie: string) =>
  exports.default.fetch(`${APP_ORIGIN}/api/auth/get-session`, { headers: { Cookie: cookie } });

describe("sign-up", () => {
  it("creates the account with a generated username as display name, never one from the email", async () => {
    const { user, email } = await signUpUser({ email: "maria.lopez@example.com" });
    expect(isGeneratedUsername(user.username)).toBe(true);
    expect(user.username.toLowerCase()).not.toContain("maria");
    expect(user.name).toBe(user.username);
    const row = await env.DB.prepare("SELECT username, gender, role FROM users WHERE email = ?").bind(email).first();
    expect(row).toMatchObject({ username: user.username, gender: "female", role: "user" });
  });

  it("writes the small profile and the inactivity record", async () => {
    const { user, email } = await signUpUser({ gender: "male" });
    const profile = await env.DB.prepare("SELECT * FROM profiles WHERE user_id = ?").bind(user.id).first();
    expect(profile).toMatchObject({ first_name: user.username, last_name: "", email, gender: "Male", photo_url: null });
    const record = await env.DB.prepare("SELECT last_activity FROM user_sessions WHERE user_id = ?")
      .bind(user.id)
      .first<{
        last_activity: number;
      }>();
    expect(Date.now() - (record?.last_activity ?? 0)).toBeLessThan(10_000);
  });

  it("keeps a generated username the form showed, and replaces anything else", async () => {
    const shown = "Gentle1234";
    const kept = await postJson("/api/auth/sign-up/email", {
      email: "kept@example.com",
      password: "secret123",
      gender: "male",
      username: shown,
      name: "x",
    });
    expect(((await kept.json()) as { user: { username: string } }).user.username).toBe(shown);

    const chosen = await postJson("/api/auth/sign-up/email", {
      email: "chosen@example.com",
      password: "secret123",
      gender: "male",
      username: "Gentle1234",
      name: "x",
    });
    const replaced = ((await chosen.json()) as { user: { username: string } }).user.username;
    expect(replaced).not.toBe(shown);
    expect(isGeneratedUsername(replaced)).toBe(true);
  });

  it("validates on the server with the form's rules and messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "", password: "secret123", gender: "male" }, "Email is required"],
      [{ email: "not-an-email", password: "secret123", gender: "male" }, "Invalid email format"],
      [{ email: "a@example.com", password: "", gender: "male" }, "Password is required"],
      [{ email: "a@example.com", password: "12345", gender: "male" }, "Password must be at least 6 characters"],
      [{ email: "a@example.com", password: "secret123" }, "Please select your gender"],
      [{ email: "a@example.com", password: "secret123", gender: "other" }, "Please select your gender"],
    ];
    for (const [body, message] of cases) {
      const response = await postJson("/api/auth/sign-up/email", { ...body, name: "x" });
      expect(response.status, message).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    const count = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'a@example.com'").first<{
      n: number;
    }>();
    expect(count?.n).toBe(0);
  });

  it("refuses a second account for the same email, whatever its case", async () => {
    await signUpUser({ email: "twice@example.com" });
    const again = await postJson("/api/auth/sign-up/email", {
      email: "TWICE@example.com",
      password: "secret123",
      gender: "male",
      name: "x",
    });
    expect(again.status).toBe(422);
    expect(((await again.json()) as { code: string }).code).toMatch(/USER_ALREADY_EXISTS/);
  });

  it("cannot make itself an admin: fields it may not set are dropped", async () => {
    const response = await postJson("/api/auth/sign-up/email", {
      email: "sneaky@example.com",
      password: "secret123",
      gender: "male",
      role: "admin",
      name: "x",
    });
    expect(response.status).toBe(200);
    const row = await env.DB.prepare("SELECT role FROM users WHERE email = 'sneaky@example.com'").first<{
      role: string;
    }>();
    expect(row?.role).toBe("user");
  });
});

describe("the session cookie", () => {
  it("is HttpOnly and SameSite=Lax, and not Secure over plain http (local development)", async () => {
    const { response } = await signUpUser();
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("kindred.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("is Secure when the app is served over https", async () => {
    const auth = createAuth({ d1: env.DB, appUrl: "https://kindred.example" });
    const response = await auth.handler(
      new Request("https://kindred.example/api/auth/sign-up/email", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: "https://kindred.example",
          "cf-connecting-ip": freshIp(),
        },
        body: JSON.stringify({ email: "secure@example.com", password: "secret123", gender: "male", name: "x" }),
      }),
    );
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe("sign-in", () => {
  it("gives a new session id on every sign-in", async () => {
    const { email, password } = await insertUser();
    const first = sessionCookie(await postJson("/api/auth/sign-in/email", { email, password }));
    const second = sessionCookie(await postJson("/api/auth/sign-in/email", { email, password }));
    expect(first).not.toBe(second);
  });

  it("answers an unknown email and a wrong password with the same error", async () => {
    const { email } = await insertUser();
    const wrong = await postJson("/api/auth/sign-in/email", { email, password: "not my password" });
    const unknown = await postJson("/api/auth/sign-in/email", { email: "nobody@example.com", password: "whatever1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect(((await unknown.json()) as { code: string }).code).toBe("INVALID_EMAIL_OR_PASSWORD");
  });

  it("answers repeated bad sign-ins from one address with 429 (too many attempts)", async () => {
    const { email } = await insertUser();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await postJson("/api/auth/sign-in/email", { email, password: `wrong-${i}` }, { ip })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Another address is not affected.
    expect((await postJson("/api/auth/sign-in/email", { email, password: "wrong" })).status).toBe(401);
  });

  it("refuses a post from another site's origin", async () => {
    const { email, password } = await insertUser();
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example", "cf-connecting-ip": freshIp() },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(403);
  });
});

describe("sign-out", () => {
  it("really ends the session on the server, and the page it closes marks the user offline", async () => {
    const { cookie, user } = await insertUser();
    expect(await (await getSession(cookie)).json()).not.toBeNull();
    await openInboxSocket(cookie);
    const isOnline = async () =>
      (await env.DB.prepare("SELECT is_online FROM users WHERE id = ?").bind(user.id).first<{ is_online: number }>())
        ?.is_online;
    await until(async () => (await isOnline()) === 1);
    const out = await postJson("/api/auth/sign-out", {}, { cookie });
    expect(out.status).toBe(200);
    expect(await (await getSession(cookie)).json()).toBeNull();
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(user.id).first<{
      n: number;
    }>();
    expect(sessions?.n).toBe(0);
    await until(async () => (await isOnline()) === 0);
    const row = await env.DB.prepare("SELECT last_seen FROM users WHERE id = ?").bind(user.id).first<{
      last_seen: number;
    }>();
    expect(row?.last_seen).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe("inactivity on the server", () => {
  it("refuses a session idle for more than 10 minutes and records the forced logout", async () => {
    const { cookie, user } = await insertUser();
    expect((await postJson("/api/session/activity", { idleMs: 0 }, { cookie })).status).toBe(200);

    await setLastActivity(user.id, Date.now() - 10 * 60 * 1000 - 1000);
    const refused = await postJson("/api/session/activity", {}, { cookie });
    expect(refused.status).toBe(401);

    const record = await env.DB.prepare("SELECT * FROM user_sessions WHERE user_id = ?").bind(user.id).first();
    expect(record).toMatchObject({ last_activity: 0, reason: "inactivity_timeout" });
    expect(record?.logged_out_at).toEqual(expect.any(Number));
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(user.id).first<{
      n: number;
    }>();
    expect(sessions?.n).toBe(0);
  });

  it("keeps an active session alive: the heartbeat moves lastActivity forward", async () => {
    const { cookie, user } = await insertUser();
    await setLastActivity(user.id, Date.now() - 9 * 60 * 1000);
    const response = await postJson("/api/session/activity", { idleMs: 12_000 }, { cookie });
    expect(response.status).toBe(200);
    const { lastActivity, serverNow } = (await response.json()) as { lastActivity: number; serverNow: number };
    expect(serverNow - lastActivity).toBe(12_000);
  });

  it("moves nothing for a claim of activity older than what it knows (a page that slept, a socket reopening)", async () => {
    const { cookie, user } = await insertUser();
    const lastActive = Date.now() - 9 * 60 * 1000;
    await setLastActivity(user.id, lastActive);
    // Claimed an hour ago: neither back (the inbox keeps the later time) nor forward (a
    // page that reports long idleness must not keep the session alive).
    const response = await postJson("/api/session/activity", { idleMs: 60 * 60 * 1000 }, { cookie });
    const { lastActivity } = (await response.json()) as { lastActivity: number; serverNow: number };
    expect(lastActivity).toBe(lastActive);
    expect((await postJson("/api/session/activity", { idleMs: "soon" }, { cookie })).status).toBe(400);
  });
});

describe("the browser's inactivity timer", () => {
  it("a forced logout from the browser's timer ends the sessions and records why", async () => {
    const { cookie, user } = await insertUser();
    expect((await postJson("/api/session/expire", {}, { cookie })).status).toBe(200);
    const record = await env.DB.prepare("SELECT last_activity, reason FROM user_sessions WHERE user_id = ?")
      .bind(user.id)
      .first();
    expect(record).toEqual({ last_activity: 0, reason: "inactivity_timeout" });
    expect(await (await getSession(cookie)).json()).toBeNull();
  });
});
