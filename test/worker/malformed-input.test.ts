import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatWith, PATHS } from "~/shared/routes";
import * as adminListeners from "../../app/routes/admin/listeners";
import * as adminReports from "../../app/routes/admin/reports";
import * as adminSavedReplies from "../../app/routes/admin/saved-replies";
import * as adminWrapUpTopics from "../../app/routes/admin/wrap-up-topics";
import * as login from "../../app/routes/auth/login";
import * as recover from "../../app/routes/auth/recover";
import * as resetPassword from "../../app/routes/auth/reset-password";
import * as signOut from "../../app/routes/auth/sign-out";
import * as signup from "../../app/routes/auth/signup";
import * as chatScreen from "../../app/routes/chat/chat-screen";
import * as deskScreen from "../../app/routes/desk/desk-screen";
import * as thankYou from "../../app/routes/donation/thank-you";
import * as profileScreen from "../../app/routes/profile/profile-screen";
import * as blockedPeople from "../../app/routes/safety/blocked-people";
import * as userProfile from "../../app/routes/users/user-profile";
import { DEFAULT_BODY_LIMIT_BYTES } from "../../worker/http/request-guards";
import { insertAdmin, insertUser } from "./support/accounts";
import { APP_ORIGIN, freshIp } from "./support/auth-requests";
import { callActionWithRequest, signedInUser } from "./support/route-action";

const THREE_MB = "x".repeat(3 * 1024 * 1024);

function send(path: string, init: { method?: string; body?: BodyInit; cookie?: string; type?: string | null } = {}) {
  const type = init.type === undefined ? "application/json" : init.type;
  return exports.default.fetch(`${APP_ORIGIN}${path}`, {
    method: init.method ?? "POST",
    headers: {
      Origin: APP_ORIGIN,
      "cf-connecting-ip": freshIp(),
      ...(type === null ? {} : { "Content-Type": type }),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
    body: init.body,
  });
}

/** A body of `bytes` bytes sent in pieces, with no Content-Length (chunked). */
function streamOf(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      const size = Math.min(16 * 1024, bytes - sent);
      if (size <= 0) return controller.close();
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
}

const counts = async () =>
  env.DB.prepare(
    "SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM verifications) AS verifications, (SELECT count(*) FROM profiles WHERE first_name = 'Hacked') AS hacked",
  ).first();

describe("malformed addresses", () => {
  it("answer 400 with a code for broken percent-encoding, in images, API paths, queries and pages", async () => {
    for (const path of ["/images/%", "/images/%E0%A4%A", "/api/health?x=%", "/api/%zz"]) {
      const response = await exports.default.fetch(`${APP_ORIGIN}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toMatchObject({ code: "bad_encoding" });
    }
    for (const path of ["/%", "/users?q=%", "/chat/%E0%A4%A"]) {
      const response = await exports.default.fetch(`${APP_ORIGIN}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toContain("malformed");
    }
  });

  it("still pass with valid encodings", async () => {
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/health?q=%20caf%C3%A9+x%2Fy`);
    expect(response.status).toBe(200);
  });
});

describe("a page's form posted from another site", () => {
  it("is refused before any action runs, for every page that takes a form, and changes nothing", async () => {
    const alice = await insertUser();
    const before = await counts();
    const form = new URLSearchParams({ firstName: "Hacked", intent: "report", reason: "spam" }).toString();
    for (const path of [
      "/profile",
      "/profile.data",
      "/signup",
      "/login",
      "/users/someone",
      "/thankyou",
      "/admin/reports",
      PATHS.adminReplies,
      PATHS.adminTopics,
    ]) {
      for (const origin of ["https://evil.example", "null"]) {
        const response = await exports.default.fetch(`${APP_ORIGIN}${path}`, {
          method: "POST",
          headers: {
            Origin: origin,
            "cf-connecting-ip": freshIp(),
            "Content-Type": "application/x-www-form-urlencoded",
            Cookie: alice.cookie,
          },
          body: form,
        });
        expect(response.status, `${path} from ${origin}`).toBe(403);
        expect(await response.text()).toContain("not sent from this site");
      }
    }
    expect(await counts()).toEqual(before);
  });
});

describe("JSON of the wrong shape", () => {
  it("is a 400 with a code for the activity heartbeat, and changes nothing", async () => {
    const alice = await insertUser();
    const before = await counts();
    const bodies = ["[]", "null", '"x"', "5", "{not json", ""];
    for (const body of bodies) {
      for (const [method, path] of [["POST", "/api/session/activity"]] as const) {
        const response = await send(path, { method, body, cookie: alice.cookie });
        expect(response.status, `${method} ${path} ${body}`).toBe(400);
        expect(await response.json()).toMatchObject({ code: "invalid_body" });
      }
    }
    expect(await counts()).toEqual(before);
  });

  it("is a 4xx with a code for better-auth's endpoints, never a 500", async () => {
    const before = await counts();
    for (const path of [
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
      "/api/auth/request-password-reset",
      "/api/auth/reset-password",
    ]) {
      for (const body of ["[]", "null", '"x"', "{not json", "{}"]) {
        const response = await send(path, { body });
        expect(response.status, `${path} ${body}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${path} ${body}`).toBeLessThan(500);
        expect(await response.json(), `${path} ${body}`).toHaveProperty("code");
      }
    }
    expect(await counts()).toEqual(before);
  });
});

describe("bodies over their endpoint's cap", () => {
  it("answer 413 for 3 MB sent to JSON endpoints, better-auth's included, and store nothing", async () => {
    const alice = await insertUser();
    const before = await counts();
    for (const path of [
      "/api/session/activity",
      "/api/auth/request-password-reset",
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
      "/api/events",
    ]) {
      const response = await send(path, {
        method: "POST",
        body: JSON.stringify({ email: alice.email, idleMs: 0, padding: THREE_MB }),
        cookie: alice.cookie,
      });
      expect(response.status, path).toBe(413);
      expect(await response.json(), path).toMatchObject({ code: "body_too_large" });
    }
    expect(await counts()).toEqual(before);
  });

  it("answer 413 for a page's form post over 64 KB", async () => {
    const form = new URLSearchParams({ email: "someone@example.com", password: THREE_MB });
    const response = await send("/login", { body: form.toString(), type: "application/x-www-form-urlencoded" });
    expect(response.status).toBe(413);
  });

  it("are measured when sent without a length too, and a small chunked body still passes", async () => {
    const alice = await insertUser();
    const large = await send("/api/session/activity", {
      body: streamOf(DEFAULT_BODY_LIMIT_BYTES + 1),
      cookie: alice.cookie,
    });
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ code: "body_too_large" });

    const small = new TextEncoder().encode(JSON.stringify({ idleMs: 0 }));
    const ok = await send("/api/session/activity", {
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(small);
          controller.close();
        },
      }),
      cookie: alice.cookie,
    });
    expect(ok.status).toBe(200);
  });
});

describe("a page's action posted a body that is no form", () => {
  /** What each action would take as a form, sent every wrong way a body can come. */
  const MALFORMED_BODIES = [
    { name: "JSON", type: "application/json", body: JSON.stringify({ intent: "open", email: "a@example.com" }) },
    { name: "malformed multipart", type: "multipart/form-data; boundary=kindred", body: "--kindred\r\nno headers" },
    { name: "multipart without a boundary", type: "multipart/form-data", body: "intent=open" },
    { name: "the wrong content type", type: "text/plain", body: "intent=open" },
    { name: "no body at all", type: null, body: null },
  ] as const;

  it("answers 4xx from every route action, as data or a thrown 4xx, and changes nothing", async () => {
    const admin = await insertAdmin();
    const other = await insertUser();
    const user = { ...signedInUser(admin), role: "admin" as const };
    const before = await counts();
    const routes: {
      path: string;
      action: Parameters<typeof callActionWithRequest>[0];
      params?: Record<string, string>;
    }[] = [
      { path: PATHS.profile, action: profileScreen.action },
      { path: "/signup", action: signup.action },
      { path: PATHS.login, action: login.action },
      { path: "/recover", action: recover.action },
      { path: "/reset-password", action: resetPassword.action },
      { path: "/signout", action: signOut.action },
      { path: `/users/${other.user.id}`, action: userProfile.action, params: { userId: other.user.id } },
      { path: PATHS.thankYou, action: thankYou.action },
      { path: "/blocked", action: blockedPeople.action },
      { path: chatWith(other.user.id), action: chatScreen.action, params: { userId: other.user.id } },
      { path: PATHS.desk, action: deskScreen.action },
      { path: "/admin/reports", action: adminReports.action },
      { path: "/admin/listeners", action: adminListeners.action },
      { path: PATHS.adminReplies, action: adminSavedReplies.action },
      { path: PATHS.adminTopics, action: adminWrapUpTopics.action },
    ];
    for (const { path, action, params } of routes) {
      for (const { name, type, body } of MALFORMED_BODIES) {
        const request = new Request(`${APP_ORIGIN}${path}`, {
          method: "POST",
          headers: { Origin: APP_ORIGIN, "cf-connecting-ip": freshIp(), ...(type ? { "Content-Type": type } : {}) },
          body,
        });
        const answer = await callActionWithRequest(action, request, { user, params });
        const shown = answer.data instanceof Error ? answer.data.message : JSON.stringify(answer.data);
        expect(answer.status, `${path} with ${name}: ${shown}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${path} with ${name}: ${shown}`).toBeLessThan(500);
      }
    }
    expect(await counts()).toEqual(before);
    const receipts = await env.DB.prepare("SELECT count(*) AS n FROM receipts").first<{ n: number }>();
    expect(receipts?.n).toBe(0);
  });

  it("answers 400 with a code at the upload endpoint", async () => {
    const alice = await insertUser();
    for (const { name, type, body } of MALFORMED_BODIES) {
      const response = await send("/api/uploads?purpose=chat", { body: body ?? undefined, type, cookie: alice.cookie });
      expect(response.status, name).toBe(400);
      expect(await response.json(), name).toMatchObject({ code: "invalid_body" });
    }
  });
});
