import { useRef } from "react";
import { data, Link, redirect, useActionData } from "react-router";
import { RouteErrorContent } from "~/components/layout/error-pages";
import { ProfileReadView } from "~/components/profile/profile-read-view";
import {
  BlockButton,
  BlockedNotice,
  BlockFailure,
  focusTargetClass,
  SafetyStatus,
} from "~/components/safety/block-controls";
import { ReportConfirmation, ReportProfileButton } from "~/components/safety/report-dialog";
import { useFocusWhenLost } from "~/hooks/use-focus-when-lost";
import { requireUser } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { chatWith, PATHS } from "~/shared/routes";
import { BLOCK_TEXTS, REPORT_TEXTS } from "~/shared/safety";
import { getConfig } from "~worker/config";
import { getPublicProfile } from "~worker/profiles/profile-store";
import { blockStateBetween } from "~worker/safety/blocks";
import { safetyAction } from "~worker/safety/safety-form-post";
import type { Route } from "./+types/user-profile";

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: loaderData?.profile.username ?? m.users_profile_title(),
      description: m.users_profile_description(),
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** Never their email or income; someone who blocked the viewer is not found. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const me = requireUser(context);
  if (params.userId === me.id) throw redirect(PATHS.profile);
  const block = await blockStateBetween(me.id, params.userId);
  const found = block === "blocked-me" ? null : await getPublicProfile(params.userId);
  if (!found) throw data(BLOCK_TEXTS.unknownPerson, { status: 404 });
  // Presence is the conversation's business.
  const { isOnline: _presence, ...profile } = found;
  return { profile, block, canBlock: profile.userId !== getConfig().public.supportUserId };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return safetyAction(requireUser(context).id, params.userId, request);
}

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { profile, block, canBlock } = loaderData;
  // Without scripts a report is a page load: its answer shows here rather than in the dialog.
  const answer = useActionData<typeof action>()?.safety;
  // A block or unblock removes the button that had focus.
  const blockedNoticeRef = useRef<HTMLDivElement>(null);
  const unblockedRef = useRef<HTMLParagraphElement>(null);
  useFocusWhenLost(blockedNoticeRef, block);
  useFocusWhenLost(unblockedRef, block);
  const actions = (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
        <ReportProfileButton username={profile.username} canAlsoBlock={canBlock && block === "none"} />
        {canBlock && block === "none" ? <BlockButton username={profile.username} /> : null}
        {block === "none" ? (
          <Link
            to={chatWith(profile.userId)}
            className="rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {m.users_send_message()}
          </Link>
        ) : null}
      </div>
      <SafetyStatus
        className="text-left"
        focusRef={unblockedRef}
        message={answer?.ok && answer.intent === "unblock" ? BLOCK_TEXTS.unblocked(answer.username) : null}
      />
      <div className="space-y-3 text-left empty:hidden">
        {answer?.intent === "report" && answer.ok ? <ReportConfirmation result={answer} /> : null}
        {answer && !answer.ok ? (
          <BlockFailure message={answer.message ?? (answer.intent === "report" ? REPORT_TEXTS.needsReason : null)} />
        ) : null}
        {block === "blocked-by-me" ? (
          <div ref={blockedNoticeRef} tabIndex={-1} className={`rounded-lg ${focusTargetClass}`}>
            <BlockedNotice username={profile.username} blockedByMe />
          </div>
        ) : null}
      </div>
    </div>
  );
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <div className="mb-6">
        <Link to={PATHS.users} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
          <span aria-hidden="true">← </span>
          {m.users_page_title()}
        </Link>
      </div>
      <ProfileReadView
        profile={profile}
        nameLevel={1}
        actions={actions}
        emptyNote={
          [profile.aboutMe, profile.personalTestimony, profile.city].every((text) => !text.trim()) ? (
            <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
              {m.users_profile_empty({ username: profile.username })}
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
      title={m.users_profile_unavailable()}
      fallback={m.users_profile_failed()}
      link={{ to: PATHS.users, label: m.users_page_title() }}
    />
  );
}
