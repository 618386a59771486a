import { AuthScreen } from "~/components/auth/auth-screen";
import { requireGuest } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-scripts";
import { m } from "~/paraglide/messages";
import { nextFromUrl } from "~/shared/redirect-target";
import { sessionEndNotice } from "~/shared/session-end";
import { signInAction } from "~worker/auth/password-forms";
import type { Route } from "./+types/login";

/** The page loads no framework: its form's behaviour is the sign-in screens' page script. */
export const handle = { script: "authForms" } satisfies PageHandle;

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: m.auth_sign_in_title(),
    description: m.auth_sign_in_lead(),
  });
}

export function loader({ request, context }: Route.LoaderArgs) {
  const next = nextFromUrl(request.url);
  requireGuest(context, next);
  return { notice: sessionEndNotice(request.url), next };
}

export async function action({ request }: Route.ActionArgs) {
  return signInAction(request);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthScreen mode="signin" {...loaderData} result={actionData} />;
}
