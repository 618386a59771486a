/**
 * Enter sends from the first paint. A conversation paints before the framework arrives
 * (app/lib/framework-after-paint.ts), and until the framework's composer takes over its form is the
 * browser's: Enter would only add a line. The page's inline boot script makes Enter post that form,
 * which the page's action stores like a socket send (the form token de-duplicates it), and shows it as
 * sending until the page comes back with the message in it. Once the framework's composer marks its
 * form live, Enter is left to it: one of the two ever sends a message.
 */

/** On the composer's form, as the server renders it. */
export const COMPOSER_FORM_ATTRIBUTE = "data-composer";
/** Set by the framework's composer on its form once its own handlers run (from then on, it sends). */
export const COMPOSER_LIVE_ATTRIBUTE = "data-live";
/**
 * Set on the form by the page's script as it posts it. Its text is then on its way: the framework,
 * if it arrives before the page comes back, keeps it out of the draft, and its start is held.
 */
export const COMPOSER_SENDING_ATTRIBUTE = "data-sending";

/** Whether the framework may start now: not while the composer's post is on its way. */
export function composerPostPending(doc: Document): boolean {
  return doc.querySelector(`form[${COMPOSER_SENDING_ATTRIBUTE}]`) !== null;
}

/** The composer's form `element` belongs to, while the page's own script still answers for it. */
function composerBeforeFramework(element: EventTarget | null): HTMLFormElement | null {
  const form =
    element instanceof HTMLFormElement ? element : element instanceof HTMLTextAreaElement ? element.form : null;
  if (!form?.hasAttribute(COMPOSER_FORM_ATTRIBUTE) || form.hasAttribute(COMPOSER_LIVE_ATTRIBUTE)) return null;
  return form;
}

/** Whether the form holds something to send: text that is not only spaces, or a chosen picture. */
function hasSomethingToSend(form: HTMLFormElement): boolean {
  const text = form.querySelector("textarea");
  const file = form.querySelector<HTMLInputElement>('input[type="file"]');
  return (text?.value.trim() ?? "") !== "" || (file?.files?.length ?? 0) > 0;
}

/**
 * Posts the composer's form once. Its textarea turns read-only and the form shows it is sending
 * (app/components/chat/composer.tsx draws that from the attribute, so the server's markup is
 * unchanged and the framework hydrates it as it is). `submit()` fires no submit event: nothing else
 * on the page sends it too.
 */
function post(form: HTMLFormElement): void {
  if (form.hasAttribute(COMPOSER_SENDING_ATTRIBUTE)) return;
  if (form.querySelector("textarea")?.readOnly || !hasSomethingToSend(form)) return;
  form.setAttribute(COMPOSER_SENDING_ATTRIBUTE, "");
  form.setAttribute("aria-busy", "true");
  form.querySelector("textarea")?.setAttribute("readonly", "");
  HTMLFormElement.prototype.submit.call(form);
}

/**
 * Installed by the boot script in <head>, on the document in the capture phase and so ahead of the
 * framework's own listeners: an event handled here is stopped, never handled twice. Enter (without
 * Shift, outside an input method's composition) and Send both make the one post; a second while it
 * is on its way posts nothing more.
 */
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
