import { data, redirect } from "react-router";
import { AuthScreen } from "~/components/auth/auth-screen";
import { requireGuest } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import { NEXT_PARAM, nextFromUrl, signedInDestination } from "~/lib/redirect-target";
import { sessionEndNotice } from "~/lib/session-end";
import { cookieHeaders } from "../../../worker/auth/auth-endpoint";
import { signInWithPassword } from "../../../worker/auth/password-forms";
import type { Route } from "./+types/login";

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: "Welcome Back",
    description: "Sign in to continue your conversations.",
  });
}

/** /login: sign in. A signed-in visitor goes straight on to where they were going. */
export function loader({ request, context }: Route.LoaderArgs) {
  const next = nextFromUrl(request.url);
  requireGuest(context, next);
  return { notice: sessionEndNotice(request.url), next };
}

/** Signs in (with or without the page's scripts) and goes where the visitor was headed. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await signInWithPassword(request, form);
  if (!outcome.ok) return data({ error: outcome.error, email: outcome.email }, { status: outcome.status });
  throw redirect(signedInDestination(form.get(NEXT_PARAM)), { headers: cookieHeaders(outcome.cookies) });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthScreen mode="signin" {...loaderData} result={actionData} />;
}
