import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { dropSessionCache } from "../auth/session";
import { createDb } from "../db/client";
import { profiles, users } from "../db/schema";

/**
 * Makes an uploaded image the user's picture everywhere it is kept (spec section 4: the auth
 * profile's photoURL, users.profilePic and profiles.photoUrl stay in step). Callers check first that
 * the image is the user's own.
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
