/**
 * How a page's script posts a form to its route action and stays where it is. Without scripts the
 * browser posts the form itself and the action answers as a page does (a redirect after a write, so
 * a reload never posts again); a script posting through a fetcher adds this field, and the action
 * answers with data the form shows in place. The field is never in the HTML, so a form posted
 * without scripts cannot carry it.
 */
export const IN_PLACE_FIELD = "inPlace";

export function postedInPlace(form: FormData): boolean {
  return form.get(IN_PLACE_FIELD) === "1";
}

/** What a post whose body is not a form (JSON, broken multipart, another type, nothing) is told. */
export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please try again.";
