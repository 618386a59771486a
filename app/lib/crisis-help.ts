import { createContext, useContext } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { COUNTRY_CHOOSER, type CrisisHelp, NO_COUNTRY_HELP } from "~/shared/crisis-help";

/** A listener on the desk shares the visitor's country's lines, not their own. */
export const OthersCrisisHelp = createContext<CrisisHelp | null>(null);

/** A refusal in route middleware comes before any loader; such a page loads no framework. */
export const RequestCrisisHelp = createContext<CrisisHelp | null>(null);

export function useCrisisHelp(): CrisisHelp {
  const others = useContext(OthersCrisisHelp);
  const request = useContext(RequestCrisisHelp);
  const own = useRouteLoaderData<{ crisisHelp: CrisisHelp }>("root")?.crisisHelp ?? request ?? NO_COUNTRY_HELP;
  return others ?? own;
}

/** Null where the numbers are someone else's. */
export function useCountryChooserPath(): string | null {
  const others = useContext(OthersCrisisHelp);
  const { pathname, search } = useLocation();
  if (others) return null;
  const back = `${pathname}${search}`;
  return back === COUNTRY_CHOOSER.path || back.startsWith(`${COUNTRY_CHOOSER.path}?`)
    ? COUNTRY_CHOOSER.path
    : `${COUNTRY_CHOOSER.path}?${COUNTRY_CHOOSER.backField}=${encodeURIComponent(back)}`;
}
