/**
 * Which pages load the framework. Public pages are rendered on the server and need no
 * React afterwards: they load only the page's own small scripts (app/page-scripts/), and what moves
 * on them (the carousel, the phone menu, Quick exit) is plain DOM code that works without React and
 * degrades to plain HTML without scripts; the sign-in screens add a script for their forms. A page
 * hydrates when someone is signed in: the live unread badge, the account menu, Enable Notifications
 * and the inactivity warning are React.
 */

/** Whether a page hydrates, from the root route's loader data: when someone is signed in. */
export function pageHydrates(rootData: { user?: unknown } | undefined): boolean {
  return Boolean(rootData?.user);
}

/** The page scripts a page without the framework may ask for, beside the public pages' own. */
export type PageScript = "authForms";

/** What a route module's `handle` may say about scripts. */
export type PageHandle = {
  /** A page script of its own, when the page loads no framework (the sign-in screens' forms). */
  script?: PageScript;
};

type Match = { handle?: unknown };
const handleOf = (match: Match) => match.handle as PageHandle | undefined;

/** The page scripts the matched routes ask for (loaded only when the page does not hydrate). */
export function pageScriptsOf(matches: Match[]): PageScript[] {
  return [...new Set(matches.flatMap((match) => handleOf(match)?.script ?? []))];
}

/**
 * Set on `<html>` by the page's inline script before the body is parsed, so the stylesheet lays out
 * the scripted form of the page from the first paint (app/app.css, the `js` and `no-js` variants,
 * spell the attribute again: CSS cannot import it). Without scripts it is never set.
 */
export const SCRIPTS_RUN_ATTRIBUTE = "data-js";

/** Set on the page's inline script: where Quick exit goes (configuration `QUICK_EXIT_URL`). */
export const QUICK_EXIT_URL_ATTRIBUTE = "data-quick-exit-url";

/** Set on `<html>` once a page without the framework has started its behaviour (as `data-hydrated` for React). */
export const ENHANCED_ATTRIBUTE = "data-enhanced";
