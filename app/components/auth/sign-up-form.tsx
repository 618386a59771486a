import { PictureChooser } from "~/components/auth/picture-chooser";
import { FormAlert, PasswordField, primaryButtonClass, SelectField, TextField } from "~/components/ui/form-controls";
import { useAuthForm } from "~/hooks/use-auth-form";
import { AUTH_FORM_ATTRIBUTE, BUSY_LABEL_ATTRIBUTE } from "~/lib/auth-forms";
import { PROFILE_SAVE_FAILURE_REDIRECT_MS, SIGN_UP_FORM_KIND, startSignUpForm } from "~/lib/sign-up-form";
import { GENDERS } from "~/shared/accounts";
import { type FormError, genderLabel, type SignUpFields } from "~/shared/auth-rules";
import { NEXT_PARAM } from "~/shared/redirect-target";

const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: genderLabel(value) }));

type Field = keyof SignUpFields;

/** What the /signup action answers when it does not move the browser on. */
export type SignUpResult =
  | { error: FormError<Field>; values: { email: string; gender: string } }
  | { saveFailure: string; destination: string }
  /** The account is made and signed in; the page's script uploads the picture that follows. */
  | { created: true; destination: string };

/**
 * Create an Account (spec section 4, Sign-up sequence): one multipart form, posted whole to the
 * /signup action without scripts, its picture in the same post. With the page's script the form is
 * checked first and the account, then its picture, are posted step by step with the upload's
 * progress (~/lib/sign-up-form.ts). The server's answer to a post without scripts shows here: the
 * first problem, or a picture not kept, and then the page moves on by itself after 3 seconds.
 */
export function SignUpForm({
  username,
  next,
  result,
}: {
  username: string;
  next: string | null;
  result: SignUpResult | undefined;
}) {
  const formRef = useAuthForm({ [SIGN_UP_FORM_KIND]: startSignUpForm });
  const error = result && "error" in result ? result.error : null;
  const saveFailure = result && "saveFailure" in result ? result : null;
  const values = result && "values" in result ? result.values : { email: "", gender: "" };
  const fieldError = (field: Field) => (error?.field === field ? error.message : undefined);

  return (
    <form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      className="space-y-4"
      {...{ [AUTH_FORM_ATTRIBUTE]: SIGN_UP_FORM_KIND }}
    >
      {saveFailure ? (
        <meta
          httpEquiv="refresh"
          content={`${PROFILE_SAVE_FAILURE_REDIRECT_MS / 1000};url=${saveFailure.destination}`}
        />
      ) : null}
      <FormAlert message={saveFailure?.saveFailure ?? (error?.field === null ? error.message : null)} />
      <input type="hidden" name={NEXT_PARAM} value={next ?? ""} />
      <TextField
        label="Your anonymous username"
        name="username"
        value={username}
        readOnly
        hint="Generated for you, so nobody knows who you are."
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        announceError
        defaultValue={values.email}
        error={fieldError("email")}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        announceError
        error={fieldError("password")}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        announceError
        error={fieldError("confirmPassword")}
      />
      <SelectField
        label="Gender"
        name="gender"
        placeholder="Select your gender"
        options={GENDER_OPTIONS}
        required
        announceError
        defaultValue={values.gender}
        error={fieldError("gender")}
      />
      <PictureChooser name="picture" error={fieldError("picture")} />
      <button type="submit" className={primaryButtonClass} {...{ [BUSY_LABEL_ATTRIBUTE]: "Creating Account..." }}>
        Create Account
      </button>
    </form>
  );
}
