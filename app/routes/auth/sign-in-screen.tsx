import { env } from "cloudflare:workers";
import { Link } from "react-router";
import { SignInForm } from "~/components/auth/sign-in-form";
import { SignUpForm } from "~/components/auth/sign-up-form";
import { Alert } from "~/components/ui/form-controls";
import { requireGuest } from "~/lib/guards";
import { INACTIVITY_MESSAGES } from "~/lib/inactivity";
import { pageMeta } from "~/lib/meta";
import { PATHS } from "~/lib/routes";
import { suggestUsername } from "../../../worker/auth/username";
import type { Route } from "./+types/sign-in-screen";

type Mode = "signup" | "signin";
const modeOf = (pathname: string): Mode => (pathname === PATHS.login ? "signin" : "signup");

export function meta({ matches, location }: Route.MetaArgs) {
  const signup = modeOf(location.pathname) === "signup";
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: signup ? "Create an Account" : "Welcome Back",
    description: signup
      ? "Create a free, anonymous account with just an email. We generate a username for you."
      : "Sign in to continue your conversations.",
  });
}

/** /signup and /login: one screen (spec section 2). A signed-in visitor goes straight to chat. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireGuest(context);
  const url = new URL(request.url);
  const mode = modeOf(url.pathname);
  return {
    mode,
    username: mode === "signup" ? await suggestUsername(env.DB) : null,
    loggedOutForInactivity: url.searchParams.get("reason") === "inactivity",
  };
}

/** A full page load after signing in, so every part of the page starts from the new session. */
function goToChat() {
  window.location.assign(PATHS.chat);
}

export default function SignInScreen({ loaderData }: Route.ComponentProps) {
  const { mode, username, loggedOutForInactivity } = loaderData;
  const signup = mode === "signup";
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow-md ring-1 ring-brand-100 sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">{signup ? "Create an Account" : "Welcome Back"}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {signup ? "Free and anonymous. Only you know who you are." : "Sign in to continue your conversations."}
        </p>
        {loggedOutForInactivity ? (
          <div className="mt-4">
            <Alert tone="info">{INACTIVITY_MESSAGES.loggedOut}</Alert>
          </div>
        ) : null}
        <div className="mt-6">
          {/* Keyed by mode: switching between the two clears all form state (spec section 2). */}
          {signup && username ? (
            <SignUpForm key="signup" username={username} onSignedIn={goToChat} />
          ) : (
            <SignInForm key="signin" onSignedIn={goToChat} />
          )}
        </div>
        <p className="mt-6 text-center text-sm text-slate-700">
          {signup ? "Already have an account? " : "New here? "}
          <Link
            to={signup ? PATHS.login : PATHS.signup}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {signup ? "Sign in" : "Create an account"}
          </Link>
        </p>
        <p className="mt-4 text-center text-xs text-slate-600">
          By continuing you agree to our{" "}
          <Link to={PATHS.termsOfService} className="underline">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to={PATHS.privacyPolicy} className="underline">
            Privacy Policy
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
