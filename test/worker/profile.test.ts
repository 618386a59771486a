import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action } from "~/routes/profile/profile-screen";
import { IN_PLACE_FIELD } from "~/shared/form-posts";
import { PROFILE_MESSAGES, type ProfileForm, profileToFormData } from "~/shared/schemas/profile";
import { getOwnProfile, getPublicProfile } from "../../worker/profiles/profile-store";
import { completeProfile } from "../fixtures/profile";
import { pngWithMetadata } from "../unit/images/fixtures";
import { insertUser } from "./support/accounts";
import { APP_ORIGIN } from "./support/auth-requests";
import { callAction, signedInUser } from "./support/route-action";

type Person = Awaited<ReturnType<typeof insertUser>>;

/**
 * Save Profile as the page's script posts it to the /profile route action (in place, the photo's
 * address a field), with `extra` fields added; `person` null posts it signed out.
 */
function saveProfile(person: Person | null, profile: ProfileForm, extra: Record<string, string> = {}) {
  const form = profileToFormData(profile);
  form.set(IN_PLACE_FIELD, "1");
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  return callAction(action, "/profile?tab=edit", form, { user: person ? signedInUser(person) : null });
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

describe("saving the profile through its route action", () => {
  it("needs a signed-in user, and sends a signed-out visitor to sign up", async () => {
    const answer = await saveProfile(null, completeProfile("/images/profiles/x/a.png"));
    expect(answer).toMatchObject({ status: 302, location: "/signup?next=%2Fprofile%3Ftab%3Dedit", thrown: true });
  });

  it("saves the whole profile with updatedAt, and the picture everywhere it is kept", async () => {
    const alice = await insertUser();
    const photo = await uploadPicture(alice.cookie);
    const answer = await saveProfile(alice, completeProfile(photo));
    expect(answer).toMatchObject({ status: 200, data: { saved: completeProfile(photo) } });
    expect(await getOwnProfile(alice.user.id)).toEqual(completeProfile(photo));
    const row = await env.DB.prepare("SELECT age, updated_at, hobbies FROM profiles WHERE user_id = ?")
      .bind(alice.user.id)
      .first<{ age: number; updated_at: number; hobbies: string }>();
    expect(row?.age).toBe(34);
    expect(JSON.parse(row?.hobbies ?? "[]")).toEqual(["Reading", "Hiking", "Music"]);
    expect(Date.now() - (row?.updated_at ?? 0)).toBeLessThan(60_000);
    expect(await userRow(alice.user.id)).toEqual({ profile_pic: photo, image: photo });
  });

  it("moves a form posted without scripts on to the profile, saying it was saved", async () => {
    const alice = await insertUser();
    const photo = await uploadPicture(alice.cookie);
    const answer = await callAction(action, "/profile?tab=edit", profileToFormData(completeProfile(photo)), {
      user: signedInUser(alice),
    });
    expect(answer).toMatchObject({ status: 302, location: "/profile?saved=1" });
    expect((await getOwnProfile(alice.user.id)).firstName).toBe("Grace");
  });

  it("only ever saves the signed-in user's own profile, whatever id the form names", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const before = await getOwnProfile(bob.user.id);
    const photo = await uploadPicture(alice.cookie);
    const answer = await saveProfile(alice, completeProfile(photo), { userId: bob.user.id });
    expect(answer.status).toBe(200);
    expect(await getOwnProfile(bob.user.id)).toEqual(before);
    expect((await getOwnProfile(alice.user.id)).firstName).toBe("Grace");
  });

  it("refuses someone else's picture, and changes nothing", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const bobsPhoto = await uploadPicture(bob.cookie);
    const answer = await saveProfile(alice, completeProfile(bobsPhoto));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ errors: { photoUrl: PROFILE_MESSAGES.photoNotYours } });
    expect((await getOwnProfile(alice.user.id)).lastName).toBe("");
    expect((await userRow(alice.user.id))?.profile_pic).toBeNull();
  });

  it("answers invalid fields with 400, each field's message and what was posted, and changes nothing", async () => {
    const alice = await insertUser();
    const photo = await uploadPicture(alice.cookie);
    const posted = { ...completeProfile(photo), age: "12", zipCode: "ABCDE", hobbies: [], aboutMe: "Too short" };
    const answer = await saveProfile(alice, posted);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      errors: {
        age: PROFILE_MESSAGES.age,
        zipCode: PROFILE_MESSAGES.postalCode,
        hobbies: PROFILE_MESSAGES.hobby,
        aboutMe: PROFILE_MESSAGES.tooShort(50),
      },
      values: posted,
    });
    expect((await getOwnProfile(alice.user.id)).age).toBe("");
    // A post that is not a form at all is refused the same way, with nothing saved.
    const notAForm = await callAction(action, "/profile?tab=edit", new URLSearchParams(), {
      user: signedInUser(alice),
    });
    expect(notAForm.status).toBe(400);
    expect((await getOwnProfile(alice.user.id)).age).toBe("");
  });
});

describe("reading profiles", () => {
  it("starts from the sign-up's smaller profile, and reads a legacy location as the city", async () => {
    const alice = await insertUser({ gender: "male" });
    await env.DB.prepare("UPDATE profiles SET location = 'Lagos' WHERE user_id = ?").bind(alice.user.id).run();
    const profile = await getOwnProfile(alice.user.id);
    expect(profile).toMatchObject({ firstName: alice.user.username, lastName: "", gender: "Male", city: "Lagos" });
  });

  it("shows another person what its owner filled, never the email, income or postal code", async () => {
    const alice = await insertUser();
    const photo = await uploadPicture(alice.cookie);
    await saveProfile(alice, completeProfile(photo));
    const seen = await getPublicProfile(alice.user.id);
    expect(seen).toMatchObject({ userId: alice.user.id, username: alice.user.username, firstName: "Grace" });
    expect(seen).not.toHaveProperty("annualIncome");
    expect(seen).not.toHaveProperty("zipCode");
    expect(JSON.stringify(seen)).not.toContain(alice.email);
    expect(await getPublicProfile("no-such-user")).toBeNull();
  });
});
