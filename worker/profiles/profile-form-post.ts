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

/**
 * A post larger than this is not read at all. Well above a 5 MB photo and the texts, so any real
 * form is read and its texts come back even when its photo is refused for its size.
 */
const MAX_POST_BYTES = 25 * 1024 * 1024;

const PROFILE_POST_MESSAGES = {
  get unreadable() {
    return m.profile_post_unreadable();
  },
};

type ProfilePostResult =
  | { ok: true; profile: ProfileForm }
  | { ok: false; errors: ProfileErrors; values: ProfileForm; message?: string };

/**
 * The /profile route action: saves the signed-in user's own profile from Edit Profile. Posted
 * without scripts, a save moves the browser to the profile saying so (PROFILE_SAVED_PATH); posted in
 * place by the page's script, it answers the saved profile. Refused, either way, it answers each
 * field's error with what was posted, so nothing typed is lost.
 */
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
 * Saves the profile form as posted: the fields by name and, when one was chosen (a browser posting
 * without scripts), the photo as a file, checked and stored in the user's own folder first, as the
 * upload endpoint would; with scripts the photo was uploaded already and its address is a field.
 * Whose profile it is comes from the session only. On an error the values come back (with a stored
 * photo's address), so the page shows them again and nothing typed is lost.
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
