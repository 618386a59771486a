import { AuthScreen } from "~/components/auth/auth-screen";
import { requireGuest } from "~/lib/guards";
import { loggedOutForInactivity } from "~/lib/inactivity";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/login";

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: "Welcome Back",
    description: "Sign in to continue your conversations.",
  });
}

/** /login: sign in. A signed-in visitor goes straight to chat. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireGuest(context);
  return { loggedOutForInactivity: loggedOutForInactivity(request.url) };
}

export default function Login({ loaderData }: Route.ComponentProps) {
  return <AuthScreen mode="signin" username={null} {...loaderData} />;
}
