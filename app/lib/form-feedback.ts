import {
  ALERT_LOOK,
  ANNOUNCE_ERROR_ATTRIBUTE,
  FIELD_FRAME_ATTRIBUTE,
  FIELD_LOOK,
  FORM_ALERT_ATTRIBUTE,
} from "~/lib/field-look";

/**
 * Reading a form's fields and showing its problems from plain DOM code: the sign-in screens load no
 * framework, so their page script checks a form before it posts and shows the first problem the
 * way the server's answer shows it (the same markup as app/components/ui/form-controls.tsx). The
 * inputs keep their own values, so nothing typed is touched.
 */

/** A text field's value as the form would post it. */
export function formText(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === "string" ? value : "";
}

/** Moves focus to a named field of the form, for the first problem found. */
export function focusField(form: HTMLFormElement, name: string | null): void {
  if (!name) return;
  const element = form.elements.namedItem(name);
  if (element instanceof HTMLElement) element.focus();
}

/** The control a form field's problems belong to (an input, a select), or null. */
function controlOf(form: HTMLFormElement, name: string): HTMLInputElement | HTMLSelectElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element : null;
}

/**
 * Shows a field's error under it (null clears it): the control is marked invalid and described by
 * the error instead of its hint. A field whose frame announces errors reads it out as it appears.
 */
export function showFieldError(form: HTMLFormElement, name: string, message: string | null): void {
  const control = controlOf(form, name);
  const frame = control?.closest<HTMLElement>(`[${FIELD_FRAME_ATTRIBUTE}]`);
  if (!control || !frame) return;
  const errorId = `${control.id}-error`;
  const hint = frame.querySelector<HTMLElement>(`[id="${control.id}-hint"]`);
  const shown = frame.querySelector(`[id="${errorId}"]`);
  if (shown) frame.removeChild(shown);
  control.classList.toggle(FIELD_LOOK.invalidBorder, message !== null);
  control.classList.toggle(FIELD_LOOK.validBorder, message === null);
  if (message === null) {
    control.removeAttribute("aria-invalid");
    if (hint) {
      hint.hidden = false;
      control.setAttribute("aria-describedby", hint.id);
    } else control.removeAttribute("aria-describedby");
    return;
  }
  const error = document.createElement("p");
  error.id = errorId;
  error.className = FIELD_LOOK.error;
  if (frame.hasAttribute(ANNOUNCE_ERROR_ATTRIBUTE)) error.setAttribute("role", "alert");
  error.textContent = message;
  if (hint) hint.hidden = true;
  frame.appendChild(error);
  control.setAttribute("aria-invalid", "true");
  control.setAttribute("aria-describedby", errorId);
}

/** Shows a problem with the whole form at its top, read out as it appears (null clears it). */
export function showFormAlert(form: HTMLFormElement, message: string | null): void {
  const place = form.querySelector<HTMLElement>(`[${FORM_ALERT_ATTRIBUTE}]`);
  if (!place) return;
  place.replaceChildren();
  place.hidden = message === null;
  if (message === null) return;
  const alert = document.createElement("div");
  alert.setAttribute("role", "alert");
  alert.className = `${ALERT_LOOK.base} ${ALERT_LOOK.error}`;
  alert.textContent = message;
  place.appendChild(alert);
}

/** A problem found in a form: one field's, or the whole form's (field null). */
export type FormProblem = { field: string | null; message: string };

/** Shows a form's first problem in place of any shown before, and moves focus to its field. */
export function showProblem(form: HTMLFormElement, problem: FormProblem, fields: readonly string[]): void {
  for (const field of fields) showFieldError(form, field, field === problem.field ? problem.message : null);
  showFormAlert(form, problem.field === null ? problem.message : null);
  focusField(form, problem.field);
}
