import { useCrisisHelp } from "~/lib/crisis-help";
import { richList, richMessage } from "~/lib/rich-message";
import { m } from "~/paraglide/messages";
import { emergencyContact, HELPLINE_DIRECTORY_URL, lineContacts } from "~/shared/crisis-help";
import { CountryChooserLink } from "./country-chooser-link";

const DIRECTORY_NAME = new URL(HELPLINE_DIRECTORY_URL).hostname;

/** Only numbers that connect where the visitor is. */
export function EmergencyNumbersInline({
  linkClass,
  sentence = { call: m.crisis_inline_call, local: m.crisis_inline_call_local },
}: {
  linkClass: string;
  sentence?: { call: typeof m.crisis_inline_call; local: typeof m.crisis_inline_call_local };
}) {
  const help = useCrisisHelp();
  if (help.emergency.length === 0) return <>{sentence.local()}</>;
  const numbers = help.emergency.map((emergency) => {
    const contact = emergencyContact(emergency);
    const shown = contact.short ?? emergency.number;
    return {
      text: shown,
      node: (
        <a href={contact.href} className={linkClass}>
          {shown}
        </a>
      ),
    };
  });
  return <>{richMessage(sentence.call, { numbers: richList(numbers, "disjunction") })}</>;
}

export function CrisisLinesInline({ linkClass }: { linkClass: string }) {
  const help = useCrisisHelp();
  const lines = help.lines.map((line) => {
    const contacts = lineContacts(line).map((contact) => ({
      text: contact.label,
      node: (
        <a href={contact.href} className={linkClass}>
          {contact.label}
        </a>
      ),
    }));
    return {
      text: line.name,
      node: (
        <>
          {line.name} ({richList(contacts, "disjunction")})
        </>
      ),
    };
  });
  return (
    <>
      {lines.length > 0
        ? richMessage(m.crisis_inline_lines, { lines: richList(lines, "disjunction") })
        : richMessage(m.crisis_inline_directory, {
            directory: (
              <a href={HELPLINE_DIRECTORY_URL} className={linkClass}>
                {DIRECTORY_NAME}
              </a>
            ),
          })}{" "}
      <CountryChooserLink help={help} className={linkClass} />.
    </>
  );
}
