import { createContext, useContext } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { COUNTRY_CHOOSER, type CrisisHelp, NO_COUNTRY_HELP } from "~/shared/crisis-help";

/**
 * The crisis help of someone other than the reader, where the numbers shown are theirs to be given:
 * a listener on the desk shares the visitor's country's lines, not their own.
 */
export const OthersCrisisHelp = createContext<CrisisHelp | null>(null);

/**
 * The reader's own crisis help as the server worked it out for this request, for a page rendered
 * without the root loader's data: a refusal in route middleware comes before any loader runs. Given
 * by the server's entry only; such a page loads no framework, so the browser never renders it again.
 */
export const RequestCrisisHelp = createContext<CrisisHelp | null>(null);

/**
 * The crisis help this part of the page shows: the reader's own (as the root loader resolved it, or
 * the server's request where the loader did not run) unless another's is given.
 */
export function useCrisisHelp(): CrisisHelp {
  const others = useContext(OthersCrisisHelp);
  const request = useContext(RequestCrisisHelp);
  const own = useRouteLoaderData<{ crisisHelp: CrisisHelp }>("root")?.crisisHelp ?? request ?? NO_COUNTRY_HELP;
  return others ?? own;
}

/** The chooser's address, coming back to this page afterwards; null where the numbers are someone else's. */
export function useCountryChooserPath(): string | null {
  const others = useContext(OthersCrisisHelp);
  const { pathname, search } = useLocation();
  if (others) return null;
  const back = `${pathname}${search}`;
  return back === COUNTRY_CHOOSER.path || back.startsWith(`${COUNTRY_CHOOSER.path}?`)
    ? COUNTRY_CHOOSER.path
    : `${COUNTRY_CHOOSER.path}?${COUNTRY_CHOOSER.backField}=${encodeURIComponent(back)}`;
}
