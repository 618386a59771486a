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
      destination: string;
      cookies: string[];
      /** Spec section 4's message. */
      saveFailure: string | null;
    }
  | {
      ok: false;
      status: number;
      error: FormError<keyof SignUpFields>;
      values: { email: string; gender: string };
      /** Turned away for a limit or the person check: the crisis line goes beside it. */
      crisisLine: boolean;
    };

/**
 * Spec section 4, Sign-up sequence. A posted picture is checked from its bytes before anything is
 * created, so a HEIC photo or a text file never leaves an account behind.
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
  // The sign-up's session cache predates the picture.
  return { ok: true, destination, cookies: await withoutSessionCache(created.cookies), saveFailure: null };
}
