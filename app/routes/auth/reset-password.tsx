import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { focusField, formText } from "~/components/auth/form-fields";
import { Alert, PasswordField, primaryButtonClass } from "~/components/ui/form-controls";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-scripts";
import { RESET_TEXTS } from "~/lib/password-reset";
import { PATHS } from "~/shared/routes";
import { AUTH_MESSAGES, type FormError, NewPasswordSchema } from "~/shared/schemas/auth";
import { setNewPassword } from "~worker/auth/password-forms";
import { readPostedForm } from "~worker/http/posted-form";
import type { Route } from "./+types/reset-password";

/** The new-password screen needs React in the browser: show/hide and checks before posting. */
export const handle = { hydrate: true } satisfies PageHandle;

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: "Choose a New Password",
      description: "Set a new password.",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** Sets the new password; posted with or without the page's scripts. */
export async function action({ request }: Route.ActionArgs) {
  const outcome = await setNewPassword(request, await readPostedForm(request));
  if (outcome.ok) return { done: true, linkInvalid: false, error: null };
  return data({ done: false, linkInvalid: outcome.linkInvalid, error: outcome.error }, { status: outcome.status });
}

/**
 * /reset-password?token=…: the page a reset email links to. Setting the password ends every
 * session of the account (better-auth revokeSessionsOnPasswordReset), so a lost device is signed out.
 */
export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token");
  const linkInvalid = !token || params.get("error") === "INVALID_TOKEN" || actionData?.linkInvalid;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [error, setError] = useState<FormError<"password" | "confirmPassword"> | null>(actionData?.error ?? null);
  useEffect(() => setError(actionData?.error ?? null), [actionData]);

  const clearOnEdit = (field: "password" | "confirmPassword") => () => {
    if (error?.field === field) setError(null);
  };

  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow-md ring-1 ring-brand-100 sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">Choose a New Password</h1>
        {linkInvalid ? (
          <div className="mt-6 space-y-4">
            <Alert>{RESET_TEXTS.linkInvalid}</Alert>
            <Link to={PATHS.recover} className="font-semibold text-brand-700 underline">
              Send a new reset link
            </Link>
          </div>
        ) : actionData?.done ? (
          <div className="mt-6 space-y-4">
            <Alert tone="success">{RESET_TEXTS.done}</Alert>
            <Link to={PATHS.login} className={primaryButtonClass}>
              Sign In
            </Link>
          </div>
        ) : (
          <Form
            method="post"
            noValidate
            className="mt-6 space-y-4"
            onSubmit={(event) => {
              const form = event.currentTarget;
              const password = formText(form, "password");
              const parsed = NewPasswordSchema.safeParse(password);
              const problem = !parsed.success
                ? {
                    field: "password" as const,
                    message: parsed.error.issues[0]?.message ?? AUTH_MESSAGES.passwordRequired,
                  }
                : formText(form, "confirmPassword") !== password
                  ? { field: "confirmPassword" as const, message: AUTH_MESSAGES.passwordsDoNotMatch }
                  : null;
              if (busy || problem) event.preventDefault();
              if (problem) {
                setError(problem);
                focusField(form, problem.field);
              }
            }}
          >
            {error && !error.field ? <Alert>{error.message}</Alert> : null}
            <input type="hidden" name="token" value={token ?? ""} />
            <PasswordField
              label="New password"
              name="password"
              autoComplete="new-password"
              onChange={clearOnEdit("password")}
              error={error?.field === "password" ? error.message : undefined}
            />
            <PasswordField
              label="Confirm new password"
              name="confirmPassword"
              autoComplete="new-password"
              onChange={clearOnEdit("confirmPassword")}
              error={error?.field === "confirmPassword" ? error.message : undefined}
            />
            <button type="submit" disabled={busy} className={primaryButtonClass}>
              {busy ? "Saving..." : "Set New Password"}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
