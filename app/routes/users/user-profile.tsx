import { data, Link, redirect } from "react-router";
import { RouteErrorContent } from "~/components/layout/error-pages";
import { ProfileReadView } from "~/components/profile/profile-read-view";
import { requireUser } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import { chatWith, PATHS } from "~/lib/routes";
import { getPublicProfile } from "../../../worker/profiles/profile-store";
import type { Route } from "./+types/user-profile";

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: loaderData?.profile.username ?? "Profile",
      description: "A member's profile.",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** /users/{userId}: what another person filled in, read-only; never their email or income. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const me = requireUser(context);
  if (params.userId === me.id) throw redirect(PATHS.profile);
  const profile = await getPublicProfile(params.userId);
  if (!profile) throw data("We couldn't find that person. The link may be old or mistyped.", { status: 404 });
  return { profile };
}

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <Link to={PATHS.users} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
          <span aria-hidden="true">← </span>Find Other Christians
        </Link>
        <Link
          to={chatWith(profile.userId)}
          className="rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Send Message
        </Link>
      </div>
      <h1 className="sr-only">{profile.username}'s profile</h1>
      <ProfileReadView
        profile={profile}
        emptyNote={
          [profile.aboutMe, profile.personalTestimony, profile.city].every((text) => !text.trim()) ? (
            <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
              {profile.username} has not filled in their profile yet.
            </p>
          ) : null
        }
      />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorContent
      error={error}
      title="Profile not available"
      fallback="Something went wrong loading this profile."
      link={{ to: PATHS.users, label: "Find Other Christians" }}
    />
  );
}
