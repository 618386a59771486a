import { useState } from "react";
import { Link } from "react-router";
import { Alert, primaryButtonClass, TextField } from "~/components/ui/form-controls";
import { requestPasswordReset } from "~/lib/auth-client";
import { pageMeta } from "~/lib/meta";
import { PATHS } from "~/lib/routes";
import { EmailSchema } from "~/schemas/auth";
import type { Route } from "./+types/recover";

/**
 * The same answer whether or not an account exists: a support site must not reveal who uses it
 * (issue: privacy wins over the spec's 'No account found with this email address').
 */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that email, we've sent a link to reset your password. Please check your inbox.";

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: "Reset Password",
    description: "Get a link to choose a new password.",
  });
}

/** /recover (spec section 2, Reset Password). */
export default function Recover() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<{ field: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      setError({ field: true, message: parsed.error.issues[0]?.message ?? "Email is required" });
      return;
    }
    setBusy(true);
    setError(null);
    const result = await requestPasswordReset(parsed.data);
    setBusy(false);
    if (result.ok) setSent(true);
    else setError({ field: false, message: result.message });
  }

  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow-md ring-1 ring-brand-100 sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">Reset Password</h1>
        <p className="mt-1 text-sm text-slate-600">
          Enter your email and we will send you a link to choose a new password.
        </p>
        <form noValidate onSubmit={handleSubmit} className="mt-6 space-y-4">
          {sent ? <Alert tone="success">{RESET_REQUESTED_MESSAGE}</Alert> : null}
          {error && !error.field ? <Alert>{error.message}</Alert> : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            error={error?.field ? error.message : undefined}
          />
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            {busy ? "Sending..." : "Send Reset Link"}
          </button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-700">
          Remembered it?{" "}
          <Link to={PATHS.signup} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Back to sign up
          </Link>
        </p>
      </div>
    </section>
  );
}
