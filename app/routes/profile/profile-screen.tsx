import { Suspense } from "react";
import { Await, type ShouldRevalidateFunctionArgs } from "react-router";
import { PROFILE_TEXTS, ProfileTabs } from "~/components/profile/profile-tabs";
import { LoadingState } from "~/components/ui/loading-state";
import { requireUser } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import { getOwnProfile } from "../../../worker/profiles/profile-store";
import type { Route } from "./+types/profile-screen";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({ matches, pathname: location.pathname, title: "My Profile", description: "Your faith profile." }),
    { name: "robots", content: "noindex" },
  ];
}

/** /profile: the signed-in user's own profile only (signed-out visitors go to /signup). */
export function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  // Not awaited: the page streams, and shows 'Loading your profile...' until the profile is read.
  return { userId: user.id, profile: getOwnProfile(user.id) };
}

/**
 * Switching tabs (a search parameter) or refreshing the header after a save must not read the
 * profile again: the screen already holds the saved one, and re-reading would reset the form.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function ProfileScreen({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">My Profile</h1>
      <Suspense fallback={<LoadingState>{PROFILE_TEXTS.loading}</LoadingState>}>
        <Await resolve={loaderData.profile}>
          {(profile) => <ProfileTabs userId={loaderData.userId} initial={profile} />}
        </Await>
      </Suspense>
    </section>
  );
}
