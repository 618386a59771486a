import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { dropSessionCache } from "../auth/session";
import { createDb } from "../db/client";
import { profiles, users } from "../db/schema";
import { imageUrl, keyInFolder } from "../images/image-store";

/** Spec section 4 keeps the three copies in step; callers check the image is the user's own. */
export async function setProfilePicture(userId: string, url: string): Promise<void> {
  const db = createDb(env.DB);
  const now = new Date();
  await db.batch([
    db.update(users).set({ image: url, profilePic: url, updatedAt: now }).where(eq(users.id, userId)),
    db.update(profiles).set({ photoUrl: url, updatedAt: now }).where(eq(profiles.userId, userId)),
  ]);
  await dropSessionCache();
}

/** A key naming another person's picture, or none, can never become anyone's. */
export async function setOwnProfilePicture(userId: string, key: string): Promise<boolean> {
  const url = imageUrl(key);
  const own = keyInFolder(url, `profiles/${userId}`);
  if (!own || !(await env.IMAGES.head(own))) return false;
  await setProfilePicture(userId, url);
  return true;
}
