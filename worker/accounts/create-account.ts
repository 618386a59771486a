import { SIGN_UP_REFUSAL_CODES } from "~/shared/auth-errors";
import {
  type FormError,
  firstSignUpError,
  profileSaveFailureMessage,
  SIGN_UP_PICTURE_REASONS,
  type SignUpFields,
  signUpFieldsFrom,
} from "~/shared/auth-rules";
import { PERSON_CHECK_FIELD, PERSON_CHECK_HEADER } from "~/shared/person-check";
import { NEXT_PARAM, signedInDestination } from "~/shared/redirect-target";
import { callAuthEndpoint } from "../auth/auth-endpoint";
import { withoutSessionCache } from "../auth/session";
import { imageKey, imageUrl, storeImage } from "../images/image-store";
import { prepareImage } from "../images/prepare-image";
import { setProfilePicture } from "./profile-picture";

type CreateAccountOutcome =
  | {
      ok: true;
      /** Where to go now: the page the visitor was headed for (checked), else chat. */
      destination: string;
      /** The new session's cookies, to set on the answer. */
      cookies: string[];
      /** Set when the account exists but its picture could not be kept (spec section 4's message). */
      saveFailure: string | null;
    }
  | {
      ok: false;
      status: number;
      error: FormError<keyof SignUpFields>;
      values: { email: string; gender: string };
      /** Turned away for something other than what was typed (a limit, the person check): the crisis line goes beside it. */
      crisisLine: boolean;
    };

/**
 * Create an Account (spec section 4, Sign-up sequence), whole, on the server: the fields are checked
 * in the spec's order and, when a picture was posted with them (the form posted without scripts; it
 * is optional), its real type (from its bytes) and size before anything is created, so a HEIC photo
 * or a text file never leaves an account behind; then the account is made through better-auth (its
 * rate limits, origin checks and username rules apply), and a picture is stored under the new
 * user's folder and becomes theirs everywhere.
 */
export async function createAccount(request: Request, form: FormData): Promise<CreateAccountOutcome> {
  const refuse = (
    status: number,
    error: FormError<keyof SignUpFields>,
    values = { email: "", gender: "" },
    crisisLine = false,
  ) => ({ ok: false, status, error, values, crisisLine }) as const;
  const fields = signUpFieldsFrom(form);
  const values = { email: fields.email, gender: fields.gender };
  const problem = firstSignUpError(fields);
  if (problem) return refuse(problem.field === "picture" && fields.picture ? 413 : 400, problem, values);
  // The picture is optional; one that was chosen is checked (firstSignUpError: its size)
  // from its bytes before anything is created.
  const image = fields.picture ? await prepareImage(fields.picture) : null;
  if (image && !image.ok) return refuse(image.status, { field: "picture", message: image.message }, values);

  const requested = form.get("username");
  const personProof = form.get(PERSON_CHECK_FIELD);
  const created = await callAuthEndpoint<{ user: { id: string } }>(
    request,
    "/sign-up/email",
    {
      email: fields.email.trim(),
      password: fields.password,
      gender: fields.gender,
      username: typeof requested === "string" ? requested : undefined,
      name: "",
    },
    typeof personProof === "string" && personProof ? { [PERSON_CHECK_HEADER]: personProof } : {},
  );
  if (!created.ok) {
    const turnedAway = Object.values<string | null>(SIGN_UP_REFUSAL_CODES).includes(created.code);
    return refuse(created.status, { field: null, message: created.message }, values, turnedAway);
  }
  const destination = signedInDestination(form.get(NEXT_PARAM));

  // Without a picture the account is complete: its generated avatar needs nothing stored.
  if (!image) return { ok: true, destination, cookies: created.cookies, saveFailure: null };
  const userId = created.data.user.id;
  try {
    const key = imageKey("profile", userId, image.type);
    await storeImage(key, image.bytes, image.type, userId);
    await setProfilePicture(userId, imageUrl(key));
  } catch (error) {
    console.error(JSON.stringify({ at: "sign-up-picture", userId, error: String(error) }));
    const saveFailure = profileSaveFailureMessage(SIGN_UP_PICTURE_REASONS.notStored);
    return { ok: true, destination, cookies: created.cookies, saveFailure };
  }
  // The session cache from the sign-up predates the picture: without it, the next page reads it.
  return { ok: true, destination, cookies: await withoutSessionCache(created.cookies), saveFailure: null };
}
