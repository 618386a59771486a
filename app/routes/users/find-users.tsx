import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation, useNavigationType } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { requireUser } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { isAdmin } from "~/shared/accounts";
import { chatWith, userProfilePath } from "~/shared/routes";
import { SEARCH_TEXTS } from "~/shared/user-search";
import { findUsersByUsername } from "~worker/accounts/search-users";
import type { Route } from "./+types/find-users";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: m.users_page_title(),
      description: m.users_page_description(),
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** Spec sections 2 and 5. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const term = (new URL(request.url).searchParams.get("q") ?? "").trim();
  if (!term) return { term, users: null };
  return { term, users: await findUsersByUsername(term, user.id, { findsEveryone: isAdmin(user) }) };
}

export default function FindUsers({ loaderData }: Route.ComponentProps) {
  const { term, users } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/users";
  const inputRef = useSearchBoxFollowingHistory(term);

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">{m.users_page_title()}</h1>
      <p className="mt-2 text-slate-700">{m.users_intro()}</p>
      <search className="mt-6 block">
        <Form method="get" className="flex gap-2">
          <label htmlFor="user-search" className="sr-only">
            {m.users_search_label()}
          </label>
          <input
            ref={inputRef}
            id="user-search"
            name="q"
            type="search"
            defaultValue={term}
            required
            placeholder={m.users_search_placeholder()}
            autoComplete="off"
            className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2.5 text-base focus:outline-2 focus:outline-brand-600"
          />
          {/* Never disabled: a new search may replace one still on its way. */}
          <button
            type="submit"
            className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
          >
            {searching ? m.users_searching() : m.users_search_submit()}
          </button>
        </Form>
      </search>

      <div aria-live="polite" className="mt-6">
        {searching ? (
          <p role="status" className="text-slate-700">
            {m.users_searching()}
          </p>
        ) : users === null ? null : users.length === 0 ? (
          <div className="rounded-xl border border-slate-200 p-6 text-center">
            <p className="font-semibold text-slate-900">{SEARCH_TEXTS.noUsers}</p>
            <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">{SEARCH_TEXTS.noUsersMatching(term)}</p>
          </div>
        ) : (
          // An exact username finds one person, and their facts are read whole, never cut.
          <ul aria-label={m.users_results()} className="grid gap-4">
            {users.map((found) => (
              <li key={found.id} className="flex items-center gap-4 rounded-xl border border-slate-200 p-4">
                <Avatar src={found.profilePic} name={found.username} size="lg" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold text-slate-900">{found.username}</p>
                  {found.facts.length > 0 ? (
                    <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{found.facts.join(" · ")}</p>
                  ) : null}
                  <div className="mt-2 flex flex-wrap gap-3 text-sm font-semibold">
                    <Link
                      to={chatWith(found.id)}
                      className="rounded-full bg-brand-700 px-3 py-1.5 text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                    >
                      {m.users_send_message()}
                      <span className="sr-only"> {m.users_send_message_to({ username: found.username })}</span>
                    </Link>
                    <Link
                      to={userProfilePath(found.id)}
                      className="rounded-full px-3 py-1.5 text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                    >
                      {m.users_view_profile()}
                      <span className="sr-only"> {m.users_view_profile_of({ username: found.username })}</span>
                    </Link>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** A result landing never rewrites what was typed since; only Back and Forward put an earlier term back. */
function useSearchBoxFollowingHistory(term: string) {
  const inputRef = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const navigationType = useNavigationType();
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (navigationType === "POP" && inputRef.current) inputRef.current.value = term;
  }, [location.key, navigationType, term]);
  return inputRef;
}
