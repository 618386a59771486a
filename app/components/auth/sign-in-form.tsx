import { useRef, useState } from "react";
import { Link } from "react-router";
import { Alert, PasswordField, primaryButtonClass, TextField } from "~/components/ui/form-controls";
import { signIn } from "~/lib/auth-client";
import { PATHS } from "~/lib/routes";
import { type FieldError, firstSignInError } from "~/schemas/auth";

/** Welcome Back: email and password, with the spec's messages (sections 5 and 8). */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [values, setValues] = useState({ email: "", password: "" });
  const [error, setError] = useState<FieldError<"email" | "password"> | { field: null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const update = (field: "email" | "password") => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (error?.field === field) setError(null);
  };

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = firstSignInError(values);
    if (problem) {
      setError(problem);
      (problem.field === "email" ? emailRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const result = await signIn({ email: values.email.trim(), password: values.password });
    if (!result.ok) {
      setError({ field: null, message: result.message });
      setBusy(false);
      return;
    }
    onSignedIn();
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      {error?.field === null ? <Alert>{error.message}</Alert> : null}
      <TextField
        ref={emailRef}
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={update("email")}
        error={error?.field === "email" ? error.message : undefined}
      />
      <PasswordField
        ref={passwordRef}
        label="Password"
        autoComplete="current-password"
        value={values.password}
        onChange={update("password")}
        error={error?.field === "password" ? error.message : undefined}
      />
      <p className="text-right text-sm">
        <Link to={PATHS.recover} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Forgot your password?
        </Link>
      </p>
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {busy ? "Signing In..." : "Sign In"}
      </button>
    </form>
  );
}
