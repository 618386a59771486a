import { useCountryChooserPath } from "~/lib/crisis-help";
import { CRISIS_HELP_TEXTS, type CrisisHelp, countryName } from "~/shared/crisis-help";

/**
 * 'Not in Mexico? Choose your country', beside crisis numbers wherever they show: a plain link to the
 * chooser's page, so it works without scripts, and back here afterwards. Not beside someone else's
 * numbers (the visitor's, on the desk): choosing changes only the reader's own.
 */
export function CountryChooserLink({ help, className }: { help: CrisisHelp; className: string }) {
  const path = useCountryChooserPath();
  if (!path) return null;
  return (
    <a href={path} className={className}>
      {help.country ? CRISIS_HELP_TEXTS.notIn(countryName(help.country)) : CRISIS_HELP_TEXTS.choose}
    </a>
  );
}
