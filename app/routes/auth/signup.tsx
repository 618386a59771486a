import { env } from "cloudflare:workers";
import { data, redirect } from "react-router";
import { AuthScreen } from "~/components/auth/auth-screen";
import { requireGuest } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import { nextFromUrl } from "~/shared/redirect-target";
import { authScreenModeFor, sessionEndNotice } from "~/shared/session-end";
import { createAccount } from "~worker/accounts/create-account";
import { cookieHeaders } from "~worker/auth/auth-endpoint";
import { signInAction } from "~worker/auth/password-forms";
import { suggestUsername } from "~worker/auth/username";
import type { Route } from "./+types/signup";

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const signIn = loaderData?.mode === "signin";
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: signIn ? "Welcome Back" : "Create an Account",
    description: signIn
      ? "Sign in to continue your conversations."
      : "Create a free, anonymous account with just an email. We generate a username for you.",
  });
}

/**
 * /signup: create an account, or, after a session's end (`?reason=`), sign in again (see
 * authScreenModeFor). A signed-in visitor goes straight on to where they were going.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const next = nextFromUrl(request.url);
  requireGuest(context, next);
  const notice = sessionEndNotice(request.url);
  if (authScreenModeFor(request.url) === "signin") return { mode: "signin" as const, notice, next };
  return { mode: "signup" as const, username: await suggestUsername(env.DB), notice, next };
}

/**
 * The form posted without scripts (with them, sign-up posts to /api/sign-up for upload progress);
 * in the sign-in mode, the sign-in form, which posts to the page's own address.
 */
export async function action({ request }: Route.ActionArgs) {
  if (authScreenModeFor(request.url) === "signin") return signInAction(request);
  const outcome = await createAccount(request);
  if (!outcome.ok) return data({ error: outcome.error, values: outcome.values }, { status: outcome.status });
  const headers = cookieHeaders(outcome.cookies);
  if (outcome.saveFailure)
    return data({ saveFailure: outcome.saveFailure, destination: outcome.destination }, { headers });
  throw redirect(outcome.destination, { headers });
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  // The action's answer belongs to the form of the page's mode: a sign-in answer carries the email.
  const signInResult = actionData && "email" in actionData ? actionData : undefined;
  const signUpResult = actionData && !("email" in actionData) ? actionData : undefined;
  return loaderData.mode === "signin" ? (
    <AuthScreen {...loaderData} result={signInResult} />
  ) : (
    <AuthScreen {...loaderData} result={signUpResult} />
  );
}
