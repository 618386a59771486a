import { data, Link, useSearchParams } from "react-router";
import { Alert, FormAlert, PasswordField, primaryButtonClass } from "~/components/ui/form-controls";
import { useAuthForm } from "~/hooks/use-auth-form";
import { AUTH_FORM_ATTRIBUTE, BUSY_LABEL_ATTRIBUTE, type CheckedFormKind } from "~/lib/auth-forms";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-scripts";
import { RESET_TEXTS } from "~/lib/password-reset";
import { m } from "~/paraglide/messages";
import { PATHS } from "~/shared/routes";
import { setNewPassword } from "~worker/auth/password-forms";
import { readPostedForm } from "~worker/http/posted-form";
import type { Route } from "./+types/reset-password";

/** The page loads no framework: its form's behaviour is the sign-in screens' page script. */
export const handle = { script: "authForms" } satisfies PageHandle;

const KIND: CheckedFormKind = "new-password";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: m.auth_reset_title(),
      description: m.auth_reset_description(),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await setNewPassword(request, await readPostedForm(request));
  if (outcome.ok) return { done: true, linkInvalid: false, error: null };
  return data({ done: false, linkInvalid: outcome.linkInvalid, error: outcome.error }, { status: outcome.status });
}

/** Setting the password ends every session of the account, so a lost device is signed out. */
export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token");
  const linkInvalid = !token || params.get("error") === "INVALID_TOKEN" || actionData?.linkInvalid;
  const formRef = useAuthForm();
  const error = actionData?.error;

  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow-md ring-1 ring-brand-100 sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">{m.auth_reset_title()}</h1>
        {linkInvalid ? (
          <div className="mt-6 space-y-4">
            <Alert>{RESET_TEXTS.linkInvalid}</Alert>
            <Link to={PATHS.recover} className="font-semibold text-brand-700 underline">
              {m.auth_reset_new_link()}
            </Link>
          </div>
        ) : actionData?.done ? (
          <div className="mt-6 space-y-4">
            <Alert tone="success">{RESET_TEXTS.done}</Alert>
            <Link to={PATHS.login} className={primaryButtonClass}>
              {m.auth_sign_in_button()}
            </Link>
          </div>
        ) : (
          <form ref={formRef} method="post" noValidate className="mt-6 space-y-4" {...{ [AUTH_FORM_ATTRIBUTE]: KIND }}>
            <FormAlert message={error && !error.field ? error.message : null} />
            <input type="hidden" name="token" value={token ?? ""} />
            <PasswordField
              label={m.auth_reset_new_password()}
              name="password"
              autoComplete="new-password"
              error={error?.field === "password" ? error.message : undefined}
            />
            <PasswordField
              label={m.auth_reset_confirm_new_password()}
              name="confirmPassword"
              autoComplete="new-password"
              error={error?.field === "confirmPassword" ? error.message : undefined}
            />
            <button type="submit" className={primaryButtonClass} {...{ [BUSY_LABEL_ATTRIBUTE]: m.auth_reset_saving() }}>
              {m.auth_reset_submit()}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
