import { Hono } from "hono";
import { saveProfile } from "../profiles/profile-store";
import { type ApiEnv, sameOrigin, signedIn } from "./signed-in";

/**
 * PUT /api/profile: saves the signed-in user's own profile. Whose profile it is comes from the
 * session only; a user id in the body is ignored. Invalid input answers 400 with each field's error.
 */
export const profileRoutes = new Hono<ApiEnv>().use(sameOrigin, signedIn).put("/", async (c) => {
  const body = await c.req.json().catch(() => null);
  if (body === null || typeof body !== "object") {
    return c.json({ code: "invalid_body", message: "Send the profile as JSON." }, 400);
  }
  const result = await saveProfile(c.get("user").id, body);
  if (!result.ok) {
    return c.json({ code: "invalid_profile", message: "Some fields need attention.", errors: result.errors }, 400);
  }
  return c.json({ profile: result.profile });
});
