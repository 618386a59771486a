import { Fragment } from "react";
import { useCrisisHelp } from "~/lib/crisis-help";
import { emergencyContact, HELPLINE_DIRECTORY_URL, lineContacts } from "~/shared/crisis-help";
import { CountryChooserLink } from "./country-chooser-link";

/**
 * The visitor's crisis help inside a sentence (the legal pages): "call 112", then their country's lines
 * or the directory, and the chooser. Only numbers that connect where the visitor is.
 */
export function EmergencyNumbersInline({ linkClass }: { linkClass: string }) {
  const help = useCrisisHelp();
  if (help.emergency.length === 0) return <>call your local emergency number</>;
  return (
    <>
      call{" "}
      {help.emergency.map((emergency, index) => {
        const contact = emergencyContact(emergency);
        return (
          <Fragment key={contact.href}>
            {index > 0 ? " or " : null}
            <a href={contact.href} className={linkClass}>
              {contact.short}
            </a>
          </Fragment>
        );
      })}
    </>
  );
}

/** "You can also reach Samaritans: Call 116 123." — or the directory where the country has no line. */
export function CrisisLinesInline({ linkClass }: { linkClass: string }) {
  const help = useCrisisHelp();
  return (
    <>
      {help.lines.length > 0 ? (
        <>
          You can also reach{" "}
          {help.lines.map((line, index) => (
            <Fragment key={line.name}>
              {index > 0 ? (index === help.lines.length - 1 ? ", or " : ", ") : null}
              {line.name} (
              {lineContacts(line).map((contact, contactIndex) => (
                <Fragment key={contact.href}>
                  {contactIndex > 0 ? " or " : null}
                  <a href={contact.href} className={linkClass}>
                    {contact.label}
                  </a>
                </Fragment>
              ))}
              )
            </Fragment>
          ))}
          .
        </>
      ) : (
        <>
          You can find a helpline at{" "}
          <a href={HELPLINE_DIRECTORY_URL} className={linkClass}>
            findahelpline.com
          </a>
          .
        </>
      )}{" "}
      <CountryChooserLink help={help} className={linkClass} />.
    </>
  );
}
