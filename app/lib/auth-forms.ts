import { emailProblem, type FormError, firstNewPasswordError, firstSignInError } from "~/shared/auth-rules";
import { type FormProblem, formText, showFieldError, showProblem } from "./form-feedback";
import { startPasswordToggles } from "./password-toggle";

/**
 * The sign-in screens load no framework: each form works without scripts; with them it is checked
 * by the server's rules first.
 */

export const AUTH_FORM_ATTRIBUTE = "data-auth-form";
export const BUSY_LABEL_ATTRIBUTE = "data-busy-label";

type CheckedForm = { fields: readonly string[]; check: (form: HTMLFormElement) => FormProblem | null };

const value = (form: HTMLFormElement) => (name: string) => formText(form, name);

const CHECKED_FORMS = {
  "sign-in": {
    fields: ["email", "password"],
    check: (form) => {
      const text = value(form);
      return firstSignInError({ email: text("email"), password: text("password") });
    },
  },
  recover: {
    fields: ["email"],
    check: (form) => {
      const message = emailProblem(formText(form, "email"));
      return message ? ({ field: "email", message } satisfies FormError<"email">) : null;
    },
  },
  "new-password": {
    fields: ["password", "confirmPassword"],
    check: (form) => {
      const text = value(form);
      return firstNewPasswordError({ password: text("password"), confirmPassword: text("confirmPassword") });
    },
  },
} satisfies Record<string, CheckedForm>;

export type CheckedFormKind = keyof typeof CHECKED_FORMS;

export function showBusy(form: HTMLFormElement, busy: boolean): void {
  const button = form.querySelector<HTMLButtonElement>(`button[type="submit"][${BUSY_LABEL_ATTRIBUTE}]`);
  if (!button) return;
  if (busy && button.dataset.idleLabel === undefined) button.dataset.idleLabel = button.textContent ?? "";
  button.disabled = busy;
  const label = busy ? button.getAttribute(BUSY_LABEL_ATTRIBUTE) : button.dataset.idleLabel;
  if (label !== null && label !== undefined) button.textContent = label;
}

export function clearErrorsOnEdit(form: HTMLFormElement, fields: readonly string[]): void {
  for (const field of fields) {
    const control = form.elements.namedItem(field);
    if (!(control instanceof HTMLElement)) continue;
    const clear = () => {
      if (control.getAttribute("aria-invalid") === "true") showFieldError(form, field, null);
    };
    control.addEventListener("input", clear);
    control.addEventListener("change", clear);
  }
}

function startCheckedForm(form: HTMLFormElement, { fields, check }: CheckedForm): void {
  let busy = false;
  clearErrorsOnEdit(form, fields);
  form.addEventListener("submit", (event) => {
    // A second press would only post again.
    if (busy) return event.preventDefault();
    const problem = check(form);
    if (problem) {
      event.preventDefault();
      return showProblem(form, problem, fields);
    }
    busy = true;
    showBusy(form, true);
  });
  // Back to a page the browser kept: the post is over.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    busy = false;
    showBusy(form, false);
  });
}

const started = new WeakSet<HTMLFormElement>();

/** Sign-up's starter lives with its picture's upload. */
export function startAuthForms(
  root: Document | HTMLElement,
  starters: Record<string, (form: HTMLFormElement) => void> = {},
): void {
  startPasswordToggles(root);
  for (const form of root.querySelectorAll<HTMLFormElement>(`form[${AUTH_FORM_ATTRIBUTE}]`)) {
    if (started.has(form)) continue;
    const kind = form.getAttribute(AUTH_FORM_ATTRIBUTE) ?? "";
    const checked = (CHECKED_FORMS as Record<string, CheckedForm>)[kind];
    const start = checked ? (target: HTMLFormElement) => startCheckedForm(target, checked) : starters[kind];
    if (!start) continue;
    started.add(form);
    start(form);
  }
}
