import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { dropSessionCache } from "../auth/session";
import { createDb } from "../db/client";
import { profiles, users } from "../db/schema";
import { imageUrl, keyInFolder } from "../images/image-store";

/**
 * Makes an uploaded image the user's picture everywhere it is kept (spec section 4: the auth
 * profile's photoURL, users.profilePic and profiles.photoUrl stay in step). Callers check first that
 * the image is the user's own (setOwnProfilePicture does).
 */
export async function setProfilePicture(userId: string, url: string): Promise<void> {
  const db = createDb(env.DB);
  const now = new Date();
  await db.batch([
    db.update(users).set({ image: url, profilePic: url, updatedAt: now }).where(eq(users.id, userId)),
    db.update(profiles).set({ photoUrl: url, updatedAt: now }).where(eq(profiles.userId, userId)),
  ]);
  await dropSessionCache();
}

/**
 * Makes the image stored under `key` the user's picture, when it is one the upload endpoint stored
 * in this user's own profile folder and it is really there; false (and nothing changed) otherwise,
 * so a key naming another person's picture, or none, can never become anyone's.
 */
export async function setOwnProfilePicture(userId: string, key: string): Promise<boolean> {
  const url = imageUrl(key);
  const own = keyInFolder(url, `profiles/${userId}`);
  if (!own || !(await env.IMAGES.head(own))) return false;
  await setProfilePicture(userId, url);
  return true;
}
