import { env } from "cloudflare:workers";
import { AuthScreen } from "~/components/auth/auth-screen";
import { requireGuest } from "~/lib/guards";
import { loggedOutForInactivity } from "~/lib/inactivity";
import { pageMeta } from "~/lib/meta";
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

/** /signup: create an account. A signed-in visitor goes straight to chat. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireGuest(context);
  return {
    username: await suggestUsername(env.DB),
    loggedOutForInactivity: loggedOutForInactivity(request.url),
  };
}

export default function SignUp({ loaderData }: Route.ComponentProps) {
  return <AuthScreen mode="signup" {...loaderData} />;
}
