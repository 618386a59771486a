import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_PROFILE_PICTURE_BYTES, UPLOAD_MESSAGES } from "~/shared/uploads";
import { pngWithMetadata } from "../unit/images/fixtures";
import { APP_ORIGIN, freshIp, postJson, sessionCookie, signUpUser } from "./support/auth-requests";

let counter = 0;
/** The sign-up form as a browser posts it; `picture: null` leaves the picture out altogether. */
function signUpForm(overrides: { picture?: Blob | null; next?: string; email?: string } = {}) {
  counter += 1;
  const form = new FormData();
  form.set("email", overrides.email ?? `form-${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`);
  form.set("password", "steady steps");
  form.set("confirmPassword", "steady steps");
  form.set("gender", "female");
  if (overrides.picture !== null) {
    form.set(
      "picture",
      overrides.picture ?? new Blob([Uint8Array.from(pngWithMetadata())], { type: "image/png" }),
      "me.png",
    );
  }
  if (overrides.next !== undefined) form.set("next", overrides.next);
  return form;
}

function postSignUp(form: FormData) {
  return exports.default.fetch(`${APP_ORIGIN}/api/sign-up`, {
    method: "POST",
    headers: { Origin: APP_ORIGIN, "cf-connecting-ip": freshIp() },
    body: form,
  });
}

async function accountExists(email: string) {
  return (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first()) !== null;
}

describe("creating an account with its picture in one request", () => {
  it("creates the account, stores the picture as theirs and signs them in", async () => {
    const form = signUpForm();
    const response = await postSignUp(form);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ destination: "/chat", saveFailure: null });
    const session = await exports.default.fetch(`${APP_ORIGIN}/api/auth/get-session`, {
      headers: { Cookie: sessionCookie(response) },
    });
    const { user } = (await session.json()) as { user: { id: string; profilePic: string } };
    expect(user.profilePic).toMatch(new RegExp(`^/images/profiles/${user.id}/.+\\.png$`));
    expect(await env.IMAGES.head(user.profilePic.slice("/images/".length))).not.toBeNull();
  });

  it("refuses a picture of 5 MB with the spec's message before creating anything", async () => {
    const png = pngWithMetadata();
    const bytes = new Uint8Array(MAX_PROFILE_PICTURE_BYTES);
    bytes.set(png);
    const form = signUpForm({ picture: new Blob([bytes], { type: "image/png" }) });
    const response = await postSignUp(form);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ field: "picture", message: "Profile picture must be less than 5MB" });
    expect(await accountExists(String(form.get("email")))).toBe(false);
  });

  it("refuses a picture that is not an image before creating anything", async () => {
    for (const picture of [
      new Blob(["just some words, not a photo"], { type: "image/png" }),
      // A HEIC photo: an ISO-BMFF 'ftyp' box, which no browser here can show.
      new Blob([new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63, 0, 0, 0, 0])], {
        type: "image/heic",
      }),
    ]) {
      const form = signUpForm({ picture });
      const response = await postSignUp(form);
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ field: "picture", message: UPLOAD_MESSAGES.notAnImage });
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await accountExists(String(form.get("email")))).toBe(false);
    }
    expect(UPLOAD_MESSAGES.notAnImage).toMatch(/JPEG, PNG, WebP or GIF/);
  });

  it("checks the fields in the spec's order with the spec's messages", async () => {
    const form = signUpForm();
    form.set("confirmPassword", "something else");
    const response = await postSignUp(form);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: "confirmPassword", message: "Passwords do not match" });
    expect(await accountExists(String(form.get("email")))).toBe(false);
  });

  it("says 'Email is already in use' for an existing account, through better-auth's own rules", async () => {
    const { email } = await signUpUser();
    const response = await postSignUp(signUpForm({ email }));
    expect(await response.json()).toMatchObject({ field: null, message: "Email is already in use" });
  });

  it("refuses a request from another site", async () => {
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/sign-up`, {
      method: "POST",
      headers: { Origin: "https://elsewhere.example", "cf-connecting-ip": freshIp() },
      body: signUpForm(),
    });
    expect(response.status).toBe(403);
  });
});

describe("creating an account without a picture (issue 23: the picture is optional)", () => {
  it("creates the account with no picture, signs them in and goes to chat", async () => {
    const form = signUpForm({ picture: null });
    const response = await postSignUp(form);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ destination: "/chat", saveFailure: null });
    const session = await exports.default.fetch(`${APP_ORIGIN}/api/auth/get-session`, {
      headers: { Cookie: sessionCookie(response) },
    });
    const { user } = (await session.json()) as { user: { id: string; profilePic: string | null } };
    expect(user.profilePic ?? null).toBeNull();
    const profile = await env.DB.prepare("SELECT photo_url FROM profiles WHERE user_id = ?").bind(user.id).first();
    expect(profile).toEqual({ photo_url: null });
    expect((await env.IMAGES.list({ prefix: `profiles/${user.id}/` })).objects).toEqual([]);
  });

  it("takes an empty file part (the chooser left alone) as no picture", async () => {
    const form = signUpForm({ picture: null });
    // What a browser posts for a file input nobody used: a part with no name and no bytes.
    form.set("picture", new Blob([], { type: "application/octet-stream" }), "");
    const response = await postSignUp(form);
    expect(response.status).toBe(201);
    expect(await accountExists(String(form.get("email")))).toBe(true);
  });
});

describe("where signing up leads", () => {
  it("goes to the page the visitor was headed for when it is a path on this site", async () => {
    const response = await postSignUp(signUpForm({ next: "/chat/kindred-support" }));
    expect(await response.json()).toMatchObject({ destination: "/chat/kindred-support" });
  });

  it("refuses any target that is not a same-origin path, and goes to chat instead", async () => {
    for (const next of [
      "https://evil.example/phish",
      "//evil.example/phish",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "chat",
      "/signup",
    ]) {
      const response = await postSignUp(signUpForm({ next }));
      expect(response.status, next).toBe(201);
      expect(await response.json(), next).toMatchObject({ destination: "/chat" });
    }
  });
});

describe("caching", () => {
  it("marks session-dependent answers private and no-store", async () => {
    const { cookie } = await signUpUser();
    for (const path of ["/api/auth/get-session", "/api/inbox/ws"]) {
      const response = await exports.default.fetch(`${APP_ORIGIN}${path}`, { headers: { Cookie: cookie } });
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const signIn = await postJson("/api/auth/sign-in/email", { email: "nobody@example.com", password: "x1234567" });
    expect(signIn.headers.get("cache-control")).toBe("private, no-store");
  });
});
