import { useState } from "react";
import { Link } from "react-router";
import { chatWith } from "~/shared/routes";
import { type FoundUser, SEARCH_TEXTS } from "~/shared/user-search";

type SearchState =
  | { kind: "idle" }
  | { kind: "searching" }
  | { kind: "results"; users: FoundUser[] }
  | { kind: "none"; term: string }
  | { kind: "error"; message: string };

/** Spec section 2. */
export function AdminUserSearch() {
  const [term, setTerm] = useState("");
  const [state, setState] = useState<SearchState>({ kind: "idle" });

  async function search(event: React.FormEvent) {
    event.preventDefault();
    const query = term.trim();
    if (!query) return;
    setState({ kind: "searching" });
    const response = await fetch(`/api/admin/users/search?q=${encodeURIComponent(query)}`).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { users?: FoundUser[]; message?: string } | null;
    if (!response?.ok || !body?.users) {
      setState({ kind: "error", message: body?.message ?? "Search failed. Please try again." });
      return;
    }
    setState(body.users.length > 0 ? { kind: "results", users: body.users } : { kind: "none", term: query });
  }

  return (
    <section aria-label="Find a user" className="border-b border-slate-200 p-2 pb-3">
      <search>
        <form onSubmit={search} className="flex gap-2">
          <label htmlFor="admin-user-search" className="sr-only">
            Username
          </label>
          <input
            id="admin-user-search"
            type="search"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            placeholder="Exact username"
            className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:outline-2 focus:outline-brand-600"
          />
          <button
            type="submit"
            disabled={!term.trim() || state.kind === "searching"}
            className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
          >
            {state.kind === "searching" ? "Searching..." : "Search"}
          </button>
        </form>
      </search>
      <div aria-live="polite" className="mt-2 text-sm">
        {state.kind === "results" ? (
          <ul className="space-y-1">
            {state.users.map((user) => (
              <li key={user.id} className="flex items-center justify-between gap-2 rounded-lg bg-brand-50 px-3 py-2">
                <span className="truncate font-medium text-slate-900">{user.username}</span>
                <Link to={chatWith(user.id)} className="shrink-0 font-semibold text-brand-700 underline">
                  Send Message
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {state.kind === "none" ? (
          <div>
            <p className="font-medium text-slate-900">{SEARCH_TEXTS.noUsers}</p>
            <p className="text-slate-600">{SEARCH_TEXTS.noUsersMatching(state.term)}</p>
          </div>
        ) : null}
        {state.kind === "error" ? <p className="text-red-700">{state.message}</p> : null}
      </div>
    </section>
  );
}
