import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SESSION_TIMEOUT_MS } from "~/shared/inactivity";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import { suspendAccount } from "../../worker/accounts/suspension";
import { insertUser, withSessionCache } from "./support/accounts";
import { setLastActivity } from "./support/activity";
import { APP_ORIGIN, cookiesOf, freshIp, postJson, requestResetToken } from "./support/auth-requests";
import { closing, endedSession, openInboxSocket, upgradeAnswer } from "./support/chat-sockets";
import { until } from "./support/until";

/**
 * a signed-in request is answered by better-auth's signed session cache cookie and the
 * user's inbox, not D1; activity lives in the inbox; ending a session still ends access at once.
 */

const SESSION_CACHE = "kindred.session_data=";

/** A new account, with the cookies its browser holds (session token and session cache). */
async function cachedAccount() {
  const account = await insertUser();
  const cookie = await withSessionCache(account.cookie);
  expect(cookie).toContain(SESSION_CACHE);
  return { ...account, cookie };
}

const heartbeat = (cookie: string) => postJson("/api/session/activity", { idleMs: 0 }, { cookie });

const userSessionRecord = (userId: string) =>
  env.DB.prepare("SELECT * FROM user_sessions WHERE user_id = ?").bind(userId).first();

/** The idle deadline the user's inbox keeps. */
const idleDeadlineOf = (userId: string) =>
  runInDurableObject(env.USER_INBOX.getByName(userId), (_inbox, state) =>
    Number(state.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'idle_deadline'").one().value),
  );

/** The inbox's instance goes (an eviction or a restart): only what it stored remains. */
const evictInbox = (userId: string) =>
  runInDurableObject(env.USER_INBOX.getByName(userId), (_inbox, state) => state.abort("evicted")).catch(
    () => undefined,
  );

/** A cookie's value as a person reading their cookie jar could: every base64url part of it, decoded. */
function readableParts(cookie: string, name: string): string {
  const value = decodeURIComponent(
    cookie
      .split("; ")
      .find((c) => c.startsWith(`${name}=`))
      ?.slice(name.length + 1) ?? "",
  );
  const decode = (part: string) => {
    try {
      return atob(part.replaceAll("-", "+").replaceAll("_", "/"));
    } catch {
      return "";
    }
  };
  return [value, ...value.split(".")].map(decode).join("\n");
}

describe("the session cache", () => {
  it("holds neither the email, the username nor the session token in a readable form", async () => {
    const { cookie, email, user } = await cachedAccount();
    const token = cookie
      .split("; ")
      .find((c) => c.startsWith("kindred.session_token="))
      ?.split("=")[1]
      ?.split(".")[0];
    const readable = readableParts(cookie, "kindred.session_data");
    expect(token).toBeTruthy();
    // The decoding would find the email in a cookie that carried it readably.
    expect(readableParts(`x=${btoa(email)}`, "x")).toContain(email);
    expect(readable).not.toContain(email);
    expect(readable).not.toContain(user.username);
    expect(readable).not.toContain(token);
  });

  it("drops a copy it cannot decrypt (one written before it was encrypted) and reads the session from D1", async () => {
    const { cookie, user } = await cachedAccount();
    const readableCopy = btoa(JSON.stringify({ session: { user: { id: user.id } }, expiresAt: Date.now() + 60_000 }));
    const old = cookie.replace(/kindred\.session_data=[^;]*/, `kindred.session_data=${readableCopy}`);
    const response = await heartbeat(old);
    expect(response.status).toBe(200);
    // The browser is told to drop it.
    const dropped = response.headers.getSetCookie().find((c) => c.startsWith(SESSION_CACHE));
    expect(dropped).toMatch(/^kindred\.session_data=;.*Max-Age=0/i);
  });

  it("answers a signed-in request without reading the session from D1", async () => {
    const { cookie, user } = await cachedAccount();
    const tokenOnly = cookie.split("; ").find((c) => c.startsWith("kindred.session_token=")) ?? "";
    // The row goes behind the app's back (no session end it would hear of): only the cache knows it.
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(user.id).run();
    expect((await heartbeat(cookie)).status).toBe(200);
    expect((await heartbeat(tokenOnly)).status).toBe(401);
  });

  it("does not outlive a sign-out: the same cookies are refused at once, requests and sockets", async () => {
    const { cookie } = await cachedAccount();
    expect((await heartbeat(cookie)).status).toBe(200);
    expect((await postJson("/api/auth/sign-out", {}, { cookie })).status).toBe(200);
    expect((await heartbeat(cookie)).status).toBe(401);
    expect(await upgradeAnswer("/api/inbox/ws", cookie)).toEqual(endedSession("signed-out"));
  });

  it("lets no ended session's copied cookies sign the person out on their other devices", async () => {
    const { cookie, email, password, user } = await cachedAccount();
    const otherDevice = cookiesOf(await postJson("/api/auth/sign-in/email", { email, password }));
    expect((await postJson("/api/auth/sign-out", {}, { cookie })).status).toBe(200);
    // The browser's inactivity timer, sent with the signed-out session's cookies.
    expect((await postJson("/api/session/expire", {}, { cookie })).status).toBe(200);
    expect((await heartbeat(otherDevice)).status).toBe(200);
    expect(await userSessionRecord(user.id)).toMatchObject({ reason: null });
  });

  it("does not outlive a password reset or a suspension", async () => {
    const reset = await cachedAccount();
    const token = await requestResetToken(reset.email);
    expect((await postJson("/api/auth/reset-password", { token, newPassword: "a new password" })).status).toBe(200);
    expect((await heartbeat(reset.cookie)).status).toBe(401);

    const suspended = await cachedAccount();
    await suspendAccount(suspended.user.id);
    expect((await heartbeat(suspended.cookie)).status).toBe(401);
    expect(await upgradeAnswer("/api/inbox/ws", suspended.cookie)).toEqual(endedSession("suspended"));
  });
});

describe("activity kept by the user's inbox", () => {
  it("a heartbeat writes nothing to D1", async () => {
    const { cookie, user } = await cachedAccount();
    const before = await userSessionRecord(user.id);
    const response = await postJson("/api/session/activity", { idleMs: 5000 }, { cookie });
    expect(response.status).toBe(200);
    const { lastActivity, serverNow } = (await response.json()) as { lastActivity: number; serverNow: number };
    expect(serverNow - lastActivity).toBeLessThanOrEqual(5000);
    expect(await userSessionRecord(user.id)).toEqual(before);
  });

  it("takes the heartbeat as a frame on the inbox socket: the idle deadline moves, D1 is not written", async () => {
    const { cookie, user } = await cachedAccount();
    await setLastActivity(user.id, Date.now() - 9 * 60 * 1000);
    const before = await userSessionRecord(user.id);
    const inbox = await openInboxSocket(cookie);
    await until(() => inbox.frames.length >= 1);
    inbox.ws?.send(JSON.stringify({ type: "activity", idleMs: 4000 }));
    const isActivity = (f: unknown) => (f as { type: string }).type === "activity";
    await until(() => inbox.frames.some(isActivity));
    const answer = inbox.frames.find(isActivity) as { lastActivity: number; serverNow: number };
    expect(answer.serverNow - answer.lastActivity).toBe(4000);
    // The deadline moved: a request now, which the old one would have refused a minute on, lives.
    expect(await idleDeadlineOf(user.id)).toBe(answer.lastActivity + SESSION_TIMEOUT_MS);
    expect(await userSessionRecord(user.id)).toEqual(before);
  });

  it("answers a malformed heartbeat frame with an error and moves nothing", async () => {
    const { cookie, user } = await cachedAccount();
    const inbox = await openInboxSocket(cookie);
    await until(() => inbox.frames.length >= 1);
    const deadline = await idleDeadlineOf(user.id);
    for (const idleMs of [-1, "soon", 1.5, 2 * 24 * 60 * 60 * 1000]) {
      inbox.ws?.send(JSON.stringify({ type: "activity", idleMs }));
    }
    await until(() => inbox.frames.filter((f) => (f as { type: string }).type === "error").length === 4);
    expect(await idleDeadlineOf(user.id)).toBe(deadline);
  });

  it("never revives a session idle past its deadline: its heartbeat frame ends it and closes the socket", async () => {
    const { cookie, user } = await cachedAccount();
    const inbox = await openInboxSocket(cookie);
    await until(() => inbox.frames.length >= 1);
    await setLastActivity(user.id, Date.now() - SESSION_TIMEOUT_MS - 1000);
    const closed = closing(inbox.ws as WebSocket);
    inbox.ws?.send(JSON.stringify({ type: "activity", idleMs: 0 }));
    expect(await closed()).toEqual({ code: CLOSE_CODES.sessionEnded, reason: "inactivity" });
    expect(await userSessionRecord(user.id)).toMatchObject({ last_activity: 0, reason: "inactivity_timeout" });
    expect((await heartbeat(cookie)).status).toBe(401);
  });

  it("decides idleness, from what it stored, after an eviction too", async () => {
    const { cookie, user } = await cachedAccount();
    expect((await heartbeat(cookie)).status).toBe(200);
    // D1's record says long idle; the inbox's own, which survives its instance, says active.
    await env.DB.prepare("UPDATE user_sessions SET last_activity = ? WHERE user_id = ?")
      .bind(Date.now() - 2 * SESSION_TIMEOUT_MS, user.id)
      .run();
    await evictInbox(user.id);
    expect((await heartbeat(cookie)).status).toBe(200);

    // Idle past the deadline in the inbox's record: the next request, after another eviction, is
    // refused, every session ends and the forced-logout record is written to D1.
    await setLastActivity(user.id, Date.now() - SESSION_TIMEOUT_MS - 1000);
    await evictInbox(user.id);
    expect((await heartbeat(cookie)).status).toBe(401);
    expect(await userSessionRecord(user.id)).toMatchObject({ last_activity: 0, reason: "inactivity_timeout" });
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(sessions?.n).toBe(0);
  });

  it("starts afresh with the next sign-in after a forced logout", async () => {
    const { cookie, user, email, password } = await cachedAccount();
    await setLastActivity(user.id, Date.now() - SESSION_TIMEOUT_MS - 1000);
    expect((await heartbeat(cookie)).status).toBe(401);

    const signedIn = await postJson("/api/auth/sign-in/email", { email, password });
    expect(signedIn.status).toBe(200);
    const fresh = cookiesOf(signedIn);
    expect((await heartbeat(fresh)).status).toBe(200);
    expect((await openInboxSocket(fresh)).status).toBe(101);
    // The old cookies stay refused: their session ended with the logout.
    expect((await heartbeat(cookie)).status).toBe(401);
  });
});

/**
 * better-auth answers get-session from its signed session cache cookie alone, so a copied
 * cookie pair kept reading the account after its session had ended. Every end ends it here too.
 */
describe("get-session", () => {
  const getSession = (cookie: string) =>
    exports.default.fetch(`${APP_ORIGIN}/api/auth/get-session`, {
      headers: { Cookie: cookie, "cf-connecting-ip": freshIp() },
    });

  /** The session get-session answers for these cookies: its id and user, or null. */
  async function sessionOf(cookie: string) {
    const response = await getSession(cookie);
    expect(response.status).toBe(200);
    return (await response.json()) as { session: { id: string; token?: string }; user: { id: string } } | null;
  }

  /** The session cookies a browser's get-session answer tells it to drop. */
  const clearedCookies = (response: Response) =>
    response.headers
      .getSetCookie()
      .filter((cookie) => /max-age=0/i.test(cookie))
      .map((cookie) => cookie.slice(0, cookie.indexOf("=")));

  it("answers a live session with its user, and no token", async () => {
    const { cookie, user } = await cachedAccount();
    const answer = await sessionOf(cookie);
    expect(answer?.user.id).toBe(user.id);
    expect(answer?.session.id).toEqual(expect.any(String));
    expect(answer?.session.token).toBeUndefined();
  });

  it("answers no session after a sign-out, and tells the browser to drop the cookies", async () => {
    const { cookie } = await cachedAccount();
    expect(await sessionOf(cookie)).not.toBeNull();
    expect((await postJson("/api/auth/sign-out", {}, { cookie })).status).toBe(200);
    const response = await getSession(cookie);
    expect(await response.json()).toBeNull();
    expect(clearedCookies(response)).toEqual(expect.arrayContaining(["kindred.session_token", "kindred.session_data"]));
  });

  it("answers no session after a password reset", async () => {
    const { cookie, email } = await cachedAccount();
    expect(await sessionOf(cookie)).not.toBeNull();
    const token = await requestResetToken(email);
    expect((await postJson("/api/auth/reset-password", { token, newPassword: "a new password" })).status).toBe(200);
    expect(await sessionOf(cookie)).toBeNull();
  });

  it("answers no session after the inactivity logout", async () => {
    const { cookie, user } = await cachedAccount();
    expect(await sessionOf(cookie)).not.toBeNull();
    await setLastActivity(user.id, Date.now() - SESSION_TIMEOUT_MS - 1000);
    expect(await sessionOf(cookie)).toBeNull();
    expect(await userSessionRecord(user.id)).toMatchObject({ reason: "inactivity_timeout" });
  });

  it("answers no session after a suspension", async () => {
    const { cookie, user } = await cachedAccount();
    expect(await sessionOf(cookie)).not.toBeNull();
    await suspendAccount(user.id);
    expect(await sessionOf(cookie)).toBeNull();
  });
});
