/** Public pages need no React after the server; a page hydrates when someone is signed in. */

export function pageHydrates(rootData: { user?: unknown } | undefined): boolean {
  return Boolean(rootData?.user);
}

export type PageScript = "authForms";

export type PageHandle = {
  script?: PageScript;
};

type Match = { handle?: unknown };
const handleOf = (match: Match) => match.handle as PageHandle | undefined;

/** Loaded only when the page does not hydrate. */
export function pageScriptsOf(matches: Match[]): PageScript[] {
  return [...new Set(matches.flatMap((match) => handleOf(match)?.script ?? []))];
}

/** So the first paint is laid out for scripts (app/app.css spells the attribute again: CSS cannot import it). */
export const SCRIPTS_RUN_ATTRIBUTE = "data-js";

export const QUICK_EXIT_URL_ATTRIBUTE = "data-quick-exit-url";

export const ENHANCED_ATTRIBUTE = "data-enhanced";
