import { data, redirectDocument } from "react-router";
import { m } from "~/paraglide/messages";
import type { SignedInUser } from "~/shared/accounts";
import { profileSaveFailureMessage, SIGN_UP_PICTURE_REASONS, SIGN_UP_POST } from "~/shared/auth-rules";
import { UNREADABLE_FORM_MESSAGE } from "~/shared/form-posts";
import { NEXT_PARAM, signedInDestination } from "~/shared/redirect-target";
import { MAX_PROFILE_PICTURE_BYTES, UPLOAD_MESSAGES } from "~/shared/uploads";
import { cookieHeaders } from "../auth/auth-endpoint";
import { readFormBody } from "../http/posted-form";
import { createAccount } from "./create-account";
import { setOwnProfilePicture } from "./profile-picture";

const FORM_OVERHEAD_BYTES = 32 * 1024;

const EMPTY_VALUES = { email: "", gender: "" };

/**
 * Spec section 4, Sign-up sequence, for the form posted without scripts and the page's script
 * (SIGN_UP_POST). Made, the account goes on by a full page load, so every part of the page starts
 * from the new session.
 */
export async function signUpAction(request: Request, user: SignedInUser | null) {
  if (Number(request.headers.get("content-length") ?? "0") > MAX_PROFILE_PICTURE_BYTES + FORM_OVERHEAD_BYTES) {
    return data(
      { error: { field: "picture" as const, message: UPLOAD_MESSAGES.profileTooLarge }, values: EMPTY_VALUES },
      { status: 413 },
    );
  }
  const form = await readFormBody(request);
  if (!form)
    return data({ error: { field: null, message: UNREADABLE_FORM_MESSAGE }, values: EMPTY_VALUES }, { status: 400 });
  const destination = signedInDestination(form.get(NEXT_PARAM));

  if (form.get(SIGN_UP_POST.intent) === SIGN_UP_POST.pictureIntent) {
    if (!user) throw data(m.auth_sign_in_first(), { status: 401 });
    const key = form.get(SIGN_UP_POST.pictureKey);
    if (typeof key !== "string" || !(await setOwnProfilePicture(user.id, key))) {
      const saveFailure = profileSaveFailureMessage(SIGN_UP_PICTURE_REASONS.notYours);
      return data({ saveFailure, destination }, { status: 403 });
    }
    throw redirectDocument(destination);
  }

  const outcome = await createAccount(request, form);
  if (!outcome.ok) {
    const { error, values, crisisLine, status } = outcome;
    return data({ error, values, ...(crisisLine ? { crisisLine: true as const } : {}) }, { status });
  }
  const headers = cookieHeaders(outcome.cookies);
  if (outcome.saveFailure) return data({ saveFailure: outcome.saveFailure, destination }, { headers });
  if (form.get(SIGN_UP_POST.pictureFollows) === "1")
    return data({ created: true as const, destination }, { status: 201, headers });
  throw redirectDocument(destination, { headers });
}
