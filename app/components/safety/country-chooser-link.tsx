import { useCountryChooserPath } from "~/lib/crisis-help";
import { CRISIS_HELP_TEXTS, type CrisisHelp, countryName } from "~/shared/crisis-help";

/** Not beside someone else's numbers (the visitor's, on the desk): choosing changes only the reader's own. */
export function CountryChooserLink({ help, className }: { help: CrisisHelp; className: string }) {
  const path = useCountryChooserPath();
  if (!path) return null;
  return (
    <a href={path} className={className}>
      {help.country ? CRISIS_HELP_TEXTS.notIn(countryName(help.country)) : CRISIS_HELP_TEXTS.choose}
    </a>
  );
}
