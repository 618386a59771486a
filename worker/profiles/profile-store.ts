import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import {
  EMPTY_PROFILE_FORM,
  isListField,
  PROFILE_FIELDS,
  PROFILE_MESSAGES,
  type ProfileErrors,
  type ProfileForm,
  ProfileFormSchema,
  profileErrors,
} from "~/shared/schemas/profile";
import { findPublicUser } from "../accounts/find-user";
import { dropSessionCache } from "../auth/session";
import { createDb } from "../db/client";
import { profiles, users } from "../db/schema";
import { keyInFolder } from "../images/image-store";

type ProfileRow = typeof profiles.$inferSelect;

function toForm(row: ProfileRow | undefined, profilePic: string | null): ProfileForm {
  const form: Record<string, string | string[]> = { ...EMPTY_PROFILE_FORM };
  for (const field of PROFILE_FIELDS) {
    const value = row?.[field];
    if (isListField(field)) form[field] = Array.isArray(value) ? value : [];
    else if (value !== null && value !== undefined) form[field] = String(value);
  }
  if (!form.city && row?.location) form.city = row.location;
  if (!form.photoUrl && profilePic) form.photoUrl = profilePic;
  return form as unknown as ProfileForm;
}

export async function getOwnProfile(userId: string): Promise<ProfileForm> {
  const db = createDb(env.DB);
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  const [user] = await db.select({ profilePic: users.profilePic }).from(users).where(eq(users.id, userId)).limit(1);
  return toForm(row, user?.profilePic ?? null);
}

/** Never the email, income or postal code. */
type PublicProfile = Omit<ProfileForm, "annualIncome" | "zipCode"> & {
  userId: string;
  username: string;
  isOnline: boolean;
};

export async function getPublicProfile(userId: string): Promise<PublicProfile | null> {
  const user = await findPublicUser(userId);
  if (!user) return null;
  const [row] = await createDb(env.DB).select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  const { annualIncome: _income, zipCode: _zip, ...visible } = toForm(row, user.profilePic);
  return { ...visible, userId: user.id, username: user.username, isOnline: user.isOnline };
}

type SaveResult = { ok: true; profile: ProfileForm } | { ok: false; errors: ProfileErrors };

/** The caller takes `userId` from the session; an id in the body is dropped by the schema (spec section 4). */
export async function saveProfile(userId: string, body: unknown): Promise<SaveResult> {
  const errors = profileErrors(body);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const form = ProfileFormSchema.parse(body);
  if (!(await isOwnUploadedPicture(userId, form.photoUrl))) {
    return { ok: false, errors: { photoUrl: PROFILE_MESSAGES.photoNotYours } };
  }

  const now = new Date();
  const values = {
    ...Object.fromEntries(
      PROFILE_FIELDS.map((field) => {
        const value = form[field];
        return [field, Array.isArray(value) ? value : value.trim() || null];
      }),
    ),
    age: Number(form.age),
    updatedAt: now,
  } as Omit<typeof profiles.$inferInsert, "userId">;
  const db = createDb(env.DB);
  await db.batch([
    db
      .insert(profiles)
      .values({ ...values, userId, createdAt: now })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...values, location: null } }),
    db
      .update(users)
      .set({ profilePic: form.photoUrl, image: form.photoUrl, updatedAt: now })
      .where(eq(users.id, userId)),
  ]);
  await dropSessionCache();
  return { ok: true, profile: form };
}

async function isOwnUploadedPicture(userId: string, url: string): Promise<boolean> {
  const key = keyInFolder(url, `profiles/${userId}`);
  return key !== null && (await env.IMAGES.head(key)) !== null;
}
