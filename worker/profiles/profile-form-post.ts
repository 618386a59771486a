import {
  EMPTY_PROFILE_FORM,
  type ProfileErrors,
  type ProfileForm,
  profileFromFormData,
} from "~/shared/schemas/profile";
import { isTooLarge, UPLOAD_MESSAGES } from "~/shared/uploads";
import { imageKey, imageUrl, storeImage } from "../images/image-store";
import { prepareImage } from "../images/prepare-image";
import { saveProfile } from "./profile-store";

/**
 * A post larger than this is not read at all. Well above a 5 MB photo and the texts, so any real
 * form is read and its texts come back even when its photo is refused for its size.
 */
const MAX_POST_BYTES = 25 * 1024 * 1024;

export const PROFILE_POST_MESSAGES = {
  unreadable: "Your profile could not be read. Please try again.",
} as const;

export type ProfilePostResult =
  | { ok: true }
  | { ok: false; errors: ProfileErrors; values: ProfileForm; message?: string };

/**
 * Saves the profile form as a browser posts it without scripts (multipart): the fields by name and,
 * when one was chosen, the photo as a file, checked and stored in the user's own folder first, as the
 * upload endpoint would. Then the same save as PUT /api/profile. On an error the values come back
 * (with a stored photo's address), so the page shows them again and nothing typed is lost.
 */
export async function saveProfileFromPost(userId: string, request: Request): Promise<ProfilePostResult> {
  const unreadable = { ok: false, errors: {}, values: EMPTY_PROFILE_FORM, message: PROFILE_POST_MESSAGES.unreadable };
  if (Number(request.headers.get("content-length") ?? "0") > MAX_POST_BYTES) return unreadable;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return unreadable;
  }
  const values = profileFromFormData(form);
  const photo = form.get("photo");
  if (photo instanceof File && photo.size > 0) {
    if (isTooLarge(photo.size, "profile")) {
      return { ok: false, errors: { photoUrl: UPLOAD_MESSAGES.profileTooLarge }, values };
    }
    const image = await prepareImage(photo);
    if (!image.ok) return { ok: false, errors: { photoUrl: image.message }, values };
    const key = imageKey("profile", userId, image.type);
    await storeImage(key, image.bytes, image.type, userId);
    values.photoUrl = imageUrl(key);
  }
  const saved = await saveProfile(userId, values);
  return saved.ok ? { ok: true } : { ok: false, errors: saved.errors, values };
}
