import { env } from "cloudflare:workers";
import { data, redirect } from "react-router";
import { AuthScreen } from "~/components/auth/auth-screen";
import { requireGuest } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import { nextFromUrl } from "~/lib/redirect-target";
import { sessionEndNotice } from "~/lib/session-end";
import { createAccount } from "../../../worker/accounts/create-account";
import { cookieHeaders } from "../../../worker/auth/auth-endpoint";
import { suggestUsername } from "../../../worker/auth/username";
import type { Route } from "./+types/signup";

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: "Create an Account",
    description: "Create a free, anonymous account with just an email. We generate a username for you.",
  });
}

/** /signup: create an account. A signed-in visitor goes straight on to where they were going. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const next = nextFromUrl(request.url);
  requireGuest(context, next);
  return { username: await suggestUsername(env.DB), notice: sessionEndNotice(request.url), next };
}

/** The form posted without scripts (with them, the page posts to /api/sign-up for upload progress). */
export async function action({ request }: Route.ActionArgs) {
  const outcome = await createAccount(request);
  if (!outcome.ok) return data({ error: outcome.error, values: outcome.values }, { status: outcome.status });
  const headers = cookieHeaders(outcome.cookies);
  if (outcome.saveFailure)
    return data({ saveFailure: outcome.saveFailure, destination: outcome.destination }, { headers });
  throw redirect(outcome.destination, { headers });
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthScreen mode="signup" {...loaderData} result={actionData} />;
}
