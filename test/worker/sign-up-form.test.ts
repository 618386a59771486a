import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action } from "~/routes/auth/signup";
import { action as stepsAction } from "~/routes/auth/signup-steps";
import { profileSaveFailureMessage, SIGN_UP_PICTURE_REASONS, SIGN_UP_POST } from "~/shared/auth-rules";
import { MAX_PROFILE_PICTURE_BYTES, UPLOAD_MESSAGES } from "~/shared/uploads";
import { pngWithMetadata } from "../unit/images/fixtures";
import { insertUser } from "./support/accounts";
import { APP_ORIGIN, postJson, sessionCookie } from "./support/auth-requests";
import { type ActionAnswer, callAction, cookieHeaderOf, signedInUser } from "./support/route-action";

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

/** Posts the form to the /signup route action, as the browser does (without scripts, or the page's script). */
function postSignUp(form: FormData | URLSearchParams, options: { cookie?: string; origin?: string } = {}) {
  return callAction(action, "/signup", form, options);
}

async function accountExists(email: string) {
  return (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first()) !== null;
}

async function sessionUser(answer: ActionAnswer) {
  const session = await exports.default.fetch(`${APP_ORIGIN}/api/auth/get-session`, {
    headers: { Cookie: cookieHeaderOf(answer.cookies) },
  });
  return ((await session.json()) as { user: { id: string; profilePic: string | null } }).user;
}

/** The browser's own copy of the session: the token, as the upload endpoint and the next post read it. */
const sessionCookieOf = (answer: ActionAnswer) =>
  sessionCookie(
    new Response(null, { headers: answer.cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]) }),
  );

async function uploadPicture(cookie: string): Promise<{ key: string; url: string }> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(pngWithMetadata())], { type: "image/png" }), "me.png");
  const response = await exports.default.fetch(`${APP_ORIGIN}/api/uploads?purpose=profile`, {
    method: "POST",
    headers: { Origin: APP_ORIGIN, Cookie: cookie },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { key: string; url: string };
}

describe("creating an account with its picture in one post (the form without scripts)", () => {
  it("creates the account, stores the picture as theirs, signs them in and moves on to chat", async () => {
    const answer = await postSignUp(signUpForm());
    expect(answer).toMatchObject({ status: 302, location: "/chat", thrown: true });
    const user = await sessionUser(answer);
    expect(user.profilePic).toMatch(new RegExp(`^/images/profiles/${user.id}/.+\\.png$`));
    expect(await env.IMAGES.head((user.profilePic ?? "").slice("/images/".length))).not.toBeNull();
  });

  it("refuses a picture of 5 MB with the spec's message before creating anything", async () => {
    const png = pngWithMetadata();
    const bytes = new Uint8Array(MAX_PROFILE_PICTURE_BYTES);
    bytes.set(png);
    const form = signUpForm({ picture: new Blob([bytes], { type: "image/png" }) });
    const answer = await postSignUp(form);
    expect(answer.status).toBe(413);
    expect(answer.data).toMatchObject({
      error: { field: "picture", message: "Profile picture must be less than 5MB" },
    });
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
      const answer = await postSignUp(form);
      expect(answer.status).toBe(415);
      expect(answer.data).toMatchObject({ error: { field: "picture", message: UPLOAD_MESSAGES.notAnImage } });
      expect(answer.cookies).toEqual([]);
      expect(await accountExists(String(form.get("email")))).toBe(false);
    }
    expect(UPLOAD_MESSAGES.notAnImage).toMatch(/JPEG, PNG, WebP or GIF/);
  });

  it("checks the fields in the spec's order with the spec's messages, and gives back what was typed", async () => {
    const form = signUpForm();
    form.set("confirmPassword", "something else");
    const answer = await postSignUp(form);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      error: { field: "confirmPassword", message: "Passwords do not match" },
      values: { email: form.get("email"), gender: "female" },
    });
    expect(await accountExists(String(form.get("email")))).toBe(false);
  });

  it("says 'Email is already in use' for an existing account, through better-auth's own rules", async () => {
    const { email } = await insertUser();
    const answer = await postSignUp(signUpForm({ email }));
    expect(answer.data).toMatchObject({ error: { field: null, message: "Email is already in use" } });
  });

  it("refuses a post from another site, and creates nothing", async () => {
    const form = signUpForm();
    const answer = await postSignUp(form, { origin: "https://elsewhere.example" });
    expect(answer.status).toBe(403);
    expect(answer.cookies).toEqual([]);
    expect(await accountExists(String(form.get("email")))).toBe(false);
  });
});

describe("creating an account without a picture (the picture is optional)", () => {
  it("creates the account with no picture, signs them in and goes to chat", async () => {
    const answer = await postSignUp(signUpForm({ picture: null }));
    expect(answer).toMatchObject({ status: 302, location: "/chat", reloadDocument: true });
    const user = await sessionUser(answer);
    expect(user.profilePic ?? null).toBeNull();
    const profile = await env.DB.prepare("SELECT photo_url FROM profiles WHERE user_id = ?").bind(user.id).first();
    expect(profile).toEqual({ photo_url: null });
    expect((await env.IMAGES.list({ prefix: `profiles/${user.id}/` })).objects).toEqual([]);
  });

  it("takes an empty file part (the chooser left alone) as no picture", async () => {
    const form = signUpForm({ picture: null });
    // What a browser posts for a file input nobody used: a part with no name and no bytes.
    form.set("picture", new Blob([], { type: "application/octet-stream" }), "");
    const answer = await postSignUp(form);
    expect(answer.status).toBe(302);
    expect(await accountExists(String(form.get("email")))).toBe(true);
  });
});

/** Posts to /signup/steps, the /signup action's JSON face, as the sign-up page's script does. */
function postStep(form: FormData | URLSearchParams, options: { user?: ReturnType<typeof signedInUser> | null } = {}) {
  return callAction(stepsAction, "/signup/steps", form, options);
}

describe("the page's script: the account first, then the picture's key, answered in JSON", () => {
  it("answers a made and signed-in account with data when a picture follows, and stores no picture yet", async () => {
    const form = signUpForm({ picture: null, next: "/chat/kindred-support" });
    form.set(SIGN_UP_POST.pictureFollows, "1");
    const answer = await postStep(form);
    expect(answer).toMatchObject({
      status: 201,
      thrown: false,
      data: { created: true, destination: "/chat/kindred-support" },
    });
    const user = await sessionUser(answer);
    expect(user.profilePic ?? null).toBeNull();
  });

  it("makes the account's own uploaded picture theirs everywhere, and says where to go on to", async () => {
    const form = signUpForm({ picture: null });
    form.set(SIGN_UP_POST.pictureFollows, "1");
    const created = await postStep(form);
    const cookie = sessionCookieOf(created);
    const user = await sessionUser(created);
    const { key, url } = await uploadPicture(cookie);

    const picture = new URLSearchParams({
      [SIGN_UP_POST.intent]: SIGN_UP_POST.pictureIntent,
      [SIGN_UP_POST.pictureKey]: key,
      next: "/chat/kindred-support",
    });
    const answer = await postStep(picture, {
      user: signedInUser({ email: String(form.get("email")), user: { id: user.id, username: "" } }),
    });
    expect(answer).toMatchObject({ status: 200, thrown: false, data: { destination: "/chat/kindred-support" } });
    const row = await env.DB.prepare(
      "SELECT u.image, u.profile_pic, p.photo_url FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = ?",
    )
      .bind(user.id)
      .first();
    expect(row).toEqual({ image: url, profile_pic: url, photo_url: url });
  });

  it("refuses a key under another person's folder, or one never uploaded, says so, and changes nothing", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const { key: alicesKey } = await uploadPicture(alice.cookie);
    for (const key of [alicesKey, `profiles/${bob.user.id}/00000000-0000-4000-8000-000000000000.png`, "../x"]) {
      const picture = new URLSearchParams({ [SIGN_UP_POST.intent]: SIGN_UP_POST.pictureIntent, pictureKey: key });
      const answer = await postStep(picture, { user: signedInUser(bob) });
      expect(answer.status, key).toBe(403);
      expect(answer.data, key).toEqual({
        saveFailure: profileSaveFailureMessage(SIGN_UP_PICTURE_REASONS.notYours),
        destination: "/chat",
      });
    }
    const row = await env.DB.prepare("SELECT profile_pic FROM users WHERE id = ?").bind(bob.user.id).first();
    expect(row?.profile_pic).toBeNull();
  });

  it("takes a picture's key only from a signed-in person", async () => {
    const alice = await insertUser();
    const { key } = await uploadPicture(alice.cookie);
    const picture = new URLSearchParams({ [SIGN_UP_POST.intent]: SIGN_UP_POST.pictureIntent, pictureKey: key });
    const answer = await postStep(picture, { user: null });
    expect(answer).toMatchObject({ status: 401, thrown: false });
    const row = await env.DB.prepare("SELECT profile_pic FROM users WHERE id = ?").bind(alice.user.id).first();
    expect(row?.profile_pic).toBeNull();
  });

  it("answers an account made without a picture with where to go, signed in by the answer's cookies", async () => {
    const answer = await postStep(signUpForm({ picture: null, next: "/profile" }));
    expect(answer).toMatchObject({ status: 200, thrown: false, data: { destination: "/profile" } });
    expect((await sessionUser(answer)).id).toBeTruthy();
  });

  it("answers a refused form with its first problem and what was typed, and creates nothing", async () => {
    const form = signUpForm({ picture: null });
    form.set("confirmPassword", "something else");
    const answer = await postStep(form);
    expect(answer).toMatchObject({
      status: 400,
      data: { error: { field: "confirmPassword", message: "Passwords do not match" } },
    });
    expect(await accountExists(String(form.get("email")))).toBe(false);
  });
});

describe("where signing up leads", () => {
  it("goes to the page the visitor was headed for when it is a path on this site", async () => {
    const answer = await postSignUp(signUpForm({ next: "/chat/kindred-support" }));
    expect(answer.location).toBe("/chat/kindred-support");
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
      const answer = await postSignUp(signUpForm({ next }));
      expect(answer.status, next).toBe(302);
      expect(answer.location, next).toBe("/chat");
    }
  });
});

describe("the write routes that are now route actions", () => {
  it("are gone from /api: sign-up, profile, receipt email and account picture answer 404", async () => {
    const { cookie } = await insertUser();
    for (const [method, path] of [
      ["POST", "/api/sign-up"],
      ["PUT", "/api/profile"],
      ["POST", "/api/receipts/VM-123456/email"],
      ["POST", "/api/account/photo"],
    ] as const) {
      const response = await exports.default.fetch(`${APP_ORIGIN}${path}`, {
        method,
        headers: { Origin: APP_ORIGIN, Cookie: cookie, "Content-Type": "application/json" },
        body: "{}",
      });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toMatchObject({ code: "not_found" });
    }
  });
});

describe("caching", () => {
  it("marks session-dependent answers private and no-store", async () => {
    const { cookie } = await insertUser();
    for (const path of ["/api/auth/get-session", "/api/inbox/ws"]) {
      const response = await exports.default.fetch(`${APP_ORIGIN}${path}`, { headers: { Cookie: cookie } });
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const signIn = await postJson("/api/auth/sign-in/email", { email: "nobody@example.com", password: "x1234567" });
    expect(signIn.headers.get("cache-control")).toBe("private, no-store");
  });
});
