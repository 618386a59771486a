import { Fragment } from "react";
import { useCrisisHelp } from "~/lib/crisis-help";
import { CRISIS_HELP_TEXTS, firstContacts, firstLineName } from "~/shared/crisis-help";
import { CountryChooserLink } from "./country-chooser-link";

/** Plain markup, so a page without the framework shows it and its script can copy it. */
export function CrisisLine() {
  const help = useCrisisHelp();
  const name = firstLineName(help);
  const link = "font-semibold underline underline-offset-2 hover:decoration-2";
  return (
    <p className="mt-2">
      {CRISIS_HELP_TEXTS.lineLead} {name ? `${name}: ` : ""}
      {firstContacts(help).map((contact, index) => (
        <Fragment key={contact.href}>
          {index > 0 ? " · " : null}
          <a href={contact.href} className={link}>
            {contact.label}
          </a>
        </Fragment>
      ))}
      {" · "}
      <CountryChooserLink help={help} className="underline underline-offset-2 hover:decoration-2" />
    </p>
  );
}
