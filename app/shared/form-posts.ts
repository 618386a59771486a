/**
 * Never in the HTML, so a form posted without scripts cannot carry it: with it, the action answers
 * data instead of a redirect.
 */
export const IN_PLACE_FIELD = "inPlace";

export function postedInPlace(form: FormData): boolean {
  return form.get(IN_PLACE_FIELD) === "1";
}

export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please try again.";
