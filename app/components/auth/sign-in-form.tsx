import { Link } from "react-router";
import { FormAlert, PasswordField, primaryButtonClass, TextField } from "~/components/ui/form-controls";
import { useAuthForm } from "~/hooks/use-auth-form";
import { AUTH_FORM_ATTRIBUTE, BUSY_LABEL_ATTRIBUTE, type CheckedFormKind } from "~/lib/auth-forms";
import { m } from "~/paraglide/messages";
import type { FormError } from "~/shared/auth-rules";
import { NEXT_PARAM } from "~/shared/redirect-target";
import { PATHS } from "~/shared/routes";

export type SignInResult = { error: FormError<"email" | "password">; email: string };

const KIND: CheckedFormKind = "sign-in";

/** Spec sections 5 and 8; a real form posted to the address that shows it, so it signs in without the script. */
export function SignInForm({ next, result }: { next: string | null; result: SignInResult | undefined }) {
  const formRef = useAuthForm();
  const error = result?.error;
  return (
    <form ref={formRef} method="post" noValidate className="space-y-4" {...{ [AUTH_FORM_ATTRIBUTE]: KIND }}>
      <FormAlert message={error?.field === null ? error.message : null} />
      <input type="hidden" name={NEXT_PARAM} value={next ?? ""} />
      <TextField
        label={m.auth_email()}
        name="email"
        type="email"
        autoComplete="email"
        required
        announceError
        defaultValue={result?.email}
        error={error?.field === "email" ? error.message : undefined}
      />
      <PasswordField
        label={m.auth_password()}
        name="password"
        autoComplete="current-password"
        required
        announceError
        error={error?.field === "password" ? error.message : undefined}
      />
      <p className="text-right text-sm">
        <Link to={PATHS.recover} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {m.auth_forgot_password()}
        </Link>
      </p>
      <button type="submit" className={primaryButtonClass} {...{ [BUSY_LABEL_ATTRIBUTE]: m.auth_signing_in() }}>
        {m.auth_sign_in_button()}
      </button>
    </form>
  );
}
