import { usePublicConfig } from "~/lib/public-config";
import { QUICK_EXIT_ATTRIBUTE, type QuickExitKind } from "~/lib/quick-exit";
import { QUICK_EXIT_TEXTS } from "~/lib/quick-exit-texts";
import { useSignedInUser } from "~/lib/signed-in-user";

/**
 * Real links, so they leave without scripts (then without signing out); app/lib/quick-exit.ts makes
 * them replace the page.
 */
export function QuickExit() {
  const { quickExitUrl } = usePublicConfig();
  const signedIn = useSignedInUser() !== null;
  const kind = (value: QuickExitKind) => ({ [QUICK_EXIT_ATTRIBUTE]: value });

  return (
    <div className="flex shrink-0 flex-col items-center">
      <a
        href={quickExitUrl}
        rel="noreferrer"
        {...kind("leave")}
        className="inline-flex h-9 items-center gap-1.5 whitespace-nowrap rounded-full bg-amber-100 px-2.5 text-sm font-semibold text-amber-950 ring-1 ring-amber-300 ring-inset hover:bg-amber-200 sm:px-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-800"
      >
        <svg
          viewBox="0 0 24 24"
          className="hidden h-4 w-4 lg:block"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10" />
        </svg>
        {QUICK_EXIT_TEXTS.button}
      </a>
      {signedIn ? (
        <a
          href={quickExitUrl}
          rel="noreferrer"
          aria-label={QUICK_EXIT_TEXTS.signOut}
          {...kind("sign-out")}
          className="inline-flex min-h-6 items-center whitespace-nowrap rounded px-1 text-xs font-medium text-slate-700 underline decoration-slate-400 underline-offset-2 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-amber-800"
        >
          {QUICK_EXIT_TEXTS.signOutVisible}
        </a>
      ) : null}
    </div>
  );
}
