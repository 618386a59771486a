import { env } from "cloudflare:workers";
import { AuthScreen } from "~/components/auth/auth-screen";
import { userContext } from "~/context";
import { serverActionOrFailure } from "~/lib/form-post-failure";
import { requireGuest } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-scripts";
import { nextFromUrl } from "~/shared/redirect-target";
import { authScreenModeFor, sessionEndNotice } from "~/shared/session-end";
import { signUpAction } from "~worker/accounts/sign-up-form-post";
import { signInAction } from "~worker/auth/password-forms";
import { suggestUsername } from "~worker/auth/username";
import type { Route } from "./+types/signup";

/** The sign-up screen needs React in the browser: the picture's preview and upload progress, show/hide. */
export const handle = { hydrate: true } satisfies PageHandle;

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
 * The page's one form: in the sign-in mode the sign-in form; otherwise the sign-up form, posted
 * without scripts (with its picture) or by the page's script (the account, then the picture's key;
 * see signUpAction).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (authScreenModeFor(request.url) === "signin") return signInAction(request);
  return signUpAction(request, context.get(userContext));
}

/** A sign-up post that got no answer keeps the form and what was typed (see serverActionOrFailure). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  if (authScreenModeFor(request.url) === "signin") return serverAction();
  return serverActionOrFailure(serverAction);
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  // The action's answer belongs to the form of the page's mode: a sign-in answer carries the email.
  const signInResult = actionData && "email" in actionData ? actionData : undefined;
  const signUpResult = actionData && !("email" in actionData) && !("failed" in actionData) ? actionData : undefined;
  return loaderData.mode === "signin" ? (
    <AuthScreen {...loaderData} result={signInResult} />
  ) : (
    <AuthScreen {...loaderData} result={signUpResult} />
  );
}
