import { Hono } from "hono";
import { z } from "zod";
import { saveProfile } from "../profiles/profile-store";
import { readJsonBody } from "./json-body";
import { type ApiEnv, sameOrigin, signedIn } from "./signed-in";

/** An object; its fields are the profile schema's business (saveProfile answers each field's error). */
const ProfileBodySchema = z.record(z.string(), z.unknown());

/**
 * PUT /api/profile: saves the signed-in user's own profile. Whose profile it is comes from the
 * session only; a user id in the body is ignored. Invalid input answers 400 with each field's error.
 */
export const profileRoutes = new Hono<ApiEnv>().use(sameOrigin, signedIn).put("/", async (c) => {
  const body = await readJsonBody(c, ProfileBodySchema, "Send the profile as a JSON object.");
  if (!body.ok) return body.response;
  const result = await saveProfile(c.get("user").id, body.data);
  if (!result.ok) {
    return c.json({ code: "invalid_profile", message: "Some fields need attention.", errors: result.errors }, 400);
  }
  return c.json({ profile: result.profile });
});
