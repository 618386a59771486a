import { Suspense } from "react";
import { Await, type ShouldRevalidateFunctionArgs } from "react-router";
import { PROFILE_TEXTS, ProfileTabs } from "~/components/profile/profile-tabs";
import { LoadingState } from "~/components/ui/loading-state";
import { serverActionOrFailure } from "~/lib/form-post-failure";
import { requireUser } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import { usePublicConfig } from "~/lib/public-config";
import { m } from "~/paraglide/messages";
import { isNavigationDataRequest } from "~worker/http/document-request";
import { profileAction } from "~worker/profiles/profile-form-post";
import { getOwnProfile } from "~worker/profiles/profile-store";
import type { Route } from "./+types/profile-screen";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: m.profile_page_title(),
      description: m.profile_page_description(),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context);
  const profile = getOwnProfile(user.id);
  return { userId: user.id, profile: isNavigationDataRequest(request) ? profile : await profile };
}

export async function action({ request, context }: Route.ActionArgs) {
  return profileAction(requireUser(context).id, request);
}

/** See serverActionOrFailure. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverActionOrFailure(serverAction);
}

/** Re-reading would reset the form the screen already holds. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function ProfileScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { brandName } = usePublicConfig();
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      {/* The spec's title and subtitle (Reading B). */}
      <h1 className="text-2xl font-bold text-slate-900">{m.profile_heading({ brand: brandName })}</h1>
      <p className="mt-1 text-slate-700">{PROFILE_TEXTS.subtitle}</p>
      <Suspense fallback={<LoadingState>{PROFILE_TEXTS.loading}</LoadingState>}>
        <Await resolve={loaderData.profile}>
          {(profile) => (
            <ProfileTabs
              userId={loaderData.userId}
              initial={profile}
              refused={actionData && "errors" in actionData ? actionData : undefined}
            />
          )}
        </Await>
      </Suspense>
    </section>
  );
}
