import { data, redirect } from "react-router";
import { m } from "~/paraglide/messages";
import { postedInPlace } from "~/shared/form-posts";
import { PROFILE_SAVED_PATH } from "~/shared/routes";
import {
  EMPTY_PROFILE_FORM,
  type ProfileErrors,
  type ProfileForm,
  profileFromFormData,
} from "~/shared/schemas/profile";
import { isTooLarge, UPLOAD_MESSAGES } from "~/shared/uploads";
import { readFormBody } from "../http/posted-form";
import { imageKey, imageUrl, storeImage } from "../images/image-store";
import { prepareImage } from "../images/prepare-image";
import { saveProfile } from "./profile-store";

/** Well above a 5 MB photo, so a form's texts come back even when its photo is refused. */
const MAX_POST_BYTES = 25 * 1024 * 1024;

const PROFILE_POST_MESSAGES = {
  get unreadable() {
    return m.profile_post_unreadable();
  },
};

type ProfilePostResult =
  | { ok: true; profile: ProfileForm }
  | { ok: false; errors: ProfileErrors; values: ProfileForm; message?: string };

/** Refused, it answers each field's error with what was posted, so nothing typed is lost. */
export async function profileAction(userId: string, request: Request) {
  const unreadable = { errors: {}, values: EMPTY_PROFILE_FORM, message: PROFILE_POST_MESSAGES.unreadable };
  if (Number(request.headers.get("content-length") ?? "0") > MAX_POST_BYTES) return data(unreadable, { status: 400 });
  const form = await readFormBody(request);
  if (!form) return data(unreadable, { status: 400 });
  const result = await saveProfileFromPost(userId, form);
  if (!result.ok) {
    const { errors, values, message } = result;
    return data({ errors, values, message }, { status: 400 });
  }
  if (postedInPlace(form)) return { saved: result.profile };
  throw redirect(PROFILE_SAVED_PATH);
}

/**
 * Without scripts the photo comes as a file, stored as the upload endpoint would; whose profile
 * comes from the session only.
 */
async function saveProfileFromPost(userId: string, form: FormData): Promise<ProfilePostResult> {
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
  return saved.ok ? { ok: true, profile: saved.profile } : { ok: false, errors: saved.errors, values };
}
