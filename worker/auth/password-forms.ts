import { data, redirect } from "react-router";
import { emailProblem, type FormError, firstNewPasswordError, firstSignInError } from "~/shared/auth-rules";
import { NEXT_PARAM, signedInDestination } from "~/shared/redirect-target";
import { readPostedForm } from "../http/posted-form";
import { callAuthEndpoint, cookieHeaders } from "./auth-endpoint";

/**
 * Posted forms are validated with the browser's schema, then sent through better-auth's endpoint so
 * its rate limits and origin checks apply.
 */

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

type SignInOutcome =
  | { ok: true; cookies: string[] }
  | { ok: false; status: number; error: FormError<"email" | "password">; email: string };

async function signInWithPassword(request: Request, form: FormData): Promise<SignInOutcome> {
  const values = { email: text(form, "email"), password: text(form, "password") };
  const problem = firstSignInError(values);
  if (problem) return { ok: false, status: 400, error: problem, email: values.email };
  const result = await callAuthEndpoint(request, "/sign-in/email", {
    email: values.email.trim(),
    password: values.password,
  });
  if (!result.ok) {
    return { ok: false, status: result.status, error: { field: null, message: result.message }, email: values.email };
  }
  return { ok: true, cookies: result.cookies };
}

export async function signInAction(request: Request) {
  const form = await readPostedForm(request);
  const outcome = await signInWithPassword(request, form);
  if (!outcome.ok) return data({ error: outcome.error, email: outcome.email }, { status: outcome.status });
  throw redirect(signedInDestination(form.get(NEXT_PARAM)), { headers: cookieHeaders(outcome.cookies) });
}

type ResetRequestOutcome = { ok: true } | { ok: false; status: number; error: FormError<"email">; email: string };

/** The answer is the same whether or not an account exists. */
export async function requestPasswordReset(request: Request, form: FormData): Promise<ResetRequestOutcome> {
  const email = text(form, "email");
  const problem = emailProblem(email);
  if (problem) return { ok: false, status: 400, error: { field: "email", message: problem }, email };
  const result = await callAuthEndpoint(request, "/request-password-reset", {
    email: email.trim(),
    redirectTo: "/reset-password",
  });
  if (!result.ok) return { ok: false, status: result.status, error: { field: null, message: result.message }, email };
  return { ok: true };
}

type NewPasswordOutcome =
  | { ok: true }
  | { ok: false; status: number; error: FormError<"password" | "confirmPassword">; linkInvalid: boolean };

/** Every session of the account ends (auth.ts). */
export async function setNewPassword(request: Request, form: FormData): Promise<NewPasswordOutcome> {
  const token = text(form, "token");
  const password = text(form, "password");
  const problem = firstNewPasswordError({ password, confirmPassword: text(form, "confirmPassword") });
  if (problem) return { ok: false, status: 400, error: problem, linkInvalid: false };
  if (!token) return { ok: false, status: 400, error: { field: null, message: "" }, linkInvalid: true };
  const result = await callAuthEndpoint(request, "/reset-password", { token, newPassword: password });
  if (!result.ok) {
    const linkInvalid = result.code === "INVALID_TOKEN" || result.message.includes("INVALID_TOKEN");
    return { ok: false, status: result.status, error: { field: null, message: result.message }, linkInvalid };
  }
  return { ok: true };
}
