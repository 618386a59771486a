import { useRef } from "react";
import { data, Link, useActionData } from "react-router";
import { RouteErrorContent } from "~/components/layout/error-pages";
import { SafetyStatus, UnblockForm } from "~/components/safety/block-controls";
import { Avatar } from "~/components/ui/avatar";
import { useFocusWhenLost } from "~/hooks/use-focus-when-lost";
import { requireUser } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import { PATHS, userProfilePath } from "~/shared/routes";
import { BLOCK_TEXTS } from "~/shared/safety";
import { readPostedForm } from "~worker/http/posted-form";
import { listBlockedPeople, unblockUser } from "~worker/safety/blocks";
import type { Route } from "./+types/blocked-people";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: BLOCK_TEXTS.pageTitle,
      description: BLOCK_TEXTS.pageIntro,
    }),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const people = await listBlockedPeople(user.id);
  return { people: people.map(({ blockedAt, ...person }) => ({ ...person, blockedAt: blockedAt.getTime() })) };
}

/** Only ever the signed-in person's own block is removed. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const form = await readPostedForm(request);
  const userId = form.get("userId");
  if (form.get("intent") !== "unblock" || typeof userId !== "string" || !userId) {
    throw data(BLOCK_TEXTS.unknownAction, { status: 400 });
  }
  const target = await unblockUser(user.id, userId);
  return { unblocked: target?.username ?? null };
}

export default function BlockedPeople({ loaderData }: Route.ComponentProps) {
  const { people } = loaderData;
  const unblocked = useActionData<typeof action>()?.unblocked ?? null;
  // The row whose Unblock button had focus is gone.
  const unblockedRef = useRef<HTMLParagraphElement>(null);
  useFocusWhenLost(unblockedRef, `${unblocked}:${people.length}`);
  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">{BLOCK_TEXTS.pageTitle}</h1>
      <p className="mt-1 text-slate-700">{BLOCK_TEXTS.pageIntro}</p>
      <SafetyStatus
        className="mt-4"
        focusRef={unblockedRef}
        message={unblocked ? BLOCK_TEXTS.unblocked(unblocked) : null}
      />
      {people.length === 0 ? (
        <p className="mt-6 rounded-xl bg-slate-50 p-6 text-center text-slate-700">{BLOCK_TEXTS.noneBlocked}</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {people.map((person) => (
            <li key={person.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <Link
                to={userProfilePath(person.id)}
                className="flex min-w-0 items-center gap-3 font-medium text-slate-900 underline-offset-2 hover:underline"
              >
                <Avatar src={person.profilePic} name={person.username} size="md" />
                <span className="min-w-0 [overflow-wrap:anywhere]">{person.username}</span>
              </Link>
              <UnblockForm username={person.username} userId={person.id} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorContent
      error={error}
      title={BLOCK_TEXTS.pageTitle}
      fallback={BLOCK_TEXTS.pageFailed}
      link={{ to: PATHS.chat, label: BLOCK_TEXTS.backToMessages }}
    />
  );
}
