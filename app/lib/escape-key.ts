/**
 * Who an Escape press belongs to. Escape closes the thing on top: a modal dialog (the
 * browser's own), else the most recently opened menu. Only a press that nothing closed belongs to
 * Quick exit (three of those leave the site), so someone closing things never leaves by accident.
 *
 * The rule for anything that closes on Escape: close it in a keydown listener on `document` (or
 * below, React's handlers included) and call `preventDefault()`; Quick exit listens on `window`,
 * after them, and ignores a press whose default was prevented (or whose propagation was stopped).
 * Menus use `useCloseOnEscape` (app/hooks), which does this for them.
 */

type Layer = { close: () => void; panel: () => HTMLElement | null };

/** The menus open now, oldest first; Escape closes the newest one that is on the screen. */
const openLayers: Layer[] = [];

/** A menu left open in a part the layout no longer shows (the phone menu on a widened window). */
function isShown(layer: Layer): boolean {
  const panel = layer.panel();
  return panel !== null && panel.getClientRects().length > 0;
}

/**
 * Whether the browser itself will close something on this Escape: an open modal dialog (the report
 * and block dialogs, the inactivity warning) or an auto popover. It does so after the key's
 * listeners have run, so they still see it open.
 */
function browserClosesOnEscape(): boolean {
  for (const selector of ["dialog:modal", "[popover]:not([popover=manual]):popover-open"]) {
    try {
      if (document.querySelector(selector)) return true;
    } catch {
      // A browser that does not know the selector has nothing of that kind open.
    }
  }
  return false;
}

/** Whether something already took this Escape press for itself. */
export function escapeWasConsumed(event: KeyboardEvent): boolean {
  return event.defaultPrevented || browserClosesOnEscape();
}

function closeTopLayer(event: KeyboardEvent): void {
  if (event.key !== "Escape" || event.isComposing || event.defaultPrevented) return;
  // A modal dialog makes the page under it inert: this press is the dialog's.
  if (browserClosesOnEscape()) return;
  const layer = openLayers.findLast(isShown);
  if (!layer) return;
  event.preventDefault();
  layer.close();
}

/**
 * Registers an open menu (`panel` answers the element it shows); Escape closes the newest first.
 * Answers the function that removes it.
 */
export function openEscapeLayer(close: () => void, panel: () => HTMLElement | null): () => void {
  const layer = { close, panel };
  openLayers.push(layer);
  if (openLayers.length === 1) document.addEventListener("keydown", closeTopLayer);
  return () => {
    const index = openLayers.indexOf(layer);
    if (index !== -1) openLayers.splice(index, 1);
    if (openLayers.length === 0) document.removeEventListener("keydown", closeTopLayer);
  };
}

/**
 * Where focus goes when a menu closes on Escape: back to its button when it was inside the menu
 * (which is about to be hidden) or nowhere; left alone when the person had put it somewhere else.
 */
export function returnFocusOnEscape(container: HTMLElement | null, button: HTMLElement | null): void {
  const focused = document.activeElement;
  if (!focused || focused === document.body || container?.contains(focused)) button?.focus();
}
