import { env } from "cloudflare:workers";
import { AuthScreen } from "~/components/auth/auth-screen";
import { userContext } from "~/context";
import { requireGuest } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-scripts";
import { m } from "~/paraglide/messages";
import { nextFromUrl } from "~/shared/redirect-target";
import { authScreenModeFor, sessionEndNotice } from "~/shared/session-end";
import { signUpAction } from "~worker/accounts/sign-up-form-post";
import { signInAction } from "~worker/auth/password-forms";
import { suggestUsername } from "~worker/auth/username";
import { getConfig } from "~worker/config";
import type { Route } from "./+types/signup";

/** The page loads no framework: its forms' behaviour is the sign-in screens' page script. */
export const handle = { script: "authForms" } satisfies PageHandle;

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const signIn = loaderData?.mode === "signin";
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: signIn ? m.auth_sign_in_title() : m.auth_sign_up_title(),
    description: signIn ? m.auth_sign_in_lead() : m.auth_sign_up_description(),
  });
}

/** After a session's end (`?reason=`) it signs in again (see authScreenModeFor). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const next = nextFromUrl(request.url);
  requireGuest(context, next);
  const notice = sessionEndNotice(request.url);
  if (authScreenModeFor(request.url) === "signin") return { mode: "signin" as const, notice, next };
  return {
    mode: "signup" as const,
    username: await suggestUsername(env.DB),
    personCheckSiteKey: getConfig().turnstile?.siteKey ?? null,
    notice,
    next,
  };
}

/** The page's script posts the same action's steps to /signup/steps (see signUpAction). */
export async function action({ request, context }: Route.ActionArgs) {
  if (authScreenModeFor(request.url) === "signin") return signInAction(request);
  return signUpAction(request, context.get(userContext));
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const signInResult = actionData && "email" in actionData ? actionData : undefined;
  const signUpResult = actionData && !("email" in actionData) ? actionData : undefined;
  return loaderData.mode === "signin" ? (
    <AuthScreen {...loaderData} result={signInResult} />
  ) : (
    <AuthScreen {...loaderData} result={signUpResult} />
  );
}
