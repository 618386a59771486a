import { data, Link } from "react-router";
import { Alert, FormAlert, primaryButtonClass, TextField } from "~/components/ui/form-controls";
import { useAuthForm } from "~/hooks/use-auth-form";
import { AUTH_FORM_ATTRIBUTE, BUSY_LABEL_ATTRIBUTE, type CheckedFormKind } from "~/lib/auth-forms";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-scripts";
import { RESET_TEXTS } from "~/lib/password-reset";
import { m } from "~/paraglide/messages";
import { PATHS } from "~/shared/routes";
import { requestPasswordReset } from "~worker/auth/password-forms";
import { readPostedForm } from "~worker/http/posted-form";
import type { Route } from "./+types/recover";

/** The page loads no framework: its form's behaviour is the sign-in screens' page script. */
export const handle = { script: "authForms" } satisfies PageHandle;

const KIND: CheckedFormKind = "recover";

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: m.auth_recover_title(),
    description: m.auth_recover_description(),
  });
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await requestPasswordReset(request, await readPostedForm(request));
  if (!outcome.ok) return data({ sent: false, error: outcome.error, email: outcome.email }, { status: outcome.status });
  return { sent: true, error: null, email: "" };
}

/** Spec section 2, Reset Password. */
export default function Recover({ actionData }: Route.ComponentProps) {
  const formRef = useAuthForm();
  const error = actionData?.error;
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow-md ring-1 ring-brand-100 sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">{m.auth_recover_title()}</h1>
        <p className="mt-1 text-sm text-slate-600">{m.auth_recover_lead()}</p>
        <form ref={formRef} method="post" noValidate className="mt-6 space-y-4" {...{ [AUTH_FORM_ATTRIBUTE]: KIND }}>
          {actionData?.sent ? <Alert tone="success">{RESET_TEXTS.requested}</Alert> : null}
          <FormAlert message={error && !error.field ? error.message : null} />
          <TextField
            label={m.auth_email()}
            name="email"
            type="email"
            autoComplete="email"
            required
            announceError
            defaultValue={actionData?.email}
            error={error?.field ? error.message : undefined}
          />
          <button
            type="submit"
            className={primaryButtonClass}
            {...{ [BUSY_LABEL_ATTRIBUTE]: m.auth_recover_sending() }}
          >
            {m.auth_recover_submit()}
          </button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-700">
          {m.auth_recover_remembered()}{" "}
          <Link to={PATHS.login} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            {m.auth_recover_back()}
          </Link>
        </p>
      </div>
    </section>
  );
}
