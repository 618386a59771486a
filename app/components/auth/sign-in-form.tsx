import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert, PasswordField, primaryButtonClass, TextField } from "~/components/ui/form-controls";
import { NEXT_PARAM } from "~/shared/redirect-target";
import { PATHS } from "~/shared/routes";
import { type FormError, firstSignInError } from "~/shared/schemas/auth";
import { focusField, formText } from "./form-fields";

export type SignInResult = { error: FormError<"email" | "password">; email: string };

/**
 * Welcome Back: email and password, with the spec's messages (sections 5 and 8). A real form posted
 * to the /login action, so it signs in before (or without) the page's scripts; the inputs are
 * uncontrolled, so what was typed before the scripts arrived stays when they do. With scripts, the
 * same rules run first in the browser.
 */
export function SignInForm({ next, result }: { next: string | null; result: SignInResult | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [error, setError] = useState<FormError<"email" | "password"> | null>(result?.error ?? null);
  useEffect(() => setError(result?.error ?? null), [result]);

  const clearOnEdit = (field: "email" | "password") => () => {
    if (error?.field === field) setError(null);
  };

  return (
    <Form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        const form = event.currentTarget;
        const problem = busy
          ? null
          : firstSignInError({ email: formText(form, "email"), password: formText(form, "password") });
        if (busy || problem) event.preventDefault();
        if (problem) {
          setError(problem);
          focusField(form, problem.field);
        }
      }}
    >
      {error?.field === null ? <Alert>{error.message}</Alert> : null}
      <input type="hidden" name={NEXT_PARAM} value={next ?? ""} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        announceError
        defaultValue={result?.email}
        onChange={clearOnEdit("email")}
        error={error?.field === "email" ? error.message : undefined}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        announceError
        onChange={clearOnEdit("password")}
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
    </Form>
  );
}
