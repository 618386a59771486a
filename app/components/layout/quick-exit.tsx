import { useEffect } from "react";
import { escapeWasConsumed } from "~/lib/escape-key";
import { usePublicConfig } from "~/lib/public-config";
import { createEscapeCounter, followQuickExits, QUICK_EXIT_TEXTS, quickExit } from "~/lib/quick-exit";
import { useSignedInUser } from "~/lib/signed-in-user";

/**
 * The header's Quick exit (always in view, at every width) and, for signed-in people, the smaller
 * 'Quick exit and sign out' below it. Both are real links to the neutral page, so they leave even
 * before the scripts arrive (then as an ordinary visit, without signing out); with scripts they
 * replace the page. Also listens, once per page, for Escape pressed three times (presses that
 * closed a menu or a dialog do not count).
 */
export function QuickExit() {
  const { quickExitUrl } = usePublicConfig();
  const signedIn = useSignedInUser() !== null;

  useEffect(() => {
    const isThirdEscape = createEscapeCounter();
    // On window, bubbling: after every menu and dialog had its turn. A press that closed one of
    // them is theirs and does not count toward the three (issue 23; app/lib/escape-key.ts).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || escapeWasConsumed(event)) return;
      if (isThirdEscape(event)) quickExit(quickExitUrl);
    };
    window.addEventListener("keydown", onKeyDown);
    const stopFollowing = followQuickExits(quickExitUrl);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      stopFollowing();
    };
  }, [quickExitUrl]);

  const leave = (signOut: boolean) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab or window) would leave this page on screen: replace it all the same.
    event.preventDefault();
    quickExit(quickExitUrl, { signOut });
  };

  return (
    <div className="flex shrink-0 flex-col items-center">
      <a
        href={quickExitUrl}
        rel="noreferrer"
        onClick={leave(false)}
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
          onClick={leave(true)}
          className="inline-flex min-h-6 items-center whitespace-nowrap rounded px-1 text-xs font-medium text-slate-700 underline decoration-slate-400 underline-offset-2 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-amber-800"
        >
          {QUICK_EXIT_TEXTS.signOutVisible}
        </a>
      ) : null}
    </div>
  );
}
