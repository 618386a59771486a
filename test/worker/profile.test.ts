import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PROFILE_MESSAGES } from "~/shared/schemas/profile";
import { getOwnProfile, getPublicProfile } from "../../worker/profiles/profile-store";
import { completeProfile } from "../fixtures/profile";
import { pngWithMetadata } from "../unit/images/fixtures";
import { APP_ORIGIN, signUpUser } from "./support/auth-requests";

function putProfile(cookie: string | null, body: unknown) {
  return exports.default.fetch(`${APP_ORIGIN}/api/profile`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Origin: APP_ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function uploadPicture(cookie: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(pngWithMetadata())], { type: "image/png" }), "me.png");
  const response = await exports.default.fetch(`${APP_ORIGIN}/api/uploads?purpose=profile`, {
    method: "POST",
    headers: { Origin: APP_ORIGIN, Cookie: cookie },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

const userRow = (id: string) =>
  env.DB.prepare("SELECT profile_pic, image FROM users WHERE id = ?")
    .bind(id)
    .first<{ profile_pic: string | null; image: string | null }>();

describe("PUT /api/profile", () => {
  it("needs a signed-in user and a same-site request", async () => {
    expect((await putProfile(null, completeProfile("/images/profiles/x/a.png"))).status).toBe(401);
    const { cookie } = await signUpUser();
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/profile`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example", Cookie: cookie },
      body: "{}",
    });
    expect(response.status).toBe(403);
  });

  it("saves the whole profile with updatedAt, and the picture everywhere it is kept", async () => {
    const alice = await signUpUser();
    const photo = await uploadPicture(alice.cookie);
    const response = await putProfile(alice.cookie, completeProfile(photo));
    expect(response.status).toBe(200);
    expect(await getOwnProfile(alice.user.id)).toEqual(completeProfile(photo));
    const row = await env.DB.prepare("SELECT age, updated_at, hobbies FROM profiles WHERE user_id = ?")
      .bind(alice.user.id)
      .first<{ age: number; updated_at: number; hobbies: string }>();
    expect(row?.age).toBe(34);
    expect(JSON.parse(row?.hobbies ?? "[]")).toEqual(["Reading", "Hiking", "Music"]);
    expect(Date.now() - (row?.updated_at ?? 0)).toBeLessThan(60_000);
    expect(await userRow(alice.user.id)).toEqual({ profile_pic: photo, image: photo });
  });

  it("only ever saves the signed-in user's own profile, whatever id the body names", async () => {
    const alice = await signUpUser();
    const bob = await signUpUser();
    const before = await getOwnProfile(bob.user.id);
    const photo = await uploadPicture(alice.cookie);
    const response = await putProfile(alice.cookie, { ...completeProfile(photo), userId: bob.user.id });
    expect(response.status).toBe(200);
    expect(await getOwnProfile(bob.user.id)).toEqual(before);
    expect((await getOwnProfile(alice.user.id)).firstName).toBe("Grace");
  });

  it("refuses someone else's picture, and changes nothing", async () => {
    const alice = await signUpUser();
    const bob = await signUpUser();
    const bobsPhoto = await uploadPicture(bob.cookie);
    const response = await putProfile(alice.cookie, completeProfile(bobsPhoto));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { photoUrl: PROFILE_MESSAGES.photoNotYours } });
    expect((await getOwnProfile(alice.user.id)).lastName).toBe("");
    expect((await userRow(alice.user.id))?.profile_pic).toBeNull();
  });

  it("answers invalid fields with 400 and each field's message, and changes nothing", async () => {
    const alice = await signUpUser();
    const photo = await uploadPicture(alice.cookie);
    const response = await putProfile(alice.cookie, {
      ...completeProfile(photo),
      age: "12",
      zipCode: "ABCDE",
      hobbies: [],
      aboutMe: "Too short",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "invalid_profile",
      message: "Some fields need attention.",
      errors: {
        age: PROFILE_MESSAGES.age,
        zipCode: PROFILE_MESSAGES.postalCode,
        hobbies: PROFILE_MESSAGES.hobby,
        aboutMe: PROFILE_MESSAGES.tooShort(50),
      },
    });
    expect((await getOwnProfile(alice.user.id)).age).toBe("");
    expect((await putProfile(alice.cookie, "not a profile")).status).toBe(400);
  });
});

describe("reading profiles", () => {
  it("starts from the sign-up's smaller profile, and reads a legacy location as the city", async () => {
    const alice = await signUpUser({ gender: "male" });
    await env.DB.prepare("UPDATE profiles SET location = 'Lagos' WHERE user_id = ?").bind(alice.user.id).run();
    const profile = await getOwnProfile(alice.user.id);
    expect(profile).toMatchObject({ firstName: alice.user.username, lastName: "", gender: "Male", city: "Lagos" });
  });

  it("shows another person what its owner filled, never the email, income or postal code", async () => {
    const alice = await signUpUser();
    const photo = await uploadPicture(alice.cookie);
    await putProfile(alice.cookie, completeProfile(photo));
    const seen = await getPublicProfile(alice.user.id);
    expect(seen).toMatchObject({ userId: alice.user.id, username: alice.user.username, firstName: "Grace" });
    expect(seen).not.toHaveProperty("annualIncome");
    expect(seen).not.toHaveProperty("zipCode");
    expect(JSON.stringify(seen)).not.toContain(alice.email);
    expect(await getPublicProfile("no-such-user")).toBeNull();
  });
});
