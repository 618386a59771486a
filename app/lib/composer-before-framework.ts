/**
 * A conversation paints before the framework arrives, and until then Enter would only add a line:
 * the boot script posts the form instead (its token de-duplicates it). Once the framework marks its
 * form live, Enter is left to it, so only one of the two ever sends.
 */

export const COMPOSER_FORM_ATTRIBUTE = "data-composer";
export const COMPOSER_LIVE_ATTRIBUTE = "data-live";
/** Its text is on its way: the framework keeps it out of the draft and holds its start. */
export const COMPOSER_SENDING_ATTRIBUTE = "data-sending";

export function composerPostPending(doc: Document): boolean {
  return doc.querySelector(`form[${COMPOSER_SENDING_ATTRIBUTE}]`) !== null;
}

function composerBeforeFramework(element: EventTarget | null): HTMLFormElement | null {
  const form =
    element instanceof HTMLFormElement ? element : element instanceof HTMLTextAreaElement ? element.form : null;
  if (!form?.hasAttribute(COMPOSER_FORM_ATTRIBUTE) || form.hasAttribute(COMPOSER_LIVE_ATTRIBUTE)) return null;
  return form;
}

function hasSomethingToSend(form: HTMLFormElement): boolean {
  const text = form.querySelector("textarea");
  const file = form.querySelector<HTMLInputElement>('input[type="file"]');
  return (text?.value.trim() ?? "") !== "" || (file?.files?.length ?? 0) > 0;
}

/** `submit()` fires no submit event, so nothing else on the page sends it too. */
function post(form: HTMLFormElement): void {
  if (form.hasAttribute(COMPOSER_SENDING_ATTRIBUTE)) return;
  if (form.querySelector("textarea")?.readOnly || !hasSomethingToSend(form)) return;
  form.setAttribute(COMPOSER_SENDING_ATTRIBUTE, "");
  form.setAttribute("aria-busy", "true");
  form.querySelector("textarea")?.setAttribute("readonly", "");
  HTMLFormElement.prototype.submit.call(form);
}

/** In the capture phase, ahead of the framework's listeners: an event handled here is never handled twice. */
export function sendComposerBeforeFramework(doc: Document): void {
  const postFrom = (event: Event) => {
    const form = composerBeforeFramework(event.target);
    if (!form) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    post(form);
  };
  doc.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) postFrom(event);
    },
    true,
  );
  doc.addEventListener("submit", postFrom, true);
}
