import { Hono } from "hono";
import { z } from "zod";
import { setProfilePicture } from "../accounts/profile-picture";
import { keyInFolder } from "../images/image-store";
import { readJsonBody } from "./json-body";
import { type ApiEnv, sameOrigin, signedIn } from "./signed-in";

const PhotoBodySchema = z.object({ url: z.string().min(1) });

/**
 * The signed-in user's own account. POST /photo sets the picture everywhere it is kept (spec
 * section 4: the auth profile's photoURL, users.profilePic and profiles.photoUrl stay in step);
 * only an image this user uploaded to their own profile folder is accepted.
 */
export const accountRoutes = new Hono<ApiEnv>().use(sameOrigin, signedIn).post("/photo", async (c) => {
  const user = c.get("user");
  const body = await readJsonBody(c, PhotoBodySchema, "Send the uploaded picture's url.");
  if (!body.ok) return body.response;
  const { url } = body.data;
  const key = keyInFolder(url, `profiles/${user.id}`);
  if (!key) return c.json({ code: "forbidden", message: "Use a picture you uploaded to your own profile." }, 403);
  if (!(await c.env.IMAGES.head(key))) {
    return c.json({ code: "not_found", message: "That picture was not uploaded." }, 404);
  }
  await setProfilePicture(user.id, url);
  return c.json({ url });
});
