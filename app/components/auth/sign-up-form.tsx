import { PictureChooser } from "~/components/auth/picture-chooser";
import { CrisisLine } from "~/components/safety/crisis-line";
import { FormAlert, PasswordField, primaryButtonClass, SelectField, TextField } from "~/components/ui/form-controls";
import { useAuthForm } from "~/hooks/use-auth-form";
import { AUTH_FORM_ATTRIBUTE, BUSY_LABEL_ATTRIBUTE } from "~/lib/auth-forms";
import { CRISIS_LINE_TEMPLATE_ATTRIBUTE } from "~/lib/field-look";
import { useScriptNonce } from "~/lib/script-nonce";
import { PROFILE_SAVE_FAILURE_REDIRECT_MS, SIGN_UP_FORM_KIND, startSignUpForm } from "~/lib/sign-up-form";
import { m } from "~/paraglide/messages";
import { GENDERS } from "~/shared/accounts";
import { type FormError, genderChoiceLabel, type SignUpFields } from "~/shared/auth-rules";
import { PERSON_CHECK_FIELD, TURNSTILE_SCRIPT_URL } from "~/shared/person-check";
import { NEXT_PARAM } from "~/shared/redirect-target";

type Field = keyof SignUpFields;

export type SignUpResult =
  /** `crisisLine`: turned away for now (a limit, the person check). */
  | { error: FormError<Field>; values: { email: string; gender: string }; crisisLine?: true }
  | { saveFailure: string; destination: string }
  | { created: true; destination: string };

/** Spec section 4, Sign-up sequence; one multipart form, posted whole without scripts (~/lib/sign-up-form.ts). */
export function SignUpForm({
  username,
  next,
  result,
  personCheckSiteKey,
}: {
  username: string;
  next: string | null;
  result: SignUpResult | undefined;
  /** Null while the person check is off. */
  personCheckSiteKey: string | null;
}) {
  const nonce = useScriptNonce();
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
      <FormAlert
        message={saveFailure?.saveFailure ?? (error?.field === null ? error.message : null)}
        crisisLine={result !== undefined && "crisisLine" in result}
      />
      {/* The page's script puts it beside a refusal. */}
      <template {...{ [CRISIS_LINE_TEMPLATE_ATTRIBUTE]: "" }}>
        <CrisisLine />
      </template>
      <input type="hidden" name={NEXT_PARAM} value={next ?? ""} />
      <TextField
        label={m.auth_username_label()}
        name="username"
        value={username}
        readOnly
        hint={m.auth_username_hint()}
      />
      <TextField
        label={m.auth_email()}
        name="email"
        type="email"
        autoComplete="email"
        required
        announceError
        defaultValue={values.email}
        error={fieldError("email")}
      />
      <PasswordField
        label={m.auth_password()}
        name="password"
        autoComplete="new-password"
        required
        announceError
        error={fieldError("password")}
      />
      <PasswordField
        label={m.auth_confirm_password()}
        name="confirmPassword"
        autoComplete="new-password"
        required
        announceError
        error={fieldError("confirmPassword")}
      />
      <SelectField
        label={m.auth_gender()}
        name="gender"
        placeholder={m.auth_gender_placeholder()}
        options={GENDERS.map((value) => ({ value, label: genderChoiceLabel(value) }))}
        required
        announceError
        defaultValue={values.gender}
        error={fieldError("gender")}
      />
      <PictureChooser name="picture" error={fieldError("picture")} />
      {personCheckSiteKey ? (
        <>
          {/* The form then needs scripts. */}
          <div
            className="cf-turnstile"
            data-sitekey={personCheckSiteKey}
            data-response-field-name={PERSON_CHECK_FIELD}
          />
          <script src={TURNSTILE_SCRIPT_URL} async defer nonce={nonce} />
        </>
      ) : null}
      <button type="submit" className={primaryButtonClass} {...{ [BUSY_LABEL_ATTRIBUTE]: m.auth_creating_account() }}>
        {m.auth_create_account_button()}
      </button>
    </form>
  );
}
