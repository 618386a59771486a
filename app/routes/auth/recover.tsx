import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { focusField, formText } from "~/components/auth/form-fields";
import { Alert, primaryButtonClass, TextField } from "~/components/ui/form-controls";
import { pageMeta } from "~/lib/meta";
import { RESET_TEXTS } from "~/lib/password-reset";
import { PATHS } from "~/shared/routes";
import { AUTH_MESSAGES, EmailSchema, type FormError } from "~/shared/schemas/auth";
import { requestPasswordReset } from "~worker/auth/password-forms";
import { readPostedForm } from "~worker/http/posted-form";
import type { Route } from "./+types/recover";

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: "Reset Password",
    description: "Get a link to choose a new password.",
  });
}

/** Sends the reset link; posted with or without the page's scripts. */
export async function action({ request }: Route.ActionArgs) {
  const outcome = await requestPasswordReset(request, await readPostedForm(request));
  if (!outcome.ok) return data({ sent: false, error: outcome.error, email: outcome.email }, { status: outcome.status });
  return { sent: true, error: null, email: "" };
}

/** /recover (spec section 2, Reset Password): a real form, so it works before the page's scripts. */
export default function Recover({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [error, setError] = useState<FormError<"email"> | null>(actionData?.error ?? null);
  useEffect(() => setError(actionData?.error ?? null), [actionData]);

  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow-md ring-1 ring-brand-100 sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">Reset Password</h1>
        <p className="mt-1 text-sm text-slate-600">
          Enter your email and we will send you a link to choose a new password.
        </p>
        <Form
          method="post"
          noValidate
          className="mt-6 space-y-4"
          onSubmit={(event) => {
            const parsed = EmailSchema.safeParse(formText(event.currentTarget, "email"));
            if (busy || !parsed.success) event.preventDefault();
            if (!parsed.success) {
              setError({ field: "email", message: parsed.error.issues[0]?.message ?? AUTH_MESSAGES.emailRequired });
              focusField(event.currentTarget, "email");
            }
          }}
        >
          {actionData?.sent && !busy ? <Alert tone="success">{RESET_TEXTS.requested}</Alert> : null}
          {error && !error.field ? <Alert>{error.message}</Alert> : null}
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            announceError
            defaultValue={actionData?.email}
            onChange={() => setError(null)}
            error={error?.field ? error.message : undefined}
          />
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            {busy ? "Sending..." : "Send Reset Link"}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm text-slate-700">
          Remembered it?{" "}
          <Link to={PATHS.login} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    </section>
  );
}
