import { GENDERS } from "~/shared/accounts";
import { isTooLarge, UPLOAD_MESSAGES } from "~/shared/uploads";
import { z } from "./zod";

/** Validation messages of the sign-in/sign-up and reset screens (spec sections 5 and 8). */
export const AUTH_MESSAGES = {
  emailRequired: "Email is required",
  invalidEmail: "Invalid email format",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 6 characters",
  passwordsDoNotMatch: "Passwords do not match",
  genderRequired: "Please select your gender",
  pictureTooLarge: UPLOAD_MESSAGES.profileTooLarge,
} as const;

const MIN_PASSWORD_LENGTH = 6;

/** The spec's message when the account exists but its profile data could not be written (section 4). */
export function profileSaveFailureMessage(reason: string): string {
  return `Account created but profile data couldn't be saved: ${reason}`;
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
  notStored: "the picture could not be stored",
  notYours: "the picture was not one you uploaded",
} as const;

export const EmailSchema = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .pipe(z.email(AUTH_MESSAGES.invalidEmail));
export const NewPasswordSchema = z
  .string()
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort);
const GenderSchema = z.enum(GENDERS, AUTH_MESSAGES.genderRequired);

const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired),
});

/** What the server accepts to create an account (the picture follows through the upload endpoint). */
export const SignUpRequestSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  gender: GenderSchema,
  username: z.string().optional(),
});

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

/**
 * The first problem with a sign-up form, in the spec's order (section 5): email, password, its
 * length, the confirmation, gender, picture size. One message at a time, like the spec. The picture
 * itself is optional (an anonymous visitor is not asked for a face; the spec's chat-area
 * reading treats it as optional): without one, a generated avatar stands in.
 */
export function firstSignUpError(values: SignUpFields): FieldError<keyof SignUpFields> | null {
  const email = EmailSchema.safeParse(values.email);
  if (!email.success) return { field: "email", message: email.error.issues[0]?.message ?? AUTH_MESSAGES.emailRequired };
  const password = NewPasswordSchema.safeParse(values.password);
  if (!password.success) {
    return { field: "password", message: password.error.issues[0]?.message ?? AUTH_MESSAGES.passwordRequired };
  }
  if (values.confirmPassword !== values.password) {
    return { field: "confirmPassword", message: AUTH_MESSAGES.passwordsDoNotMatch };
  }
  if (!GenderSchema.safeParse(values.gender).success) return { field: "gender", message: AUTH_MESSAGES.genderRequired };
  if (values.picture && isTooLarge(values.picture.size, "profile"))
    return { field: "picture", message: AUTH_MESSAGES.pictureTooLarge };
  return null;
}

/** The first problem with a sign-in form: email required (and well formed), then password required. */
export function firstSignInError(values: { email: string; password: string }): FieldError<"email" | "password"> | null {
  const parsed = SignInSchema.safeParse(values);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return {
    field: issue?.path[0] === "password" ? "password" : "email",
    message: issue?.message ?? AUTH_MESSAGES.emailRequired,
  };
}

/** The label the small sign-up profile stores for gender (spec section 3: Male, Female or Other). */
export function genderLabel(gender: string): "Male" | "Female" | "Other" {
  if (gender === "male") return "Male";
  if (gender === "female") return "Female";
  return "Other";
}
