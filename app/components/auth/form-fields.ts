/**
 * Reading the auth forms' uncontrolled fields. The inputs keep their own values (so text typed
 * before the page's scripts ran survives hydration); the scripts read them from the form itself.
 */
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
