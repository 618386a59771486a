import { Fragment } from "react";
import { CRISIS_LINE_LEAD, FIRST_CRISIS_CONTACTS, FIRST_CRISIS_LINE_NAME } from "~/shared/crisis-resources";

/**
 * The crisis line in one sentence, with its tap-to-call and text links: beside a refusal that turns
 * a visitor away for now. Plain markup, so a page without the framework shows it from the server
 * and its script can copy it (see the sign-up form's template).
 */
export function CrisisLine() {
  return (
    <p className="mt-2">
      {CRISIS_LINE_LEAD} {FIRST_CRISIS_LINE_NAME}:{" "}
      {FIRST_CRISIS_CONTACTS.map((contact, index) => (
        <Fragment key={contact.href}>
          {index > 0 ? " · " : null}
          <a href={contact.href} className="font-semibold underline underline-offset-2 hover:decoration-2">
            {contact.label}
          </a>
        </Fragment>
      ))}
    </p>
  );
}
