import { m } from "~/paraglide/messages";
import { GENDERS } from "~/shared/accounts";
import { isTooLarge, UPLOAD_MESSAGES } from "~/shared/uploads";

/**
 * Plain functions, so the screens' page scripts check the same fields without loading a schema
 * library; ./schemas/auth.ts builds on these.
 */

const MIN_PASSWORD_LENGTH = 6;

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

/** Spec section 4. */
export function profileSaveFailureMessage(reason: string): string {
  return m.auth_profile_save_failure({ reason });
}

/**
 * The upload endpoint takes only a signed-in user's picture, so with scripts the form is posted
 * first, then the picture uploaded, then its key posted. Without scripts it travels in the one post.
 */
export const SIGN_UP_POST = {
  pictureFollows: "pictureFollows",
  intent: "intent",
  pictureIntent: "picture",
  pictureKey: "pictureKey",
} as const;

export const SIGN_UP_PICTURE_REASONS = {
  get notStored() {
    return m.auth_picture_not_stored();
  },
  get notYours() {
    return m.auth_picture_not_yours();
  },
};

/** The schema library's own pattern, written here so the browser checks the same without loading it. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function emailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed === "") return AUTH_MESSAGES.emailRequired;
  return EMAIL_PATTERN.test(trimmed) ? null : AUTH_MESSAGES.invalidEmail;
}

export function newPasswordProblem(password: string): string | null {
  if (password === "") return AUTH_MESSAGES.passwordRequired;
  return password.length < MIN_PASSWORD_LENGTH ? AUTH_MESSAGES.passwordTooShort : null;
}

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
export type FormError<F extends string> = FieldError<F> | { field: null; message: string };

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

export function confirmationProblem(password: string, confirmation: string): string | null {
  return confirmation === password ? null : AUTH_MESSAGES.passwordsDoNotMatch;
}

/**
 * Spec section 5's order, one message at a time. The picture is optional: an anonymous visitor is
 * not asked for a face.
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

export function firstNewPasswordError(values: {
  password: string;
  confirmPassword: string;
}): FieldError<"password" | "confirmPassword"> | null {
  const password = newPasswordProblem(values.password);
  if (password) return { field: "password", message: password };
  const confirmation = confirmationProblem(values.password, values.confirmPassword);
  return confirmation ? { field: "confirmPassword", message: confirmation } : null;
}

export function firstSignInError(values: { email: string; password: string }): FieldError<"email" | "password"> | null {
  const email = emailProblem(values.email);
  if (email) return { field: "email", message: email };
  return values.password === "" ? { field: "password", message: AUTH_MESSAGES.passwordRequired } : null;
}

/** Stored in English whatever the page's language (spec section 3). */
export function genderLabel(gender: string): "Male" | "Female" | "Other" {
  if (gender === "male") return "Male";
  if (gender === "female") return "Female";
  return "Other";
}

export function genderChoiceLabel(gender: (typeof GENDERS)[number]): string {
  return gender === "male" ? m.auth_gender_male() : m.auth_gender_female();
}
