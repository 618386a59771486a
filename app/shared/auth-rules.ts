import { m } from "~/paraglide/messages";
import { GENDERS } from "~/shared/accounts";
import { isTooLarge, UPLOAD_MESSAGES } from "~/shared/uploads";

/**
 * The sign-in, sign-up and reset screens' rules and messages (spec sections 4, 5 and 8), in plain
 * functions: the server checks every post with them, and the screens' small page scripts check
 * the same fields before posting without loading a schema library (the server's schemas in
 * ./schemas/auth.ts are built on these).
 */

const MIN_PASSWORD_LENGTH = 6;

/** Validation messages of the sign-in/sign-up and reset screens (spec sections 5 and 8). */
export const AUTH_MESSAGES = {
  get emailRequired() {
    return m.auth_email_required();
  },
  get invalidEmail() {
    return m.auth_invalid_email();
  },
  get passwordRequired() {
    return m.auth_password_required();
  },
  get passwordTooShort() {
    return m.auth_password_too_short({ min: MIN_PASSWORD_LENGTH });
  },
  get passwordsDoNotMatch() {
    return m.auth_passwords_do_not_match();
  },
  get genderRequired() {
    return m.auth_gender_required();
  },
  get pictureTooLarge() {
    return UPLOAD_MESSAGES.profileTooLarge;
  },
};

/** The spec's message when the account exists but its profile data could not be written (section 4). */
export function profileSaveFailureMessage(reason: string): string {
  return m.auth_profile_save_failure({ reason });
}

/**
 * The sign-up page's posts with scripts (spec section 4, Sign-up sequence: create the account, upload
 * the picture, set it). The upload endpoint takes only a signed-in user's picture, so the page first
 * posts the form without the picture, saying one follows; the account is made and signed in; the
 * picture goes to the upload endpoint with its progress; then the page posts its key to the same
 * action to make it the account's picture. Without scripts the picture travels in the one post.
 */
export const SIGN_UP_POST = {
  /** Set to "1" on the first post when a picture will follow it. */
  pictureFollows: "pictureFollows",
  /** The second post: `intent=picture` with the stored picture's key. */
  intent: "intent",
  pictureIntent: "picture",
  pictureKey: "pictureKey",
} as const;

/** Why a picture chosen at sign-up was not kept (the reason in profileSaveFailureMessage). */
export const SIGN_UP_PICTURE_REASONS = {
  get notStored() {
    return m.auth_picture_not_stored();
  },
  get notYours() {
    return m.auth_picture_not_yours();
  },
};

/**
 * A well-formed address: the pattern the schema library's email check uses, written here so the
 * browser checks the same without loading it.
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What is wrong with an email as typed (blank, or not an address), or null; spaces around it do not count. */
export function emailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed === "") return AUTH_MESSAGES.emailRequired;
  return EMAIL_PATTERN.test(trimmed) ? null : AUTH_MESSAGES.invalidEmail;
}

/** What is wrong with a new password (blank, too short), or null. */
export function newPasswordProblem(password: string): string | null {
  if (password === "") return AUTH_MESSAGES.passwordRequired;
  return password.length < MIN_PASSWORD_LENGTH ? AUTH_MESSAGES.passwordTooShort : null;
}

/** Whether a posted gender is one of the form's options. */
export function isGender(value: unknown): value is (typeof GENDERS)[number] {
  return (GENDERS as readonly unknown[]).includes(value);
}

export type SignUpFields = {
  email: string;
  password: string;
  confirmPassword: string;
  gender: string;
  picture: { size: number } | null;
};
type FieldError<F extends string> = { field: F; message: string };
/** A field's problem, or one about the whole form (field null), shown above the fields. */
export type FormError<F extends string> = FieldError<F> | { field: null; message: string };

/** The sign-up form's fields as the browser posts them (a form's values are strings, and a file). */
export function signUpFieldsFrom(form: FormData): SignUpFields & { picture: File | null } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const picture = form.get("picture");
  return {
    email: text("email"),
    password: text("password"),
    confirmPassword: text("confirmPassword"),
    gender: text("gender"),
    picture: picture instanceof File && picture.size > 0 ? picture : null,
  };
}

/** The confirmation of a new password: it must be the same. */
export function confirmationProblem(password: string, confirmation: string): string | null {
  return confirmation === password ? null : AUTH_MESSAGES.passwordsDoNotMatch;
}

/**
 * The first problem with a sign-up form, in the spec's order (section 5): email, password, its
 * length, the confirmation, gender, picture size. One message at a time, like the spec. The picture
 * itself is optional (an anonymous visitor is not asked for a face; the spec's chat-area
 * reading treats it as optional): without one, a generated avatar stands in.
 */
export function firstSignUpError(values: SignUpFields): FieldError<keyof SignUpFields> | null {
  const email = emailProblem(values.email);
  if (email) return { field: "email", message: email };
  const password = newPasswordProblem(values.password);
  if (password) return { field: "password", message: password };
  const confirmation = confirmationProblem(values.password, values.confirmPassword);
  if (confirmation) return { field: "confirmPassword", message: confirmation };
  if (!isGender(values.gender)) return { field: "gender", message: AUTH_MESSAGES.genderRequired };
  if (values.picture && isTooLarge(values.picture.size, "profile"))
    return { field: "picture", message: AUTH_MESSAGES.pictureTooLarge };
  return null;
}

/** The first problem with a new password and its confirmation (the reset screen). */
export function firstNewPasswordError(values: {
  password: string;
  confirmPassword: string;
}): FieldError<"password" | "confirmPassword"> | null {
  const password = newPasswordProblem(values.password);
  if (password) return { field: "password", message: password };
  const confirmation = confirmationProblem(values.password, values.confirmPassword);
  return confirmation ? { field: "confirmPassword", message: confirmation } : null;
}

/** The first problem with a sign-in form: email required (and well formed), then password required. */
export function firstSignInError(values: { email: string; password: string }): FieldError<"email" | "password"> | null {
  const email = emailProblem(values.email);
  if (email) return { field: "email", message: email };
  return values.password === "" ? { field: "password", message: AUTH_MESSAGES.passwordRequired } : null;
}

/**
 * The label the small sign-up profile stores for gender (spec section 3: Male, Female or Other): a
 * stored value, in English whatever the page's language (genderChoiceLabel is what the form shows).
 */
export function genderLabel(gender: string): "Male" | "Female" | "Other" {
  if (gender === "male") return "Male";
  if (gender === "female") return "Female";
  return "Other";
}

/** A gender option as the sign-up form shows it, in the page's language. */
export function genderChoiceLabel(gender: (typeof GENDERS)[number]): string {
  return gender === "male" ? m.auth_gender_male() : m.auth_gender_female();
}
