import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { m } from "~/paraglide/messages";
import { action } from "~/routes/profile/profile-screen";
import { IN_PLACE_FIELD } from "~/shared/form-posts";
import { PROFILE_MESSAGES, type ProfileForm, profileToFormData } from "~/shared/schemas/profile";
import { findUsersByUsername } from "../../worker/accounts/search-users";
import { inLanguage } from "../../worker/i18n/request-language";
import { getOwnProfile } from "../../worker/profiles/profile-store";
import { completeProfile } from "../fixtures/profile";
import { pngWithMetadata } from "../unit/images/fixtures";
import { insertUser } from "./support/accounts";
import { APP_ORIGIN } from "./support/auth-requests";
import { callAction, callActionWithRequest, signedInUser } from "./support/route-action";

/** The profile and the search in Spanish: what a person reads changes, what is stored never does. */

const es = { locale: "es" as const };

type Person = Awaited<ReturnType<typeof insertUser>>;

function saveProfile(person: Person, profile: ProfileForm, { inPlace = true } = {}) {
  const form = profileToFormData(profile);
  if (inPlace) form.set(IN_PLACE_FIELD, "1");
  return callAction(action, "/profile?tab=edit", form, { user: signedInUser(person) });
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

describe("a profile saved by someone reading Spanish", () => {
  it("stores the options' English values, exactly as an English save does", async () => {
    const ana = await insertUser();
    const profile = completeProfile(await uploadPicture(ana.cookie));
    const answer = await inLanguage("es", () => saveProfile(ana, profile));
    expect(answer).toMatchObject({ status: 200, data: { saved: profile } });
    expect(await getOwnProfile(ana.user.id)).toEqual(profile);
    const row = await env.DB.prepare("SELECT denomination, country, hobbies FROM profiles WHERE user_id = ?")
      .bind(ana.user.id)
      .first<{ denomination: string; country: string; hobbies: string }>();
    expect(row).toEqual({
      denomination: "Anglican/Episcopal",
      country: "Canada",
      hobbies: '["Reading","Hiking","Music"]',
    });
  });

  it("is refused a Spanish label in place of a value, and nothing changes", async () => {
    const ana = await insertUser();
    const before = await getOwnProfile(ana.user.id);
    const profile = { ...completeProfile("/images/profiles/x/a.png"), denomination: "Anglicana/Episcopal" };
    const answer = await inLanguage("es", () => saveProfile(ana, profile));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: { denomination: inLanguage("es", () => PROFILE_MESSAGES.notAnOption) },
    });
    expect(await getOwnProfile(ana.user.id)).toEqual(before);
  });

  it("answers a form posted without scripts with every 'at least one' refusal in Spanish", async () => {
    const ana = await insertUser();
    const profile = { ...completeProfile("/images/profiles/x/a.png"), ministryInterests: [], hobbies: [] };
    const answer = await inLanguage("es", () => saveProfile(ana, profile, { inPlace: false }));
    expect(answer.status).toBe(400);
    const errors = (answer.data as { errors: Record<string, string> }).errors;
    expect(errors.ministryInterests).toBe(inLanguage("es", () => PROFILE_MESSAGES.ministry));
    expect(errors.hobbies).toBe(inLanguage("es", () => PROFILE_MESSAGES.hobby));
    expect(errors.ministryInterests).not.toBe(inLanguage("en", () => PROFILE_MESSAGES.ministry));
  });
});

describe("a profile posted without scripts in Spanish", () => {
  it("refuses a damaged photo in Spanish, keeping what was typed", async () => {
    const ana = await insertUser();
    const form = profileToFormData({ ...completeProfile(""), firstName: "Ana" });
    const damaged = pngWithMetadata().subarray(0, 40);
    form.set("photo", new File([new Uint8Array(damaged)], "yo.png", { type: "image/png" }));
    const answer = await inLanguage("es", () =>
      callAction(action, "/profile?tab=edit", form, { user: signedInUser(ana) }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: { photoUrl: m.profile_image_damaged({}, es) },
      values: { firstName: "Ana" },
    });
  });

  it("answers a body it cannot read in Spanish", async () => {
    const ana = await insertUser();
    const request = new Request(`${APP_ORIGIN}/profile?tab=edit`, {
      method: "POST",
      headers: { Origin: APP_ORIGIN, "Content-Type": "multipart/form-data; boundary=nothing" },
      body: "not a form",
    });
    const answer = await inLanguage("es", () => callActionWithRequest(action, request, { user: signedInUser(ana) }));
    expect(answer).toMatchObject({ status: 400, data: { message: m.profile_post_unreadable({}, es) } });
  });
});

describe("a search's result facts", () => {
  it("read in the searcher's language: age, country and denomination", async () => {
    const searcher = await insertUser();
    const grace = await insertUser();
    expect((await saveProfile(grace, completeProfile(await uploadPicture(grace.cookie)))).status).toBe(200);

    const [inSpanish] = await inLanguage("es", () => findUsersByUsername(grace.user.username, searcher.user.id));
    expect(inSpanish?.facts).toEqual(["34 años", "Toronto, Canadá", "Anglicana/Episcopal"]);
    const [inEnglish] = await inLanguage("en", () => findUsersByUsername(grace.user.username, searcher.user.id));
    expect(inEnglish?.facts).toEqual(["34 years old", "Toronto, Canada", "Anglican/Episcopal"]);
  });
});
