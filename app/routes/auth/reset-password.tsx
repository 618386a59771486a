import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert, PasswordField, primaryButtonClass } from "~/components/ui/form-controls";
import { resetPassword } from "~/lib/auth-client";
import { pageMeta } from "~/lib/meta";
import { PATHS } from "~/lib/routes";
import { AUTH_MESSAGES, NewPasswordSchema } from "~/schemas/auth";
import type { Route } from "./+types/reset-password";

export const RESET_DONE_MESSAGE = "Your password has been changed. Please sign in with your new password.";
export const RESET_LINK_INVALID_MESSAGE = "This reset link has expired or was already used. Please ask for a new one.";

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

/**
 * /reset-password?token=…: the page a reset email links to. Setting the password ends every
 * session of the account (better-auth revokeSessionsOnPasswordReset), so a lost device is signed out.
 */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const linkInvalid = !token || params.get("error") === "INVALID_TOKEN";
  const [values, setValues] = useState({ password: "", confirmPassword: "" });
  const [error, setError] = useState<{ field: "password" | "confirmPassword" | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!token) return;
    const parsed = NewPasswordSchema.safeParse(values.password);
    if (!parsed.success) {
      setError({ field: "password", message: parsed.error.issues[0]?.message ?? AUTH_MESSAGES.passwordRequired });
      return;
    }
    if (values.confirmPassword !== values.password) {
      setError({ field: "confirmPassword", message: AUTH_MESSAGES.passwordsDoNotMatch });
      return;
    }
    setBusy(true);
    setError(null);
    const result = await resetPassword({ token, newPassword: values.password });
    setBusy(false);
    if (result.ok) setDone(true);
    else
      setError({
        field: null,
        message: result.message.includes("INVALID_TOKEN") ? RESET_LINK_INVALID_MESSAGE : result.message,
      });
  }

  const update = (field: "password" | "confirmPassword") => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (error?.field === field) setError(null);
  };

  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow-md ring-1 ring-brand-100 sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">Choose a New Password</h1>
        {linkInvalid ? (
          <div className="mt-6 space-y-4">
            <Alert>{RESET_LINK_INVALID_MESSAGE}</Alert>
            <Link to={PATHS.recover} className="font-semibold text-brand-700 underline">
              Send a new reset link
            </Link>
          </div>
        ) : done ? (
          <div className="mt-6 space-y-4">
            <Alert tone="success">{RESET_DONE_MESSAGE}</Alert>
            <Link to={PATHS.login} className={primaryButtonClass}>
              Sign In
            </Link>
          </div>
        ) : (
          <form noValidate onSubmit={handleSubmit} className="mt-6 space-y-4">
            {error && !error.field ? <Alert>{error.message}</Alert> : null}
            <PasswordField
              label="New password"
              autoComplete="new-password"
              value={values.password}
              onChange={update("password")}
              error={error?.field === "password" ? error.message : undefined}
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={update("confirmPassword")}
              error={error?.field === "confirmPassword" ? error.message : undefined}
            />
            <button type="submit" disabled={busy} className={primaryButtonClass}>
              {busy ? "Saving..." : "Set New Password"}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
