import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTH_ERROR_MESSAGES } from "~/shared/auth-errors";
import { isGeneratedUsername } from "~/shared/username";
import { ACCOUNT_SIGN_IN_LIMIT } from "../../worker/auth/sign-in-guard";
import { insertUser } from "./support/accounts";
import { APP_ORIGIN, freshIp, postJson, requestResetToken, sessionCookie } from "./support/auth-requests";

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock the Worker reads (the tests and the Worker share this isolate). */
function travelTo(time: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(time);
}

const userRow = (id: string) =>
  env.DB.prepare("SELECT username, name, gender, role, email FROM users WHERE id = ?")
    .bind(id)
    .first<{ username: string; name: string; gender: string; role: string; email: string }>();

describe("accounts cannot be reshaped from outside", () => {
  it("sign-up never keeps a chosen username that is not of the generated shape", async () => {
    const chosen = ["Support", "Support\u200b", "<img src=x onerror=alert(1)>", "Gentle12345".repeat(30), "gentle1234"];
    for (const username of chosen) {
      const response = await postJson("/api/auth/sign-up/email", {
        email: `chosen-${crypto.randomUUID()}@example.com`,
        password: "secret123",
        gender: "female",
        username,
        name: username,
        role: "admin",
      });
      expect(response.status).toBe(200);
      const { user } = (await response.json()) as { user: { id: string } };
      const row = await userRow(user.id);
      expect(row?.username).not.toBe(username);
      expect(isGeneratedUsername(row?.username ?? "")).toBe(true);
      expect(row?.name).toBe(row?.username);
      expect(row?.role).toBe("user");
    }
  });

  it("sign-up refuses a gender outside the spec's values", async () => {
    const response = await postJson("/api/auth/sign-up/email", {
      email: `gender-${crypto.randomUUID()}@example.com`,
      password: "secret123",
      gender: "admin",
    });
    expect(response.status).toBe(400);
  });

  it("better-auth's generic endpoints cannot change username, gender, role, email or password", async () => {
    const alice = await insertUser();
    const before = await userRow(alice.user.id);
    const attempts: [string, unknown][] = [
      ["/api/auth/update-user", { username: "Support", gender: "admin", role: "admin", name: "Support" }],
      ["/api/auth/change-email", { newEmail: "taken-over@example.com" }],
      ["/api/auth/change-password", { currentPassword: alice.password, newPassword: "something else" }],
      ["/api/auth/delete-user", {}],
      ["/api/auth/revoke-sessions", {}],
      ["/api/auth/list-sessions", {}],
    ];
    for (const [path, body] of attempts) {
      const response = await postJson(path, body, { cookie: alice.cookie });
      expect(response.status, path).toBe(404);
    }
    const listed = await exports.default.fetch(`${APP_ORIGIN}/api/auth/list-sessions`, {
      headers: { Cookie: alice.cookie },
    });
    expect(listed.status).toBe(404);
    expect(await userRow(alice.user.id)).toEqual(before);
    const signIn = await postJson("/api/auth/sign-in/email", { email: alice.email, password: alice.password });
    expect(signIn.status).toBe(200);
  });
});

describe("the session token stays in the cookie", () => {
  it("is in no JSON answer of sign-up, sign-in or get-session", async () => {
    const alice = { email: `token-${crypto.randomUUID()}@example.com`, password: "secret123" };
    const signUp = await postJson("/api/auth/sign-up/email", { ...alice, gender: "male" });
    const signUpToken = sessionCookie(signUp).split("=")[1]?.split(".")[0] ?? "";
    expect(signUpToken.length).toBeGreaterThan(10);
    const signUpBody = await signUp.text();
    expect(signUpBody).not.toContain(signUpToken);
    expect(signUpBody).not.toContain('"token"');
    const { user } = JSON.parse(signUpBody) as { user: { id: string } };

    const signIn = await postJson("/api/auth/sign-in/email", { email: alice.email, password: alice.password });
    const signInToken = sessionCookie(signIn).split("=")[1]?.split(".")[0] ?? "";
    const signInBody = await signIn.text();
    expect(signInBody).not.toContain(signInToken);
    expect(signInBody).not.toContain('"token"');
    expect(JSON.parse(signInBody)).toMatchObject({ user: { id: user.id } });

    const session = await exports.default.fetch(`${APP_ORIGIN}/api/auth/get-session`, {
      headers: { Cookie: sessionCookie(signIn) },
    });
    const sessionBody = await session.text();
    expect(sessionBody).not.toContain(signInToken);
    expect(sessionBody).not.toContain('"token"');
    expect(JSON.parse(sessionBody)).toMatchObject({ user: { id: user.id }, session: { userId: user.id } });
  });
});

describe("the per-account sign-in limit", () => {
  it("refuses an email for 15 minutes after 10 failures from different addresses, and only that email", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const start = Date.now();
    for (let i = 0; i < ACCOUNT_SIGN_IN_LIMIT.failures; i++) {
      const wrong = await postJson("/api/auth/sign-in/email", { email: alice.email, password: `guess ${i}` });
      expect(wrong.status).toBe(401);
    }
    const locked = await postJson(
      "/api/auth/sign-in/email",
      { email: alice.email.toUpperCase(), password: alice.password },
      { ip: freshIp() },
    );
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ message: AUTH_ERROR_MESSAGES.tooManyAttempts });
    expect((await postJson("/api/auth/sign-in/email", { email: bob.email, password: bob.password })).status).toBe(200);

    travelTo(start + ACCOUNT_SIGN_IN_LIMIT.lockMs - 60_000);
    expect((await postJson("/api/auth/sign-in/email", { email: alice.email, password: alice.password })).status).toBe(
      429,
    );
    travelTo(start + ACCOUNT_SIGN_IN_LIMIT.lockMs + 60_000);
    expect((await postJson("/api/auth/sign-in/email", { email: alice.email, password: alice.password })).status).toBe(
      200,
    );
  });

  it("the sign-in form shows the spec's message while the email is refused", async () => {
    const alice = await insertUser();
    for (let i = 0; i < ACCOUNT_SIGN_IN_LIMIT.failures; i++) {
      await postJson("/api/auth/sign-in/email", { email: alice.email, password: `guess ${i}` });
    }
    const { signInAction } = await import("../../worker/auth/password-forms");
    const form = new FormData();
    form.set("email", alice.email);
    form.set("password", alice.password);
    const request = new Request(`${APP_ORIGIN}/login`, {
      method: "POST",
      headers: { Origin: APP_ORIGIN, "cf-connecting-ip": freshIp() },
      body: form,
    });
    const answer = await signInAction(request);
    expect(answer.data).toMatchObject({ error: { message: AUTH_ERROR_MESSAGES.tooManyAttempts } });
    expect(answer.init?.status).toBeGreaterThanOrEqual(400);
  });

  it("the sign-in form tells a suspended person the reason's category and where to appeal", async () => {
    const { suspendAccount } = await import("../../worker/accounts/suspension");
    const { signInAction } = await import("../../worker/auth/password-forms");
    const alice = await insertUser();
    await suspendAccount(alice.user.id, Date.now(), "threats");
    const form = new FormData();
    form.set("email", alice.email);
    form.set("password", alice.password);
    const request = new Request(`${APP_ORIGIN}/login`, {
      method: "POST",
      headers: { Origin: APP_ORIGIN, "cf-connecting-ip": freshIp() },
      body: form,
    });
    const answer = await signInAction(request);
    expect({ status: answer.init?.status, ...answer.data }).toMatchObject({
      status: 403,
      error: {
        field: null,
        message:
          "This account has been suspended. Reason: Threats of violence. To appeal, email support@kindred.example.",
      },
    });
  });

  it("failures spread over more than 15 minutes do not lock the email", async () => {
    const alice = await insertUser();
    const start = Date.now();
    for (let i = 0; i < ACCOUNT_SIGN_IN_LIMIT.failures - 1; i++) {
      await postJson("/api/auth/sign-in/email", { email: alice.email, password: `guess ${i}` });
    }
    travelTo(start + ACCOUNT_SIGN_IN_LIMIT.windowMs + 1000);
    await postJson("/api/auth/sign-in/email", { email: alice.email, password: "one more guess" });
    expect((await postJson("/api/auth/sign-in/email", { email: alice.email, password: alice.password })).status).toBe(
      200,
    );
  });
});

const resetWith = (token: string, newPassword: string) => postJson("/api/auth/reset-password", { token, newPassword });

const resetTokensOf = async (userId: string) =>
  (
    await env.DB.prepare(
      "SELECT count(*) AS n FROM verifications WHERE value = ? AND identifier LIKE 'reset-password:%'",
    )
      .bind(userId)
      .first<{ n: number }>()
  )?.n;

describe("password reset links", () => {
  it("a newer link makes an older one useless", async () => {
    const alice = await insertUser();
    const older = await requestResetToken(alice.email);
    const newer = await requestResetToken(alice.email);
    expect(older).not.toBe(newer);
    expect((await resetWith(older, "from the old link")).status).toBe(400);
    expect((await resetWith(newer, "from the new link")).status).toBe(200);
    expect(
      (await postJson("/api/auth/sign-in/email", { email: alice.email, password: "from the new link" })).status,
    ).toBe(200);
  });

  it("using a link makes every link of the account useless, itself included", async () => {
    const alice = await insertUser();
    const token = await requestResetToken(alice.email);
    // A second live link, as one sent before this rule existed would be.
    await env.DB.prepare("INSERT INTO verifications (id, identifier, value, expires_at) VALUES (?, ?, ?, ?)")
      .bind(crypto.randomUUID(), "reset-password:legacy-link-token", alice.user.id, Date.now() + 3_600_000)
      .run();
    expect((await resetWith(token, "changed once")).status).toBe(200);
    expect(await resetTokensOf(alice.user.id)).toBe(0);
    expect((await resetWith(token, "changed twice")).status).toBe(400);
    expect((await resetWith("legacy-link-token", "changed twice")).status).toBe(400);
    expect((await postJson("/api/auth/sign-in/email", { email: alice.email, password: "changed once" })).status).toBe(
      200,
    );
  });

  it("a link expires after one hour", async () => {
    const alice = await insertUser();
    const start = Date.now();
    const late = await requestResetToken(alice.email);
    travelTo(start + 61 * 60 * 1000);
    expect((await resetWith(late, "too late")).status).toBe(400);

    vi.useRealTimers();
    const inTime = await requestResetToken(alice.email);
    travelTo(Date.now() + 59 * 60 * 1000);
    expect((await resetWith(inTime, "just in time")).status).toBe(200);
  });
});
