import { useId } from "react";
import { CountryChooserLink } from "~/components/safety/country-chooser-link";
import { useCrisisHelp } from "~/lib/crisis-help";
import {
  CRISIS_HELP_TEXTS,
  countryName,
  emergencyContact,
  HELPLINE_DIRECTORY_URL,
  lineContacts,
  lineDetail,
  lineName,
} from "~/shared/crisis-help";

/** Where the table has no line for the country, or it is not known, the directory: never another country's line. */
export function CrisisResourcesBox({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const headingId = useId();
  const help = useCrisisHelp();
  const box =
    tone === "dark" ? "border-rose-400/40 bg-rose-950/40 text-rose-50" : "border-rose-200 bg-rose-50 text-rose-950";
  const link =
    tone === "dark"
      ? "text-white underline decoration-rose-300 underline-offset-2 hover:decoration-2"
      : "text-rose-900 underline underline-offset-2 hover:decoration-2";
  const emergency = help.emergency.map(emergencyContact);
  return (
    <section aria-labelledby={headingId} className={`rounded-xl border p-4 break-words ${box}`}>
      <h2 id={headingId} className="text-base font-semibold">
        {CRISIS_HELP_TEXTS.heading}
      </h2>
      <p className="mt-1 text-sm">{CRISIS_HELP_TEXTS.immediateDanger}</p>
      <ul className="mt-3 space-y-3 text-sm">
        {help.lines.map((line) => (
          <li key={line.name}>
            <p className="font-semibold">
              {lineName(line)}: <span className="font-normal">{lineDetail(line)}</span>
            </p>
            <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
              {lineContacts(line).map((contact) => (
                <a key={contact.href} href={contact.href} className={link}>
                  {contact.label}
                </a>
              ))}
            </p>
          </li>
        ))}
        {help.lines.length === 0 ? (
          <li>
            <p>
              {help.country ? CRISIS_HELP_TEXTS.noLines(countryName(help.country)) : CRISIS_HELP_TEXTS.unknownCountry}
            </p>
            <p className="mt-1">
              <a href={HELPLINE_DIRECTORY_URL} className={link}>
                {CRISIS_HELP_TEXTS.directory}
              </a>
            </p>
          </li>
        ) : null}
        <li>
          <p className="font-semibold">
            {CRISIS_HELP_TEXTS.emergency}:{" "}
            <span className="font-normal">
              {emergency.length > 0
                ? emergency.map((contact) => contact.short).join(" / ")
                : CRISIS_HELP_TEXTS.noEmergencyNumber}
            </span>
          </p>
          {emergency.length > 0 ? (
            <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
              {emergency.map((contact) => (
                <a key={contact.href} href={contact.href} className={link}>
                  {contact.label}
                </a>
              ))}
            </p>
          ) : null}
        </li>
      </ul>
      <p className="mt-3 text-sm">
        <CountryChooserLink help={help} className={link} />
      </p>
    </section>
  );
}
