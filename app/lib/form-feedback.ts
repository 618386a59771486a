import {
  ALERT_LOOK,
  ANNOUNCE_ERROR_ATTRIBUTE,
  CRISIS_LINE_TEMPLATE_ATTRIBUTE,
  FIELD_FRAME_ATTRIBUTE,
  FIELD_LOOK,
  FORM_ALERT_ATTRIBUTE,
} from "~/lib/field-look";

/** The same markup as app/components/ui/form-controls.tsx; inputs keep their values, so nothing typed is touched. */

export function formText(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === "string" ? value : "";
}

export function focusField(form: HTMLFormElement, name: string | null): void {
  if (!name) return;
  const element = form.elements.namedItem(name);
  if (element instanceof HTMLElement) element.focus();
}

function controlOf(form: HTMLFormElement, name: string): HTMLInputElement | HTMLSelectElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element : null;
}

/** A field whose frame announces errors reads it out as it appears. */
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

/** With `crisisLine`, the form's copy of the crisis line goes beside a refusal that turns the visitor away. */
export function showFormAlert(
  form: HTMLFormElement,
  message: string | null,
  { crisisLine = false } = {},
): HTMLElement | null {
  const place = form.querySelector<HTMLElement>(`[${FORM_ALERT_ATTRIBUTE}]`);
  if (!place) return null;
  place.replaceChildren();
  place.hidden = message === null;
  if (message === null) return null;
  const alert = document.createElement("div");
  alert.setAttribute("role", "alert");
  alert.tabIndex = -1;
  alert.className = `${ALERT_LOOK.base} ${ALERT_LOOK.error} ${ALERT_LOOK.focus}`;
  alert.textContent = message;
  const line = crisisLine
    ? form.querySelector<HTMLTemplateElement>(`template[${CRISIS_LINE_TEMPLATE_ATTRIBUTE}]`)
    : null;
  if (line) alert.appendChild(line.content.cloneNode(true));
  place.appendChild(alert);
  return alert;
}

export type FormProblem = { field: string | null; message: string };

/** On a phone the alert may be far above the button just pressed. */
export function showProblem(
  form: HTMLFormElement,
  problem: FormProblem,
  fields: readonly string[],
  { crisisLine = false } = {},
): void {
  for (const field of fields) showFieldError(form, field, field === problem.field ? problem.message : null);
  const alert = showFormAlert(form, problem.field === null ? problem.message : null, { crisisLine });
  if (alert) alert.focus();
  else focusField(form, problem.field);
}
