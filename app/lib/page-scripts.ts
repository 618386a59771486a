/**
 * Which pages load the framework. Public pages are rendered on the server and need no
 * React afterwards: they load only the page's own small scripts (app/page-scripts/), and what moves
 * on them (the carousel, the phone menu, Quick exit) is plain DOM code that works without React and
 * degrades to plain HTML without scripts. A page hydrates when one of its routes asks for it in its
 * `handle` (a form that needs React in the browser), or when someone is signed in: the live unread
 * badge, the account menu, Enable Notifications and the inactivity warning are React.
 */

/** What a route module's `handle` may say about scripts. */
export type PageHandle = {
  /** The page needs React in the browser (its form has a preview, progress, show/hide). */
  hydrate?: boolean;
};

export function pageHydrates(matches: { handle?: unknown }[], signedIn: boolean): boolean {
  return signedIn || matches.some((match) => (match.handle as PageHandle | undefined)?.hydrate === true);
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
